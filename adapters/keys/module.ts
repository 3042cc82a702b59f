/**
 * Wires the keys subsystem into the composition root: memory stores by default, Redis stores when
 * REDIS_URL is set; the full AuthGate replaces the platform's environment-key gate; readiness checks
 * for "auth configuration" and "shared counter store" replace the platform defaults.
 */
import { createKeyServices, type KeyServices } from '../../core/usecases/keys/key-services.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { PlatformModule } from '../platform-module.js';
import { createMemoryStores } from '../memory-store/memory-stores.js';
import { createRedisStores } from '../redis-store/redis-stores.js';
import { token, TOKENS } from '../tokens.js';
import { KEYS } from './tokens.js';
import { keysSettingsFromEnv, type KeysSettings } from './settings.js';

export { KEYS } from './tokens.js';
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
    register(registry, config) {
      const settings = { ...keysSettingsFromEnv(config.env), ...options.settings };
      registry.factory(KEY_SERVICES, () => {
        const stores =
          options.stores ??
          (config.redisUrl === null
            ? createMemoryStores()
            : createRedisStores({ url: config.redisUrl, prefix: settings.redisKeyPrefix, commandTimeoutMs: settings.redisCommandTimeoutMs }));
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
      if (stores.connected && !(await stores.connected())) {
        resolve(TOKENS.Logger).warn('shared store unreachable at start; serving 503 store_unavailable until it answers', { store: stores.health.name });
      }
    },
    async stop(resolve) {
      await resolve(KEY_SERVICES).deps.stores.close();
    },
  };
}

export const keysModule = createKeysModule();
