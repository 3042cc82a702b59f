import { listPrograms } from '../../../core/usecases/read/programs.js';
import { defineRoute } from '../route.js';
import { ProgramsResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/programs',
  operationId: 'listPrograms',
  summary: 'List programs',
  description:
    'One entry per program spec and per jurisdiction/program found in the rules. status: available (an executable package is ready), partial (a package exists but declares acknowledged-incomplete outputs or fails tests), planned (rules only).',
  tags: ['rules'],
  auth: { scope: 'rules:read' },
  responses: { 200: ProgramsResponseSchema },
  needs: (app) => ({ catalog: app.read.catalog, runtime: app.read.runtime }),
  handler: (_ctx, { catalog, runtime }) => listPrograms(catalog.current(), runtime),
});
