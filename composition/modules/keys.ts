/**
 * Wires the keys subsystem into the composition root: memory stores by default, Redis stores when
 * REDIS_URL is set; the full AuthGate replaces the platform's environment-key gate; readiness checks
 * for "auth configuration" and "shared counter store" replace the platform defaults; "shared store data" reports a
 * Redis that lost its data (adapters/redis-store/store-loss.ts).
 */
import { createKeyServices, type KeyServices } from './key-services.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { PlatformModule } from '../platform-module.js';
import { createMemoryStores } from '../../adapters/memory-store/memory-stores.js';
import { createRedisStores } from '../../adapters/redis-store/redis-stores.js';
import { token, TOKENS } from '../tokens.js';
import { StoreGuard } from '../../adapters/redis-store/guard.js';
import { KEYS, KEYS_READY, STORE_GUARD } from '../tokens/keys.js';
import type { KeysSettings } from '../../adapters/keys/settings.js';

export { KEYS } from '../tokens/keys.js';
const KEY_SERVICES = token<KeyServices>('KeyServices');

export interface KeysModuleOptions {
  settings?: Partial<KeysSettings>;
  /** Use these stores instead of building them from REDIS_URL (tests). */
  stores?: KeyStores;
  now?: () => number;
}

export function createKeysModule(options: KeysModuleOptions = {}): PlatformModule {
  return {
    name: 'keys',
    needs: [TOKENS.Logger, TOKENS.Readiness],
    register(registry, config) {
      const settings = { ...config.settings.keys, ...options.settings };
      registry.factory(STORE_GUARD, () => new StoreGuard());
      registry.factory(KEY_SERVICES, (resolve) => {
        const stores =
          options.stores ??
          (config.redisUrl === null
            ? createMemoryStores()
            : createRedisStores({
                url: config.redisUrl,
                prefix: settings.redisKeyPrefix,
                commandTimeoutMs: settings.redisCommandTimeoutMs,
                lossNotReadyMs: settings.redisLossNotReadyMs,
                logger: resolve(TOKENS.Logger),
                guard: resolve(STORE_GUARD),
              }));
        return createKeyServices({
          stores,
          environmentKeys: config.serviceApiKeys,
          cache: { revocationWindowMs: settings.revocationWindowMs, propagationMs: settings.propagationMs },
          killSwitchCacheMs: settings.killSwitchCacheMs,
          trialCaps: { perClientPerDay: settings.trialPerClientPerDay, globalPerDay: settings.trialGlobalPerDay },
          now: options.now,
        });
      });
      registry.factory(TOKENS.AuthGate, (resolve) => resolve(KEY_SERVICES).gate);
      registry.factory(TOKENS.ComputeMeter, (resolve) => resolve(KEY_SERVICES).gate);
      registry.factory(KEYS, (resolve) => resolve(KEY_SERVICES).deps);
      const readiness = registry.resolve(TOKENS.Readiness);
      readiness.register({ id: KEYS_READY.auth, check: () => registry.resolve(KEY_SERVICES).readiness.auth() });
      readiness.register({ id: KEYS_READY.counters, check: () => registry.resolve(KEY_SERVICES).readiness.counters() });
      // Only a shared store can lose its data under a running instance; memory state dies with the process.
      if (config.redisUrl !== null || options.stores?.health.durable) {
        readiness.register({
          id: KEYS_READY.storeData,
          check: async () => registry.resolve(KEY_SERVICES).deps.stores.shared?.loss.health() ?? { status: 'ready', detail: 'these stores keep no epoch markers' },
        });
      }
    },
    async start(resolve) {
      const { shared, health } = resolve(KEY_SERVICES).deps.stores;
      if (shared === undefined) return;
      // Bounded: the Redis client gives up the first attempt after its connect timeout and keeps retrying in the background.
      const logger = resolve(TOKENS.Logger);
      if (!(await shared.connected())) {
        logger.warn('shared store unreachable at start; serving 503 store_unavailable until it answers', { store: health.name });
      }
      shared.loss.start(
        (event) => logger.error('the shared store lost its data; security state written back, readiness reports it (docs/operations.md)', { ...event }),
        // An unreachable store is reported by readiness and 503s; the next check tries again.
        () => {},
      );
    },
    async stop(resolve) {
      const { stores } = resolve(KEY_SERVICES).deps;
      stores.shared?.loss.stop();
      await stores.close();
    },
  };
}

export const keysModule = createKeysModule();
