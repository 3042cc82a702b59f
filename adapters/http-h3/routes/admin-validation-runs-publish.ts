import { defineRoute } from '../route.js';
import { ValidationRunRequestSchema, ValidationRunSummarySchema } from '../../../core/api/schemas/operations.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/admin/validation/runs',
  operationId: 'publishValidationRun',
  summary: 'Publish a validation run (rows and per-case timings, stamped with version identity)',
  description:
    'Each row is one variable and needs `status`: covered, parity_match, parity_diff, drift_diff or uncovered (totals count them; every ' +
    'status but uncovered counts as covered). `avg_case_latency_ms` is the rounded mean of the cases\' `latency_ms`, null when none gives one. ' +
    '`contract_hash` is the sha256 prefix of the OpenAPI document this instance serves. Runs are kept 180 days.',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  body: ValidationRunRequestSchema,
  successStatus: 201,
  responses: { 201: ValidationRunSummarySchema },
  errors: ['invalid_request', 'store_unavailable'],
  needs: (app) => ({ runs: app.operations.validationRuns }),
  handler: ({ body }, { runs }) => runs.publish(body),
});
