/**
 * What the Redis operations stores (analytics snapshots, validation runs) share: the client, the key names under the
 * app's prefix, the clock, the app's one store guard, and the read of an index of ids kept in a sorted set scored by
 * expiry (ms) beside one JSON value per id under a key with the same TTL, so listing needs no SCAN.
 */
import type { RedisClient } from './connection.js';
import { StoreGuard } from './guard.js';
import { RedisKeyNames } from './key-names.js';

export abstract class RedisOperationsStore {
  readonly name = 'redis';

  protected readonly names: RedisKeyNames;

  constructor(
    protected readonly redis: RedisClient,
    prefix: string,
    protected readonly now: () => number = Date.now,
    /** Shared with the app's other Redis clients, so an outage one of them met is remembered by all (guard.ts). */
    protected readonly guard: StoreGuard = new StoreGuard(),
  ) {
    this.names = new RedisKeyNames(prefix);
  }

  /** The values of the index's live ids, parsed, in id order, the expired entries pruned first; an id whose value expired before its entry is skipped. */
  protected async liveIndexValues<T>(index: string, valueKey: (id: string) => string): Promise<T[]> {
    await this.redis.zremrangebyscore(index, '-inf', this.now());
    const ids = (await this.redis.zrange(index, 0, -1)).sort();
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map(valueKey));
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as T);
  }
}
