/** What the key-administration use cases share. */
import type { TrialIssuanceCaps } from '../../domain/keys/trial-policy.js';
import type { KeyStores } from '../../ports/key-stores.js';
import type { ThrottlePolicy } from '../auth/failed-auth-throttle.js';
import type { KeyRegistry } from '../auth/key-registry.js';
import type { KillSwitchReader } from '../auth/kill-switch-reader.js';

export interface KeysDeps {
  stores: KeyStores;
  registry: KeyRegistry;
  killSwitches: KillSwitchReader;
  /** Cryptographically secure random bytes. */
  random: (bytes: number) => Uint8Array;
  now: () => number;
  trialCaps: TrialIssuanceCaps;
  /** The failed-authentication throttle the gate applies; a throttled client cannot mint trial keys either. */
  throttle: ThrottlePolicy;
}

/** Who did it, for the audit trail. */
export interface ActionContext {
  /** Key id of the caller; null for public actions (trial issuance). */
  actor: string | null;
  client: string | null;
  request_id: string;
}
