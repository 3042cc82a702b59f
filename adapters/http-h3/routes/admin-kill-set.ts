import { setKillSwitch } from '../../../core/usecases/keys/kill-switches.js';
import { defineRoute } from '../route.js';
import { KillSwitchRequestSchema, KillSwitchViewSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/admin/kill',
  operationId: 'setKillSwitch',
  summary: 'Engage or release a trial kill switch (audited)',
  description:
    'Requires admin:keys. Engaged trial_mint: POST /v1/keys/trial answers 503 trial_mint_disabled. Engaged trial_traffic: every request ' +
    'authenticated with a trial key answers 403 trial_traffic_disabled. Other instances apply a change within a few seconds (kill-switch cache, default 2 s).',
  tags: ['admin'],
  auth: { scope: 'admin:keys' },
  body: KillSwitchRequestSchema,
  responses: { 200: KillSwitchViewSchema },
  errors: ['invalid_request', 'store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: ({ body, principal, clientIp, requestId }, { keys }) =>
    setKillSwitch(keys, body, { actor: principal?.key_id ?? null, client: clientIp, request_id: requestId }),
});
