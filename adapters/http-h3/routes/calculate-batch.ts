import { LIMITS } from '../../../core/usecases/calculate/request.js';
import { defineRoute } from '../route.js';
import { batchRequestSchema, BatchResponseSchema } from '../../../core/api/schemas/calculation.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/calculate/batch',
  operationId: 'calculateBatch',
  summary: `Calculate up to ${LIMITS.batch} households synchronously`,
  description:
    'Every entry is checked before any runs; an invalid entry fails the whole request with 400 naming it positionally (requests[i]...). Entries run concurrently; an entry that fails (unsupported_program, invalid_household, runtime_error) becomes an error entry at its position.',
  tags: ['calculation'],
  auth: { scope: 'calculate:run' },
  body: batchRequestSchema(LIMITS.batch),
  responses: { 200: BatchResponseSchema },
  // The use case checks every entry's variables, charges one unit per entry, then runs them.
  needs: (app) => ({ calculation: app.calculation.calculation, json: app.calculationJson }),
  handler: async ({ body, principal }, { calculation, json }) => json.batch(await calculation.batch(body.requests, principal)),
});
