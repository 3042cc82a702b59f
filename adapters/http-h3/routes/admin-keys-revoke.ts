import { revokeKey } from '../../../core/usecases/keys/revoke-key.js';
import { defineRoute } from '../route.js';
import { KeyIdParamsSchema, RevokeResultSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/admin/keys/:key_id/revoke',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key at runtime',
  description:
    'No body. Takes effect on every instance within the 30-second revocation cache window. Environment keys can be revoked at runtime too; ' +
    'permanence requires removing them from SERVICE_API_KEYS. 404 not_found for an unknown key id.',
  tags: ['keys'],
  auth: { scope: 'admin:keys' },
  params: KeyIdParamsSchema,
  responses: { 200: RevokeResultSchema },
  errors: ['not_found', 'store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: ({ params, principal, clientIp, requestId }, { keys }) =>
    revokeKey(keys, params.key_id, { actor: principal?.key_id ?? null, client: clientIp, request_id: requestId }),
});
