import { getRuntimePackageGraph } from '../../../core/usecases/read/runtime-packages.js';
import { defineRoute } from '../route.js';
import { GraphResponseSchema, PackageParamsSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/runtime/packages/:jurisdiction/**:program_id/graph',
  operationId: 'getRuntimePackageGraph',
  summary: "A runtime package's compiled rule dependency graph",
  description: '404 when the package is unknown or has no compiled graph (fixture packages have none).',
  tags: ['runtime'],
  auth: { scope: 'rules:read' },
  params: PackageParamsSchema,
  responses: { 200: GraphResponseSchema },
  errors: ['not_found'],
  needs: (app) => ({ runtime: app.read.runtime }),
  handler: ({ params }, { runtime }) => getRuntimePackageGraph(runtime, params.jurisdiction, params.program_id),
});
