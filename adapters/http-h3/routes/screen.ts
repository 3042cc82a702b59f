import { defineRoute } from '../route.js';
import { ScreenRequestSchema, ScreenResponseSchema } from '../../../core/api/schemas/screen.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/screen',
  operationId: 'screen',
  summary: 'Screen a household for every program of a jurisdiction in one evaluation',
  description:
    'Tenet extension (docs/screening.md). Every screenable program bundled for the jurisdiction (or those named) runs on one household in one evaluation, links between programs computed once (SNAP eligibility read by Lifeline, school meals and WIC). Per program: status (eligible, ineligible, undetermined where a fact not given decides it), amount and period, recipients, the deciding rule with its sources, links used, assumptions, warnings, package and digest; totals by kind; next questions on request. Each program\'s figures equal POST /v1/calculate of that program for the same household. Charged one compute unit per program screened.',
  tags: ['calculation'],
  extension: 'docs/screening.md (issue #29)',
  auth: { scope: 'calculate:run' },
  body: ScreenRequestSchema,
  responses: { 200: ScreenResponseSchema },
  errors: ['invalid_household', 'unsupported_program', 'runtime_error'],
  needs: (app) => ({ screens: app.calculation.screens }),
  handler: async ({ body, principal }, { screens }) => screens.screen(body, principal),
});
