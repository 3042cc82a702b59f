import { health } from '../../../core/usecases/health.js';
import { defineRoute } from '../route.js';
import { HealthResponseSchema } from '../../../core/api/schemas/common.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/health',
  operationId: 'getHealth',
  summary: 'Liveness: 200 whenever the process serves requests (no dependency checks)',
  tags: ['operations'],
  auth: 'public',
  responses: { 200: HealthResponseSchema },
  handler: () => health(),
});
