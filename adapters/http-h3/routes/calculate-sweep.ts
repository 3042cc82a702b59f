import { defineRoute } from '../route.js';
import { SweepRequestSchema, SweepResponseSchema } from '../../../core/api/schemas/sweep.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/calculate/sweep',
  operationId: 'calculateSweep',
  summary: 'Describe outputs exactly as one input varies (benefit cliffs, marginal rates)',
  description:
    'Tenet extension (docs/sweep.md). A CalculateRequest plus axis {input, from, to, person?}: each output comes back as exact segments {from, to, value, slope} and breakpoints {at, before, after, rule_id, sources}, found from the compiled formulas, not by sampling; money is exact to the cent. Charged 10 compute units besides the request. 400 invalid_request for a bad axis, an input the outputs depend on nonlinearly (a product or quotient of two values that both change with it) or a description over the limits (5,000 segments per output, 20,000 evaluation steps); 422 when no compiled package matches.',
  tags: ['calculation'],
  extension: 'docs/sweep.md (issue #16)',
  auth: { scope: 'calculate:run' },
  body: SweepRequestSchema,
  responses: { 200: SweepResponseSchema },
  errors: ['invalid_household', 'unsupported_program', 'runtime_error'],
  // The use case charges the sweep's units through the calculation service's meter, as calculate and batch do.
  needs: (app) => ({ sweeps: app.calculation.sweeps }),
  handler: async ({ body, principal }, { sweeps }) => sweeps.sweep(body, principal),
});
