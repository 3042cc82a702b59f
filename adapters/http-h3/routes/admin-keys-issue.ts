import { issueAdminKey, type IssueKeyInput } from '../../../core/usecases/keys/issue-admin-key.js';
import { defineRoute } from '../route.js';
import { IssueKeyRequestSchema, IssuedKeySchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/admin/keys',
  operationId: 'issueApiKey',
  summary: 'Issue an API key',
  description:
    'The raw key is returned once; only its sha256 is stored. The key authenticates on every instance within about 15 seconds. ' +
    '`durable` is true only with the shared Redis store. 409 key_id_conflict when the id is taken (including environment key ids).',
  tags: ['keys'],
  auth: { scope: 'admin:keys' },
  body: IssueKeyRequestSchema,
  successStatus: 201,
  responses: { 201: IssuedKeySchema },
  errors: ['invalid_request', 'key_id_conflict', 'store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: ({ body, principal, clientIp, requestId }, { keys }) =>
    issueAdminKey(keys, body as IssueKeyInput, { actor: principal?.key_id ?? null, client: clientIp, request_id: requestId }),
});
