import type { AuditStore } from './audit-store.js';
import type { CounterStore } from './counter-store.js';
import type { KeyStore } from './key-store.js';
import type { KillSwitchStore } from './kill-switch-store.js';
import type { StoreHealth } from './store-health.js';
import type { UsageStore } from './usage-store.js';

/** The set of stores one backend (memory or Redis) provides. */
export interface KeyStores {
  keys: KeyStore;
  counters: CounterStore;
  audit: AuditStore;
  killSwitches: KillSwitchStore;
  usage: UsageStore;
  health: StoreHealth;
  close(): Promise<void>;
}
