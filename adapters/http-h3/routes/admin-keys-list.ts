import { listKeys } from '../../../core/usecases/keys/list-keys.js';
import { defineRoute } from '../route.js';
import { KeyListSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/keys',
  operationId: 'listApiKeys',
  summary: 'List API key metadata (never key values or hashes)',
  tags: ['keys'],
  auth: { scope: 'admin:keys' },
  responses: { 200: KeyListSchema },
  errors: ['store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: (_ctx, { keys }) => listKeys(keys),
});
