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
import { createRedisStores, type RedisKeyStores } from '../../adapters/redis-store/redis-stores.js';
import { RedisStoreLossWatch } from '../../adapters/redis-store/store-loss.js';
import { token, TOKENS } from '../tokens.js';
import { StoreGuard } from '../../adapters/redis-store/guard.js';
import { KEYS, STORE_GUARD } from '../tokens/keys.js';
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
      // Only a shared store can lose its data under a running instance; memory state dies with the process.
      if (config.redisUrl !== null || options.stores?.health.durable) {
        readiness.register({
          name: 'shared store data',
          check: async () => {
            const loss = lossWatch(registry.resolve(KEY_SERVICES).deps.stores);
            return loss ? loss.health() : { status: 'ready', detail: 'these stores keep no epoch markers' };
          },
        });
      }
      for (const name of ['auth configuration', 'shared counter store']) {
        readiness.register({
          name,
          check: async () => {
            const check = registry.resolve(KEY_SERVICES).readinessChecks.find((c) => c.name === name);
            return check ? check.check() : { status: 'unavailable', detail: 'not wired' };
          },
        });
      }
    },
    async start(resolve) {
      const stores = resolve(KEY_SERVICES).deps.stores as KeyStores & { connected?: () => Promise<boolean> };
      // Bounded: the Redis client gives up the first attempt after its connect timeout and keeps retrying in the background.
      const logger = resolve(TOKENS.Logger);
      if (stores.connected && !(await stores.connected())) {
        logger.warn('shared store unreachable at start; serving 503 store_unavailable until it answers', { store: stores.health.name });
      }
      lossWatch(stores)?.start(
        (event) => logger.error('the shared store lost its data; security state written back, readiness reports it (docs/operations.md)', { ...event }),
        // An unreachable store is reported by readiness and 503s; the next check tries again.
        () => {},
      );
    },
    async stop(resolve) {
      lossWatch(resolve(KEY_SERVICES).deps.stores)?.stop();
      await resolve(KEY_SERVICES).deps.stores.close();
    },
  };
}

/** The store-loss watch of Redis stores (the memory store has none: it lives and dies with the process). */
function lossWatch(stores: KeyStores): RedisStoreLossWatch | null {
  const loss = (stores as Partial<RedisKeyStores>).loss;
  return loss instanceof RedisStoreLossWatch ? loss : null;
}

export const keysModule = createKeysModule();
