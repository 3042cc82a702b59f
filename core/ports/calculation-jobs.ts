/** What the job routes do with jobs: JobService (core/usecases/calculate/jobs.ts) implements it. */
import type { Principal } from './auth-gate.js';
import type { CalculateRequest } from './calculator.js';
import type { JobRecord, JobStatus } from './job-store.js';

export interface JobSubmission {
  job_id: string;
  status: JobStatus;
  total: number;
  status_url: string;
  durable: boolean;
}

export interface CalculationJobs {
  /** Checks and charges the entries, then records and queues the job. */
  submit(requests: CalculateRequest[], principal: Principal | null): Promise<JobSubmission>;
  /** The job as its owner sees it (404 for another key's job). */
  get(id: string, apiKeyId: string | null): Promise<JobRecord>;
}
