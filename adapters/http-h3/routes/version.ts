import { version } from '../../../core/usecases/health.js';
import { TOKENS } from '../../../composition/tokens.js';
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
  needs: { config: TOKENS.Config },
  handler: (_ctx, { config }) => version(config.environment),
});
