/**
 * Trial kill switches. Engaged `trial_mint` makes POST /v1/keys/trial answer 503 trial_mint_disabled;
 * engaged `trial_traffic` makes every request authenticated by a trial key answer 403 trial_traffic_disabled.
 */
export const KILL_SWITCHES = ['trial_traffic', 'trial_mint'] as const;
export type KillSwitchName = (typeof KILL_SWITCHES)[number];

export interface KillSwitchState {
  engaged: boolean;
  reason: string | null;
  updated_at: string | null;
  updated_by: string | null;
}

export type KillSwitches = Record<KillSwitchName, KillSwitchState>;

export const KILL_REASON_MAX = 500;

export function disengaged(): KillSwitchState {
  return { engaged: false, reason: null, updated_at: null, updated_by: null };
}

export function defaultKillSwitches(): KillSwitches {
  return { trial_traffic: disengaged(), trial_mint: disengaged() };
}

export function isKillSwitchName(value: string): value is KillSwitchName {
  return (KILL_SWITCHES as readonly string[]).includes(value);
}
