import { listRuntimePackages } from '../../../core/usecases/read/runtime-packages.js';
import { defineRoute } from '../route.js';
import { PackagesResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/runtime/packages',
  operationId: 'listRuntimePackages',
  summary: 'List executable runtime packages',
  tags: ['runtime'],
  auth: { scope: 'rules:read' },
  responses: { 200: PackagesResponseSchema },
  needs: (app) => ({ runtime: app.read.runtime }),
  handler: (_ctx, { runtime }) => listRuntimePackages(runtime),
});
