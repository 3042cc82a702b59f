import { requireReady } from '../../../core/usecases/health.js';
import { defineRoute } from '../route.js';
import { ReadyResponseSchema } from '../../../core/api/schemas/common.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/ready',
  operationId: 'getReadiness',
  summary: 'Readiness of auth configuration, shared counter store, rule index and calculation runtime',
  description: '200 only when every dependency is ready; otherwise 503 not_ready with the same data inside the error envelope.',
  tags: ['operations'],
  auth: 'public',
  responses: { 200: ReadyResponseSchema },
  errors: ['not_ready'],
  errorData: { not_ready: ReadyResponseSchema },
  needs: (app) => ({ readiness: app.readiness }),
  handler: (_ctx, { readiness }) => requireReady(readiness),
});
