import { getRuntimePackage } from '../../../core/usecases/read/runtime-packages.js';
import { defineRoute } from '../route.js';
import { PackageParamsSchema, PackageResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/runtime/packages/:jurisdiction/**:program_id',
  operationId: 'getRuntimePackage',
  summary: 'One runtime package: inputs, outputs, entities, aliases and a sample request',
  description: 'Jurisdiction comes first in the path. sample_request computes with the package as it is. Ids match exactly: a 404 suggests the closest package ids (TX -> us-tx).',
  tags: ['runtime'],
  auth: { scope: 'rules:read' },
  params: PackageParamsSchema,
  responses: { 200: PackageResponseSchema },
  errors: ['not_found'],
  needs: (app) => ({ runtime: app.read.runtime }),
  handler: ({ params }, { runtime }) => getRuntimePackage(runtime, params.jurisdiction, params.program_id),
});
