/** GET/POST /v1/admin/kill: read and set the trial kill switches; every change is audited. */
import type { KillSwitchName, KillSwitches } from '../../domain/keys/kill-switch.js';
import { recordAudit } from './audit-trail.js';
import type { ActionContext, KeysDeps } from './context.js';

export interface KillSwitchView {
  switches: KillSwitches;
  store: string;
}

export async function readKillSwitches(deps: Pick<KeysDeps, 'stores'>): Promise<KillSwitchView> {
  return { switches: await deps.stores.killSwitches.read(), store: deps.stores.health.name };
}

export async function setKillSwitch(
  deps: KeysDeps,
  input: { switch: KillSwitchName; engaged: boolean; reason: string },
  ctx: ActionContext,
): Promise<KillSwitchView> {
  const state = { engaged: input.engaged, reason: input.reason, updated_at: new Date(deps.now()).toISOString(), updated_by: ctx.actor };
  await deps.stores.killSwitches.write(input.switch, state);
  deps.killSwitches.invalidate();
  await recordAudit(deps, ctx, 'kill_switch.set', input.switch, { engaged: input.engaged, reason: input.reason });
  return readKillSwitches(deps);
}
