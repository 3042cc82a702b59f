/**
 * Analytics: this instance's counters (scope=local) and every live instance's last published snapshot
 * (scope=global). Each instance publishes on a timer; a global read publishes first so its own entry is fresh.
 */
import type { AnalyticsCollector } from '../../domain/analytics/collector.js';
import type { AnalyticsSnapshot, GlobalAnalytics } from '../../domain/analytics/snapshot.js';
import { ServiceError } from '../../domain/errors.js';
import type { AnalyticsStore } from '../../ports/analytics-store.js';

export interface AnalyticsSettings {
  /** How often the instance publishes its snapshot (ms). */
  flushIntervalMs: number;
  /** How long a published snapshot lives without a refresh (s); longer than the interval, so live instances never vanish. */
  snapshotTtlSeconds: number;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = { flushIntervalMs: 15_000, snapshotTtlSeconds: 60 };

export class AnalyticsService {
  constructor(
    readonly collector: AnalyticsCollector,
    private readonly store: AnalyticsStore,
    private readonly settings: AnalyticsSettings = DEFAULT_ANALYTICS_SETTINGS,
  ) {}

  local(): AnalyticsSnapshot {
    return this.collector.snapshot();
  }

  /** Publishes this instance's snapshot; a failure is counted as a store error and rethrown. */
  async flush(): Promise<void> {
    try {
      await this.store.publish(this.collector.snapshot(), this.settings.snapshotTtlSeconds);
    } catch (error) {
      this.collector.recordStoreError();
      throw error;
    }
  }

  /** 503 store_unavailable (with the local snapshot as `data`) when the shared store cannot be reached. */
  async global(): Promise<GlobalAnalytics> {
    try {
      await this.flush();
      return { scope: 'global', store: this.store.name, instances: await this.store.list() };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'store_unavailable') {
        throw new ServiceError('store_unavailable', 'The shared analytics store is unreachable; data holds this instance\'s local snapshot.', {
          data: this.collector.snapshot(),
          cause: error,
        });
      }
      throw error;
    }
  }
}
