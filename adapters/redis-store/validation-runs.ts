/**
 * Redis ValidationRunStore. The full record and its summary are separate keys with the retention TTL,
 * so listing reads summaries only; a sorted set orders run ids by recording time.
 *   <prefix>vrun:<id>          full record JSON, EX retention
 *   <prefix>vrun-summary:<id>  summary JSON, EX retention
 *   <prefix>vruns              zset id -> recorded_at (ms); entries past retention are pruned on list
 */
import type { Redis } from 'ioredis';
import { newestFirst, summaryOf, type ValidationRunRecord, type ValidationRunSummary } from '../../core/domain/validation/run.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';
import { storeCall } from './guard.js';

export class RedisValidationRunStore implements ValidationRunStore {
  readonly name = 'redis';

  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly now: () => number = Date.now) {}

  async save(record: ValidationRunRecord, retentionSeconds: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(retentionSeconds));
    await storeCall(() =>
      this.redis
        .multi()
        .set(`${this.prefix}vrun:${record.id}`, JSON.stringify(record), 'EX', ttl)
        .set(`${this.prefix}vrun-summary:${record.id}`, JSON.stringify(summaryOf(record)), 'EX', ttl)
        // Scored by expiry so pruning is a range delete.
        .zadd(`${this.prefix}vruns`, this.now() + ttl * 1000, record.id)
        .exec(),
    );
  }

  async listSummaries(limit: number): Promise<ValidationRunSummary[]> {
    if (limit <= 0) return [];
    return storeCall(async () => {
      await this.redis.zremrangebyscore(`${this.prefix}vruns`, '-inf', this.now());
      const ids = await this.redis.zrange(`${this.prefix}vruns`, 0, -1);
      if (ids.length === 0) return [];
      const values = await this.redis.mget(ids.map((id) => `${this.prefix}vrun-summary:${id}`));
      const summaries = values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as ValidationRunSummary);
      return summaries.sort(newestFirst).slice(0, limit);
    });
  }

  async get(id: string): Promise<ValidationRunRecord | null> {
    const json = await storeCall(() => this.redis.get(`${this.prefix}vrun:${id}`));
    return json === null ? null : (JSON.parse(json) as ValidationRunRecord);
  }
}
