/**
 * Wires analytics, validation runs and the migration ledger: memory stores by default, Redis stores when
 * REDIS_URL is set (one client of their own, under the keys' REDIS_KEY_PREFIX). The analytics collector
 * joins the platform's request observers; a timer publishes this instance's snapshot for `scope=global`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RedisClient } from '../../adapters/redis-store/connection.js';
import { AnalyticsCollector } from '../../core/domain/analytics/collector.js';
import type { AnalyticsStore } from '../../core/ports/analytics-store.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';
import { AnalyticsService } from '../../core/usecases/analytics/analytics.js';
import { ValidationRuns } from '../../core/usecases/validation/validation-runs.js';
import type { PlatformModule } from '../platform-module.js';
import { MemoryAnalyticsStore } from '../../adapters/memory-store/analytics.js';
import { MemoryValidationRunStore } from '../../adapters/memory-store/validation-runs.js';
import { STORE_GUARD } from '../tokens/keys.js';
import { RedisAnalyticsStore } from '../../adapters/redis-store/analytics.js';
import { StoreGuard } from '../../adapters/redis-store/guard.js';
import { createRedisClient } from '../../adapters/redis-store/redis-stores.js';
import { RedisValidationRunStore } from '../../adapters/redis-store/validation-runs.js';
import { OPENAPI_DOCUMENT, token, TOKENS } from '../tokens.js';
import { FileMigrationLedger } from '../../adapters/operations/migration-ledger.js';
import { OPERATIONS } from '../tokens/operations.js';
import type { OperationsSettings } from '../../adapters/operations/settings.js';

export { OPERATIONS } from '../tokens/operations.js';

interface Stores {
  analytics: AnalyticsStore;
  runs: ValidationRunStore;
  client: RedisClient | null;
}
const STORES = token<Stores>('OperationsStores');
const COLLECTOR = token<AnalyticsCollector>('AnalyticsCollector');
/** The module's own handle on the analytics service: it flushes the snapshot; routes see OPERATIONS.Analytics. */
const ANALYTICS = token<AnalyticsService>('AnalyticsService');

/** `sha256:` and the first 16 hex digits of the sha256 of the served OpenAPI document's JSON. */
export function contractHash(document: unknown): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16)}`;
}

/** Sortable by time, unique across instances: `vr-20261121T112233Z-<8 hex>`. */
export function newRunId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return `vr-${stamp}-${randomBytes(4).toString('hex')}`;
}

export interface OperationsModuleOptions {
  settings?: Partial<OperationsSettings>;
  /** Use these stores instead of building them from REDIS_URL (tests). */
  stores?: { analytics: AnalyticsStore; runs: ValidationRunStore };
}

export function createOperationsModule(options: OperationsModuleOptions = {}): PlatformModule {
  return {
    name: 'operations',
    needs: [TOKENS.Clock, TOKENS.Logger, TOKENS.RequestObservers, OPENAPI_DOCUMENT],
    uses: [STORE_GUARD],
    register(registry, config) {
      const settings = { ...config.settings.operations, ...options.settings };
      registry.factory(STORES, (resolve) => {
        if (options.stores) return { ...options.stores, client: null };
        if (config.redisUrl === null) return { analytics: new MemoryAnalyticsStore(), runs: new MemoryValidationRunStore(), client: null };
        const { keys } = config.settings;
        const client = createRedisClient({ url: config.redisUrl, prefix: keys.redisKeyPrefix, commandTimeoutMs: keys.redisCommandTimeoutMs });
        // The outage memory the key stores keep, when the app has them (docs/operations.md, "Timeouts").
        const guard = registry.has(STORE_GUARD) ? resolve(STORE_GUARD) : new StoreGuard();
        return {
          analytics: new RedisAnalyticsStore(client, keys.redisKeyPrefix, Date.now, guard),
          runs: new RedisValidationRunStore(client, keys.redisKeyPrefix, Date.now, guard),
          client,
        };
      });
      registry.factory(COLLECTOR, (resolve) => new AnalyticsCollector(settings.instanceId, resolve(TOKENS.Clock)));
      registry.factory(ANALYTICS, (resolve) =>
        new AnalyticsService(resolve(COLLECTOR), resolve(STORES).analytics, { flushIntervalMs: settings.flushIntervalMs, snapshotTtlSeconds: settings.snapshotTtlSeconds }),
      );
      registry.factory(OPERATIONS.Analytics, (resolve) => resolve(ANALYTICS));
      registry.factory(OPERATIONS.ValidationRuns, (resolve) =>
        new ValidationRuns({ store: resolve(STORES).runs, contractHash: contractHash(resolve(OPENAPI_DOCUMENT)), now: resolve(TOKENS.Clock), newId: newRunId }),
      );
      registry.factory(OPERATIONS.MigrationLedger, () => new FileMigrationLedger(settings.migrationLedgerPath));
      // The collector is built on first use; this closure is per app (register runs once per app).
      let collector: AnalyticsCollector | null = null;
      registry.resolve(TOKENS.RequestObservers).push({ observe: (record) => (collector ??= registry.resolve(COLLECTOR)).observe(record) });
      registry.value(OPERATIONS_SETTINGS, settings);
      // Per app, not per module object: tests build several apps from one module.
      registry.value(FLUSH_TIMER, { handle: null });
    },
    async start(resolve) {
      await resolve(OPERATIONS.MigrationLedger).load();
      const { client } = resolve(STORES);
      const log = resolve(TOKENS.Logger);
      if (client !== null) {
        await client.connect().catch(() => log.warn('analytics/validation store unreachable at start; serving 503 store_unavailable until it answers'));
      }
      const analytics = resolve(ANALYTICS);
      const timer = resolve(FLUSH_TIMER);
      timer.handle = setInterval(() => {
        analytics.flush().catch(() => log.warn('analytics snapshot flush failed (shared store unreachable)'));
      }, resolve(OPERATIONS_SETTINGS).flushIntervalMs);
      timer.handle.unref?.();
    },
    async stop(resolve) {
      const timer = resolve(FLUSH_TIMER);
      if (timer.handle !== null) clearInterval(timer.handle);
      timer.handle = null;
      resolve(STORES).client?.disconnect(false);
    },
  };
}

const OPERATIONS_SETTINGS = token<OperationsSettings>('OperationsSettings');
const FLUSH_TIMER = token<{ handle: ReturnType<typeof setInterval> | null }>('AnalyticsFlushTimer');

export const operationsModule = createOperationsModule();
