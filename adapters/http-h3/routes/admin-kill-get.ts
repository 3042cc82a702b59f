import { readKillSwitches } from '../../../core/usecases/keys/kill-switches.js';
import { defineRoute } from '../route.js';
import { KillSwitchViewSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/kill',
  operationId: 'getKillSwitches',
  summary: 'Trial kill-switch state',
  description: 'Requires admin:keys. `switches.trial_traffic` and `switches.trial_mint`, each with engaged, reason, updated_at and updated_by.',
  tags: ['admin'],
  auth: { scope: 'admin:keys' },
  responses: { 200: KillSwitchViewSchema },
  errors: ['store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: (_ctx, { keys }) => readKillSwitches(keys),
});
