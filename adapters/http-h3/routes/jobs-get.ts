import { defineRoute } from '../route.js';
import { JobParamsSchema, JobRecordSchema } from '../../../core/api/schemas/calculation.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/jobs/:job_id',
  operationId: 'getCalculationJob',
  summary: 'Poll a calculation job',
  description: 'Visible only to the key that created the job; unknown ids and other keys\' ids both give 404. 503 store_unavailable when the job store is unreachable. ' +
    '410 job_lost for an id not in the store when the store lost its data within the 24-hour job retention (the job must be submitted again).',
  tags: ['calculation'],
  auth: { scope: 'calculate:run' },
  params: JobParamsSchema,
  responses: { 200: JobRecordSchema },
  errors: ['not_found', 'job_lost', 'store_unavailable'],
  needs: (app) => ({ jobs: app.calculation.jobs }),
  handler: async ({ params, principal }, { jobs }) => jobs.get(params.job_id, principal?.key_id ?? null),
});
