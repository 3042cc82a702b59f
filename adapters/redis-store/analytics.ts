/**
 * Redis AnalyticsStore. Each instance's snapshot is one string key with a TTL; a sorted set indexes the
 * instance ids by expiry so listing needs no SCAN. Expired index entries are pruned on every list.
 *   <prefix>{analytics}:instance:<id>  JSON snapshot, EX ttl
 *   <prefix>{analytics}:instances      zset id -> expiry (ms)
 * (names from key-names.ts; one hash tag, so the MGET and MULTI work on a Redis Cluster).
 */
import type { AnalyticsSnapshot } from '../../core/domain/analytics/snapshot.js';
import type { AnalyticsStore } from '../../core/ports/analytics-store.js';
import { RedisOperationsStore } from './operations-store.js';

export class RedisAnalyticsStore extends RedisOperationsStore implements AnalyticsStore {
  async publish(snapshot: AnalyticsSnapshot, ttlSeconds: number): Promise<void> {
    const id = snapshot.instance_id;
    await this.guard.call(() =>
      this.redis
        .multi()
        .set(this.names.analyticsSnapshot(id), JSON.stringify(snapshot), 'EX', Math.max(1, Math.ceil(ttlSeconds)))
        .zadd(this.names.analyticsIndex(), this.now() + ttlSeconds * 1000, id)
        .exec(),
    );
  }

  async list(): Promise<AnalyticsSnapshot[]> {
    return this.guard.call(() => this.liveIndexValues<AnalyticsSnapshot>(this.names.analyticsIndex(), (id) => this.names.analyticsSnapshot(id)));
  }
}
