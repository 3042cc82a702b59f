import { defineRoute } from '../route.js';
import { ScreenSweepRequestSchema, ScreenSweepResponseSchema } from '../../../core/api/schemas/screen-sweep.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/screen/sweep',
  operationId: 'screenSweep',
  summary: 'Describe the benefits total and every program exactly as one input varies (cliffs across programs)',
  description:
    "Tenet extension (docs/screening.md \"Cliffs across programs\"). A screen's request plus axis {input?, person?, from, to}; axis.input left out sweeps earned_income of axis.person, else of the first person with earnings, else of the first adult (stated in assumptions). The screen's merged package is swept once, exactly (not sampled): the monthly total of cash and near-cash programs (an annual amount as a twelfth), each program's status and amount as segments and breakpoints, every breakpoint naming the program and the rule (sources in `rules`), and the cliffs where a program's status changes. Charged 10 compute units per program screened besides the request. 400 invalid_request for a bad axis or a description over the limits (25,000 segments, 40,000 evaluation steps); 422 for programs that cannot be screened.",
  tags: ['calculation'],
  extension: 'docs/screening.md "Cliffs across programs" (issue #29)',
  auth: { scope: 'calculate:run' },
  body: ScreenSweepRequestSchema,
  responses: { 200: ScreenSweepResponseSchema },
  errors: ['invalid_household', 'unsupported_program', 'runtime_error'],
  needs: (app) => ({ screenSweeps: app.calculation.screenSweeps }),
  handler: async ({ body, principal }, { screenSweeps }) => screenSweeps.sweep(body, principal),
});
