/** In-process ValidationRunStore (REDIS_URL unset): runs are per instance and lost on restart. */
import { newestFirst, summaryOf, type ValidationRunRecord, type ValidationRunSummary } from '../../core/domain/validation/run.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';

export class MemoryValidationRunStore implements ValidationRunStore {
  readonly name = 'memory';
  readonly #records = new Map<string, { record: ValidationRunRecord; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async save(record: ValidationRunRecord, retentionSeconds: number): Promise<void> {
    this.#records.set(record.id, { record: structuredClone(record), expiresAt: this.now() + retentionSeconds * 1000 });
  }

  async listSummaries(limit: number): Promise<ValidationRunSummary[]> {
    this.#sweep();
    return [...this.#records.values()].map((e) => summaryOf(structuredClone(e.record))).sort(newestFirst).slice(0, Math.max(0, limit));
  }

  async get(id: string): Promise<ValidationRunRecord | null> {
    this.#sweep();
    const entry = this.#records.get(id);
    return entry === undefined ? null : structuredClone(entry.record);
  }

  #sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.#records) if (entry.expiresAt <= now) this.#records.delete(id);
  }
}
