import type { KillSwitchName, KillSwitchState, KillSwitches } from '../domain/keys/kill-switch.js';

export interface KillSwitchStore {
  read(): Promise<KillSwitches>;
  write(name: KillSwitchName, state: KillSwitchState): Promise<void>;
}
