import type { ValidationRunRecord, ValidationRunSummary } from '../domain/validation/run.js';

/**
 * Published validation runs. Records expire after the retention period they were saved with.
 * Every method rejects with ServiceError('store_unavailable') when the store cannot be reached.
 */
export interface ValidationRunStore {
  /** 'memory' or 'redis'. */
  readonly name: string;
  save(record: ValidationRunRecord, retentionSeconds: number): Promise<void>;
  /** Unexpired runs' summaries, newest `recorded_at` first (ties: id descending), at most `limit`. */
  listSummaries(limit: number): Promise<ValidationRunSummary[]>;
  get(id: string): Promise<ValidationRunRecord | null>;
}
