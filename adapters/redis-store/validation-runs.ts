/**
 * Redis ValidationRunStore. The full record and its summary are separate keys with the retention TTL,
 * so listing reads summaries only; a sorted set orders run ids by recording time.
 *   <prefix>{vruns}:run:<id>      full record JSON, EX retention
 *   <prefix>{vruns}:summary:<id>  summary JSON, EX retention
 *   <prefix>{vruns}:index         zset id -> expiry (ms); entries past retention are pruned on list
 * (names from key-names.ts; one hash tag, so the MGET and MULTI work on a Redis Cluster).
 */
import { newestFirst, summaryOf, type ValidationRunRecord, type ValidationRunSummary } from '../../core/domain/validation/run.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';
import { RedisOperationsStore } from './operations-store.js';

export class RedisValidationRunStore extends RedisOperationsStore implements ValidationRunStore {
  async save(record: ValidationRunRecord, retentionSeconds: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(retentionSeconds));
    await this.guard.call(() =>
      this.redis
        .multi()
        .set(this.names.validationRun(record.id), JSON.stringify(record), 'EX', ttl)
        .set(this.names.validationRunSummary(record.id), JSON.stringify(summaryOf(record)), 'EX', ttl)
        // Scored by expiry so pruning is a range delete.
        .zadd(this.names.validationRunIndex(), this.now() + ttl * 1000, record.id)
        .exec(),
    );
  }

  async listSummaries(limit: number): Promise<ValidationRunSummary[]> {
    if (limit <= 0) return [];
    return this.guard.call(async () => {
      const summaries = await this.liveIndexValues<ValidationRunSummary>(this.names.validationRunIndex(), (id) => this.names.validationRunSummary(id));
      return summaries.sort(newestFirst).slice(0, limit);
    });
  }

  async get(id: string): Promise<ValidationRunRecord | null> {
    const json = await this.guard.call(() => this.redis.get(this.names.validationRun(id)));
    return json === null ? null : (JSON.parse(json) as ValidationRunRecord);
  }
}
