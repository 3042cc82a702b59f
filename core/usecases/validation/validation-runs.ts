/** Publishing and reading validation runs (POST/GET /v1/admin/validation/runs). */
import { ServiceError } from '../../domain/errors.js';
import {
  buildRunRecord,
  VALIDATION_RUN_LIST_LIMIT,
  VALIDATION_RUN_RETENTION_SECONDS,
  summaryOf,
  type ValidationRunInput,
  type ValidationRunRecord,
  type ValidationRunSummary,
} from '../../domain/validation/run.js';
import type { ValidationRunStore } from '../../ports/validation-run-store.js';

export interface ValidationRunsDeps {
  store: ValidationRunStore;
  /** sha256 prefix of the OpenAPI document this instance serves. */
  contractHash: string;
  now: () => Date;
  newId: (at: Date) => string;
}

export class ValidationRuns {
  constructor(private readonly deps: ValidationRunsDeps) {}

  async publish(input: ValidationRunInput): Promise<ValidationRunSummary> {
    const recordedAt = this.deps.now();
    const record = buildRunRecord(input, { id: this.deps.newId(recordedAt), recordedAt, contractHash: this.deps.contractHash });
    await this.deps.store.save(record, VALIDATION_RUN_RETENTION_SECONDS);
    return summaryOf(record);
  }

  list(): Promise<ValidationRunSummary[]> {
    return this.deps.store.listSummaries(VALIDATION_RUN_LIST_LIMIT);
  }

  async get(id: string): Promise<ValidationRunRecord> {
    const record = await this.deps.store.get(id);
    if (record === null) throw new ServiceError('not_found', `No validation run ${JSON.stringify(id)} (runs are kept 180 days).`);
    return record;
  }
}
