import type { BatchEntryResult, CalculateRequest } from './calculator.js';
import type { DependencyHealth } from './readiness.js';

export type JobStatus = 'pending' | 'running' | 'succeeded' | 'failed';

export interface JobRecord {
  id: string;
  status: JobStatus;
  created_at: string;
  started_at?: string;
  finished_at?: string;
  total: number;
  completed: number;
  api_key_id: string | null;
  /** Present once succeeded; positional. */
  results?: BatchEntryResult[];
  /** Present when failed. */
  error?: string;
}

export interface NewJob {
  id: string;
  api_key_id: string | null;
  created_at: string;
  requests: CalculateRequest[];
}

/** Runs one job entry; never throws (failures become error entries). */
export type JobEntryRunner = (request: CalculateRequest) => Promise<BatchEntryResult>;

/** Job records are kept this long after creation. */
export const JOB_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Stores calculation jobs and executes them with bounded concurrency. Raises ServiceError
 * store_unavailable when its backing store is unreachable.
 */
export interface JobStore {
  /** True when jobs live in a shared store and survive this instance (Redis); false for memory. */
  readonly durable: boolean;
  /** Installs the entry runner and starts executing jobs on this instance. */
  start(runner: JobEntryRunner): Promise<void>;
  /** Records a new job and queues it; returns the record as of submission. */
  submit(job: NewJob): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  health(): Promise<DependencyHealth>;
  /** Stops executing (running entries finish) and releases connections. */
  close(): Promise<void>;
}
