import { LIMITS } from '../../../core/usecases/calculate/request.js';
import { defineRoute } from '../route.js';
import { batchRequestSchema, JobSubmissionSchema } from '../../../core/api/schemas/calculation.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/jobs/calculate',
  operationId: 'submitCalculationJob',
  summary: `Submit up to ${LIMITS.job} calculations as an asynchronous job`,
  description:
    'Entries are checked as for the batch endpoint, then the job is queued. `durable` is true when jobs live in Redis (any instance answers a poll and an unfinished job is resumed by a live instance); false when the job store is per-instance memory. Records are kept 24 hours. 503 store_unavailable when the job store is unreachable; a trial key then gets the entries\' compute units back.',
  tags: ['calculation'],
  auth: { scope: 'calculate:run' },
  body: batchRequestSchema(LIMITS.job),
  successStatus: 202,
  responses: { 202: JobSubmissionSchema },
  errors: ['store_unavailable'],
  // The use case checks, charges (giving the units back when the store cannot queue the job) and queues.
  needs: (app) => ({ jobs: app.calculation.jobs }),
  handler: async ({ body, principal }, { jobs }) => jobs.submit(body.requests, principal),
});
