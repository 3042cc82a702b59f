import type { AnalyticsSnapshot } from '../domain/analytics/snapshot.js';

/**
 * Where instances publish their analytics snapshots so any instance can answer `scope=global`.
 * Every method rejects with ServiceError('store_unavailable') when the store cannot be reached.
 */
export interface AnalyticsStore {
  /** 'memory' or 'redis' (reported as `store`). */
  readonly name: string;
  /** Replaces this instance's published snapshot; it disappears after `ttlSeconds` unless republished. */
  publish(snapshot: AnalyticsSnapshot, ttlSeconds: number): Promise<void>;
  /** Every unexpired published snapshot, ordered by instance id. */
  list(): Promise<AnalyticsSnapshot[]>;
}
