/** POST /v1/admin/keys/{key_id}/revoke: runtime revocation of a store or environment key. */
import { ServiceError } from '../../domain/errors.js';
import { recordAudit } from './audit-trail.js';
import type { ActionContext, KeysDeps } from './context.js';

export interface RevokeResult {
  id: string;
  revoked: boolean;
  durable: boolean;
  note: string;
}

export async function revokeKey(deps: KeysDeps, id: string, ctx: ActionContext): Promise<RevokeResult> {
  const at = new Date(deps.now()).toISOString();
  const durable = deps.stores.health.durable;
  const everywhere = durable ? 'Every instance refuses it within 30 seconds.' : 'Held in this instance\'s memory only; a restart forgets the revocation.';
  let note: string;
  let source: 'environment' | 'store';
  if (deps.registry.isEnvironmentKeyId(id)) {
    await deps.stores.keys.revokeEnvironmentKey(id, at);
    source = 'environment';
    note = `Environment key revoked at runtime. ${everywhere} To make it permanent, remove it from SERVICE_API_KEYS (the key registry) and redeploy.`;
  } else {
    if (!(await deps.stores.keys.revoke(id, at))) throw new ServiceError('not_found', `No API key with id ${id}.`);
    source = 'store';
    note = `Key revoked. ${everywhere}`;
  }
  deps.registry.forget(id);
  await recordAudit(deps, ctx, 'key.revoke', id, { source });
  return { id, revoked: true, durable, note };
}
