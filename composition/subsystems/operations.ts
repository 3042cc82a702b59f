/**
 * Operations: analytics, validation runs and the migration ledger, over memory stores by default and Redis stores
 * when REDIS_URL is set (one client of their own, under the keys' REDIS_KEY_PREFIX). The analytics collector joins
 * the app's request observers; a timer publishes this instance's snapshot for `scope=global`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MemoryAnalyticsStore } from '../../adapters/memory-store/analytics.js';
import { MemoryValidationRunStore } from '../../adapters/memory-store/validation-runs.js';
import { FileMigrationLedger } from '../../adapters/operations/migration-ledger.js';
import type { OperationsSettings } from '../../adapters/operations/settings.js';
import { RedisAnalyticsStore } from '../../adapters/redis-store/analytics.js';
import type { RedisClient } from '../../adapters/redis-store/connection.js';
import { createRedisClient } from '../../adapters/redis-store/redis-stores.js';
import { RedisValidationRunStore } from '../../adapters/redis-store/validation-runs.js';
import { AnalyticsCollector } from '../../core/domain/analytics/collector.js';
import type { AnalyticsSnapshot, GlobalAnalytics } from '../../core/domain/analytics/snapshot.js';
import type { ValidationRunInput, ValidationRunRecord, ValidationRunSummary } from '../../core/domain/validation/run.js';
import type { AnalyticsStore } from '../../core/ports/analytics-store.js';
import type { MigrationLedgerSource } from '../../core/ports/migration-ledger.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';
import { AnalyticsService } from '../../core/usecases/analytics/analytics.js';
import { ValidationRuns } from '../../core/usecases/validation/validation-runs.js';
import type { Platform } from '../platform.js';
import type { Lifecycle } from './lifecycle.js';

/** The analytics the admin route reports (AnalyticsService implements it; flushing is the subsystem's business). */
export interface AnalyticsReports {
  /** This instance's counters. */
  local(): AnalyticsSnapshot;
  /** Every live instance's counters, from the shared store. */
  global(): Promise<GlobalAnalytics>;
}

/** Published validation runs as the admin routes use them (ValidationRuns implements it). */
export interface ValidationRunLog {
  publish(input: ValidationRunInput): Promise<ValidationRunSummary>;
  list(): Promise<ValidationRunSummary[]>;
  get(id: string): Promise<ValidationRunRecord>;
}

export interface OperationsOptions {
  settings?: Partial<OperationsSettings>;
  /** Use these stores instead of building them from REDIS_URL (tests). */
  stores?: { analytics: AnalyticsStore; runs: ValidationRunStore };
}

export interface Operations extends Lifecycle {
  readonly analytics: AnalyticsReports;
  readonly validationRuns: ValidationRunLog;
  readonly migrationLedger: MigrationLedgerSource;
}

/** `sha256:` and the first 16 hex digits of the sha256 of the served OpenAPI document's JSON. */
export function contractHash(document: unknown): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16)}`;
}

/** Sortable by time, unique across instances: `vr-20261121T112233Z-<8 hex>`. */
export function newRunId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return `vr-${stamp}-${randomBytes(4).toString('hex')}`;
}

/** `openapi`: the served document, whose hash each validation run records. */
export function buildOperations(platform: Platform, openapi: unknown, options: OperationsOptions = {}): Operations {
  const { config, clock, logger } = platform;
  const settings = { ...config.settings.operations, ...options.settings };
  const stores = operationsStores(platform, options);
  const analytics = new AnalyticsService(new AnalyticsCollector(settings.instanceId, clock), stores.analytics, {
    flushIntervalMs: settings.flushIntervalMs,
    snapshotTtlSeconds: settings.snapshotTtlSeconds,
  });
  platform.observers.push(analytics.collector);
  const migrationLedger = new FileMigrationLedger(settings.migrationLedgerPath);
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    name: 'operations',
    analytics,
    validationRuns: new ValidationRuns({ store: stores.runs, contractHash: contractHash(openapi), now: clock, newId: newRunId }),
    migrationLedger,
    async start() {
      await migrationLedger.load();
      await stores.client?.connect().catch(() => logger.warn('analytics/validation store unreachable at start; serving 503 store_unavailable until it answers'));
      timer = setInterval(() => {
        analytics.flush().catch(() => logger.warn('analytics snapshot flush failed (shared store unreachable)'));
      }, settings.flushIntervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      stores.client?.disconnect(false);
    },
  };
}

function operationsStores({ config, storeGuard }: Platform, options: OperationsOptions): { analytics: AnalyticsStore; runs: ValidationRunStore; client: RedisClient | null } {
  if (options.stores) return { ...options.stores, client: null };
  if (config.redisUrl === null) return { analytics: new MemoryAnalyticsStore(), runs: new MemoryValidationRunStore(), client: null };
  const { keys } = config.settings;
  const client = createRedisClient({ url: config.redisUrl, prefix: keys.redisKeyPrefix, commandTimeoutMs: keys.redisCommandTimeoutMs });
  return {
    analytics: new RedisAnalyticsStore(client, keys.redisKeyPrefix, Date.now, storeGuard),
    runs: new RedisValidationRunStore(client, keys.redisKeyPrefix, Date.now, storeGuard),
    client,
  };
}
