import { defineRoute } from '../route.js';
import { RunIdParamsSchema, ValidationRunRecordSchema } from '../../../core/api/schemas/operations.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/validation/runs/:run_id',
  operationId: 'getValidationRun',
  summary: 'One validation run: its summary plus the rows and cases as published',
  description: 'Requires admin:analytics. 404 not_found for an unknown run or one past the 180-day retention.',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  params: RunIdParamsSchema,
  responses: { 200: ValidationRunRecordSchema },
  errors: ['not_found', 'store_unavailable'],
  needs: (app) => ({ runs: app.operations.validationRuns }),
  handler: ({ params }, { runs }) => runs.get(params.run_id),
});
