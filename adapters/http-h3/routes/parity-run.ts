import { runParity } from '../../../core/usecases/parity/run.js';
import { defineRoute } from '../route.js';
import { ParityRunResponseSchema } from '../../../core/api/schemas/parity.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/parity/run',
  operationId: 'runParityCases',
  summary: 'Run every runtime-supported parity case and compare the outputs with the expected ones',
  description:
    'No request body. Numbers match within the case tolerance (`tolerance.amount`, default exact). A different result carries the comparison and the full calculation trace; cases with runtime_supported false are listed in skipped_cases.',
  tags: ['parity'],
  auth: { scope: 'admin:parity' },
  responses: { 200: ParityRunResponseSchema },
  needs: (app) => ({ cases: app.parity.cases, calculation: app.calculation.calculation }),
  handler: (_ctx, { cases, calculation }) => runParity(cases.cases(), calculation),
});
