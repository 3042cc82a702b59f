import { issueTrialKey } from '../../../core/usecases/keys/issue-trial-key.js';
import { defineRoute } from '../route.js';
import { RetryAfterDataSchema, TrialKeyRequestSchema, TrialKeySchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/keys/trial',
  operationId: 'issueTrialKey',
  summary: 'Issue a self-service trial key',
  description:
    'Public. Scopes rules:read, sources:read, graphs:read, calculate:run; 14-day expiry; 30 requests per minute; lifetime quota of ' +
    '10,000 compute units (1 per request plus 1 per calculation entry). The raw key appears only in this response. ' +
    '429 trial_issuance_limited when the per-client or global daily cap is reached; 429 auth_throttled while the client is throttled for failed authentication; 503 trial_mint_disabled while the trial_mint kill switch is engaged; ' +
    '503 store_unavailable when the shared key store is unreachable.',
  tags: ['keys'],
  auth: 'public',
  body: TrialKeyRequestSchema,
  successStatus: 201,
  responses: { 201: TrialKeySchema },
  errors: ['invalid_request', 'trial_issuance_limited', 'auth_throttled', 'trial_mint_disabled', 'store_unavailable'],
  errorData: { trial_issuance_limited: RetryAfterDataSchema, auth_throttled: RetryAfterDataSchema },
  needs: (app) => ({ keys: app.keys.deps }),
  handler: ({ body, clientIp, requestId }, { keys }) =>
    issueTrialKey(keys, body?.label === undefined ? {} : { label: body.label }, { actor: null, client: clientIp, request_id: requestId }),
});
