import type { AdmissionStore } from './admission-store.js';
import type { AuditStore } from './audit-store.js';
import type { CounterStore } from './counter-store.js';
import type { KeyStore } from './key-store.js';
import type { KillSwitchStore } from './kill-switch-store.js';
import type { SharedStoreLifecycle, StoreHealth } from './store-health.js';
import type { UsageStore } from './usage-store.js';

/** The set of stores one backend (memory or Redis) provides. */
export interface KeyStores {
  keys: KeyStore;
  counters: CounterStore;
  audit: AuditStore;
  killSwitches: KillSwitchStore;
  usage: UsageStore;
  /** Throttle read, rate-limit hit and usage of one request in one step (over `counters` and `usage`). */
  admission: AdmissionStore;
  health: StoreHealth;
  /** Present for a store shared by instances (Redis): its first connection and its data-loss watch. */
  shared?: SharedStoreLifecycle;
  close(): Promise<void>;
}
