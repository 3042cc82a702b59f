import { ServiceError } from '../../domain/errors.js';
import { calculationUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { CalculateRequest } from '../../ports/calculator.js';
import type { CalculationJobs, JobSubmission } from '../../ports/calculation-jobs.js';
import type { JobRecord, JobStore } from '../../ports/job-store.js';
import type { Logger } from '../../ports/logger.js';
import type { Calculations } from '../../ports/calculations.js';

export type { JobSubmission };

export interface JobServiceOptions {
  newId: () => string;
  now: () => Date;
  /** Where a failed compute-unit refund is reported (the client gets the store's failure either way). */
  logger?: Logger;
}

/** Submits calculation jobs and answers polls; the store executes them. */
export class JobService implements CalculationJobs {
  constructor(
    private readonly store: JobStore,
    private readonly calculation: Calculations,
    private readonly options: JobServiceOptions,
  ) {}

  /**
   * Checks every entry's variables (400 `requests[i]: ...`; the shape was checked by the schema at the edge),
   * charges one compute unit per entry, then records and queues the job. Units for a job the store cannot queue
   * (503 store_unavailable) are given back: nothing ran. Entries are stored as checked and not re-checked when a
   * worker replays them; only the package lookup is redone there (CalculationService.runEntry).
   */
  async submit(requests: CalculateRequest[], principal: Principal | null): Promise<JobSubmission> {
    this.calculation.checkEntries(requests);
    const units = calculationUnits(requests.length);
    const meter = this.calculation.meter;
    await meter.charge(principal, units);
    let record: JobRecord;
    try {
      record = await this.store.submit({ id: this.options.newId(), api_key_id: principal?.key_id ?? null, created_at: this.options.now().toISOString(), requests });
    } catch (error) {
      await meter.refund(principal, units).catch((refundError: unknown) =>
        this.options.logger?.warn('compute units not refunded', { units, error: refundError instanceof Error ? refundError.message : String(refundError) }),
      );
      throw error;
    }
    return { job_id: record.id, status: record.status, total: record.total, status_url: `/v1/jobs/${encodeURIComponent(record.id)}`, durable: this.store.durable };
  }

  /** A job is visible only to the key that created it; unknown and foreign ids are both 404. */
  async get(id: string, apiKeyId: string | null): Promise<JobRecord> {
    const record = await this.store.get(id);
    if (!record || record.api_key_id !== apiKeyId) throw new ServiceError('not_found', `No job with id ${JSON.stringify(id)}.`);
    return record;
  }
}
