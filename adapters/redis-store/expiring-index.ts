/**
 * An index of ids kept in a sorted set scored by expiry (ms), beside one JSON value per id under a key with the same
 * TTL (analytics snapshots, validation run summaries): listing needs no SCAN, and prunes the expired entries first.
 */
import type { RedisClient } from './connection.js';

/** The values of the live ids, parsed, in id order; an id whose value expired before its index entry is skipped. */
export async function liveIndexValues<T>(redis: RedisClient, index: string, valueKey: (id: string) => string, now: number): Promise<T[]> {
  await redis.zremrangebyscore(index, '-inf', now);
  const ids = (await redis.zrange(index, 0, -1)).sort();
  if (ids.length === 0) return [];
  const values = await redis.mget(ids.map(valueKey));
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as T);
}
