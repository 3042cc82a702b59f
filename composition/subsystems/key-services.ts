/**
 * Builds the keys subsystem (gate, meter, admin use-case deps, readiness checks) over one set of stores. This is
 * wiring, so it lives with the keys subsystem (keys.ts): the core keeps the use cases, each taking its ports as parameters.
 */
import { randomBytes } from 'node:crypto';
import type { EnvironmentKeyConfig } from '../../core/domain/config.js';
import { DEFAULT_TRIAL_CAPS, type TrialIssuanceCaps } from '../../core/domain/keys/trial-policy.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { ReadinessCheck } from '../../core/ports/readiness.js';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from '../../core/usecases/auth/failed-auth-throttle.js';
import { KeyAuthGate } from '../../core/usecases/auth/key-auth-gate.js';
import { KeyRegistry, type KeyCacheOptions } from '../../core/usecases/auth/key-registry.js';
import { DEFAULT_KILL_SWITCH_CACHE_MS, KillSwitchReader } from '../../core/usecases/auth/kill-switch-reader.js';
import type { KeysDeps } from '../../core/usecases/keys/context.js';

export interface KeyServicesOptions {
  stores: KeyStores;
  environmentKeys: readonly EnvironmentKeyConfig[];
  cache?: KeyCacheOptions;
  killSwitchCacheMs?: number;
  trialCaps?: Partial<TrialIssuanceCaps>;
  throttle?: ThrottlePolicy;
  now?: () => number;
  random?: (bytes: number) => Uint8Array;
}

export interface KeyServices {
  gate: KeyAuthGate;
  deps: KeysDeps;
  /** The subsystem's readiness checks, by what they check (keys.ts registers them under KEYS_READY). */
  readiness: { auth: ReadinessCheck['check']; counters: ReadinessCheck['check'] };
}

export function createKeyServices(options: KeyServicesOptions): KeyServices {
  const now = options.now ?? Date.now;
  const registry = new KeyRegistry(options.environmentKeys, options.stores.keys, options.cache);
  const killSwitches = new KillSwitchReader(options.stores.killSwitches, options.killSwitchCacheMs ?? DEFAULT_KILL_SWITCH_CACHE_MS);
  const gate = new KeyAuthGate({ registry, stores: options.stores, killSwitches, now, throttle: options.throttle });
  const deps: KeysDeps = {
    stores: options.stores,
    registry,
    killSwitches,
    random: options.random ?? ((n) => randomBytes(n)),
    now,
    trialCaps: { ...DEFAULT_TRIAL_CAPS, ...options.trialCaps },
    throttle: options.throttle ?? DEFAULT_THROTTLE,
  };
  const readiness = {
    auth: async () => stripName(await gate.health()),
    counters: () => storeHealth(options.stores),
  };
  return { gate, deps, readiness };
}

function stripName<T extends { name: string }>({ name: _name, ...rest }: T): Omit<T, 'name'> {
  return rest;
}

async function storeHealth(stores: KeyStores): Promise<{ status: 'ready' | 'unavailable'; detail: string }> {
  try {
    await stores.health.check();
    return { status: 'ready', detail: stores.health.durable ? `${stores.health.name} (shared)` : `${stores.health.name} (this instance only)` };
  } catch {
    return { status: 'unavailable', detail: `${stores.health.name} store unreachable` };
  }
}
