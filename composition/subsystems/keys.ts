/**
 * The keys subsystem: memory stores by default, Redis stores when REDIS_URL is set; the full gate (which is also
 * the trial compute meter), the key-administration use-case dependencies, and the readiness checks for "auth
 * configuration" and "shared counter store" (and "shared store data" over a shared store, which can lose its data
 * under a running instance: adapters/redis-store/store-loss.ts).
 */
import type { KeysSettings } from '../../adapters/keys/settings.js';
import { createMemoryStores } from '../../adapters/memory-store/memory-stores.js';
import { createRedisStores } from '../../adapters/redis-store/redis-stores.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { KeyAuthGate } from '../../core/usecases/auth/key-auth-gate.js';
import type { KeysDeps } from '../../core/usecases/keys/context.js';
import { readinessId, type Platform } from '../platform.js';
import type { Lifecycle } from './lifecycle.js';
import { createKeyServices } from './key-services.js';

/** The keys subsystem's readiness checks; until it is built the app checks the environment-key gate (app.ts). */
export const KEYS_READY = {
  auth: readinessId('auth configuration'),
  counters: readinessId('shared counter store'),
  storeData: readinessId('shared store data'),
};

export interface KeysOptions {
  settings?: Partial<KeysSettings>;
  /** Use these stores instead of building them from REDIS_URL (tests). */
  stores?: KeyStores;
  now?: () => number;
}

export interface Keys extends Lifecycle {
  /** The full AuthGate; it also meters trial compute units. */
  readonly gate: KeyAuthGate;
  /** What the key-administration and trial routes use. */
  readonly deps: KeysDeps;
}

export function buildKeys(platform: Platform, options: KeysOptions = {}): Keys {
  const { config, logger, readiness } = platform;
  const settings = { ...config.settings.keys, ...options.settings };
  const stores =
    options.stores ??
    (config.redisUrl === null
      ? createMemoryStores()
      : createRedisStores({
          url: config.redisUrl,
          prefix: settings.redisKeyPrefix,
          commandTimeoutMs: settings.redisCommandTimeoutMs,
          lossNotReadyMs: settings.redisLossNotReadyMs,
          logger,
          guard: platform.storeGuard,
        }));
  const services = createKeyServices({
    stores,
    environmentKeys: config.serviceApiKeys,
    cache: { revocationWindowMs: settings.revocationWindowMs, propagationMs: settings.propagationMs },
    killSwitchCacheMs: settings.killSwitchCacheMs,
    trialCaps: { perClientPerDay: settings.trialPerClientPerDay, globalPerDay: settings.trialGlobalPerDay },
    now: options.now,
  });
  readiness.register({ id: KEYS_READY.auth, check: services.readiness.auth });
  readiness.register({ id: KEYS_READY.counters, check: services.readiness.counters });
  // Only a shared store can lose its data under a running instance; memory state dies with the process.
  if (config.redisUrl !== null || stores.health.durable) {
    readiness.register({
      id: KEYS_READY.storeData,
      check: async () => stores.shared?.loss.health() ?? { status: 'ready', detail: 'these stores keep no epoch markers' },
    });
  }
  return {
    name: 'keys',
    gate: services.gate,
    deps: services.deps,
    start: () => watchSharedStore(stores, platform),
    async stop() {
      stores.shared?.loss.stop();
      await stores.close();
    },
  };
}

/** Connects a shared store (bounded by its connect timeout) and watches it for lost data. */
async function watchSharedStore(stores: KeyStores, { logger }: Platform): Promise<void> {
  const { shared, health } = stores;
  if (shared === undefined) return;
  if (!(await shared.connected())) {
    logger.warn('shared store unreachable at start; serving 503 store_unavailable until it answers', { store: health.name });
  }
  shared.loss.start(
    (event) => logger.error('the shared store lost its data; security state written back, readiness reports it (docs/operations.md)', { ...event }),
    // An unreachable store is reported by readiness and 503s; the next check tries again.
    () => {},
  );
}
