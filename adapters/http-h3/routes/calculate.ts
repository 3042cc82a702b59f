import { defineRoute } from '../route.js';
import { CalculateRequestSchema, CalculateResponseSchema } from '../../../core/api/schemas/calculation.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/calculate',
  operationId: 'calculate',
  summary: 'Calculate outputs for one household, with an attribution trace',
  description:
    'Experimental: a non-empty `warnings` array means the result is not an authoritative determination. 400 invalid_household for semantic household problems (naming the input; a package input at the top level of the household is refused naming where it belongs, e.g. household.facts.household_size); 422 when no runtime package matches, suggesting the closest ids (TX -> us-tx) and GET /v1/runtime/packages; 502 when the engine fails or exceeds the per-calculation time limit. `package_digest` names exactly what ran.',
  tags: ['calculation'],
  auth: { scope: 'calculate:run' },
  body: CalculateRequestSchema,
  responses: { 200: CalculateResponseSchema },
  errors: ['invalid_household', 'unsupported_program', 'runtime_error'],
  // The use case checks the package and variables, charges the entry's compute units, then runs it.
  needs: (app) => ({ calculation: app.calculation.calculation, json: app.calculationJson }),
  handler: async ({ body, principal }, { calculation, json }) => json.response(await calculation.calculate(body, principal)),
});
