import { version } from '../../../core/usecases/health.js';
import { defineRoute } from '../route.js';
import { VersionResponseSchema } from '../../../core/api/schemas/common.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/version',
  operationId: 'getVersion',
  summary: 'API version and deployment environment',
  tags: ['operations'],
  auth: 'public',
  responses: { 200: VersionResponseSchema },
  needs: (app) => ({ config: app.config }),
  handler: (_ctx, { config }) => version(config.environment),
});
