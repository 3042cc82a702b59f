import { defineRoute } from '../route.js';
import { ValidationRunListSchema } from '../../../core/api/schemas/operations.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/validation/runs',
  operationId: 'listValidationRuns',
  summary: 'Validation run summaries, newest first (at most 200)',
  description: 'Requires admin:analytics, like publication (a documented choice: the spec leaves the read scope open).',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  responses: { 200: ValidationRunListSchema },
  errors: ['store_unavailable'],
  needs: (app) => ({ runs: app.operations.validationRuns }),
  handler: async (_ctx, { runs }) => ({ runs: await runs.list() }),
});
