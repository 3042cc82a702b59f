import { defineRoute } from '../route.js';
import { ParityCasesResponseSchema } from '../../../core/api/schemas/parity.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/parity/cases',
  operationId: 'listParityCases',
  summary: 'Parity cases: households with the outputs the calculation is expected to produce',
  description: 'Loaded at start-up from the PARITY_PATH folders (default: the bundled parity/ folder).',
  tags: ['parity'],
  auth: { scope: 'admin:parity' },
  responses: { 200: ParityCasesResponseSchema },
  needs: (app) => ({ cases: app.parity.cases }),
  handler: (_ctx, { cases }) => ({ cases: [...cases.cases()] }),
});
