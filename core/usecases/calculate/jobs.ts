import { ServiceError } from '../../domain/errors.js';
import type { JobRecord, JobStatus, JobStore } from '../../ports/job-store.js';
import type { CalculationService } from './calculate.js';
import { LIMITS } from './request.js';

export interface JobSubmission {
  job_id: string;
  status: JobStatus;
  total: number;
  status_url: string;
  durable: boolean;
}

export interface JobServiceOptions {
  newId: () => string;
  now: () => Date;
}

/** Submits calculation jobs and answers polls; the store executes them. */
export class JobService {
  constructor(
    private readonly store: JobStore,
    private readonly calculation: CalculationService,
    private readonly options: JobServiceOptions,
  ) {}

  /** Validates every entry (400 `requests[i]: ...`), then records and queues the job. */
  async submit(requests: unknown, apiKeyId: string | null): Promise<JobSubmission> {
    const checked = this.calculation.checkBatch(requests, LIMITS.job);
    const record = await this.store.submit({ id: this.options.newId(), api_key_id: apiKeyId, created_at: this.options.now().toISOString(), requests: checked });
    return { job_id: record.id, status: record.status, total: record.total, status_url: `/v1/jobs/${encodeURIComponent(record.id)}`, durable: this.store.durable };
  }

  /** A job is visible only to the key that created it; unknown and foreign ids are both 404. */
  async get(id: string, apiKeyId: string | null): Promise<JobRecord> {
    const record = await this.store.get(id);
    if (!record || record.api_key_id !== apiKeyId) throw new ServiceError('not_found', `No job with id ${JSON.stringify(id)}.`);
    return record;
  }
}
