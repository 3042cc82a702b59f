import type { DependencyHealth } from '../../core/ports/readiness.js';
import { JOB_RETENTION_SECONDS, type JobEntryRunner, type JobRecord, type JobStore, type NewJob } from '../../core/ports/job-store.js';
import type { CalculateRequest } from '../../core/ports/calculator.js';

/** Jobs executing at once on one instance unless configured (TENET_JOB_CONCURRENCY). */
export const DEFAULT_JOB_CONCURRENCY = 2;

export interface MemoryJobStoreOptions {
  concurrency?: number;
  retentionSeconds?: number;
  now?: () => number;
}

interface Entry {
  record: JobRecord;
  requests: CalculateRequest[];
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Per-instance job store: records and queue live in process memory (`durable: false`). Up to
 * `concurrency` jobs run at once; a job's entries run one after another so `completed` advances
 * entry by entry and the event loop stays free for other requests between entries.
 */
export class MemoryJobStore implements JobStore {
  readonly durable = false;
  private readonly jobs = new Map<string, Entry>();
  private readonly queue: string[] = [];
  private readonly concurrency: number;
  private readonly retentionMs: number;
  private readonly now: () => number;
  private running = 0;
  private runner: JobEntryRunner | undefined;
  private closed = false;
  private readonly active = new Set<Promise<void>>();

  constructor(options: MemoryJobStoreOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_JOB_CONCURRENCY);
    this.retentionMs = (options.retentionSeconds ?? JOB_RETENTION_SECONDS) * 1000;
    this.now = options.now ?? Date.now;
  }

  async start(runner: JobEntryRunner): Promise<void> {
    this.runner = runner;
    this.pump();
  }

  async submit(job: NewJob): Promise<JobRecord> {
    this.prune();
    const record: JobRecord = { id: job.id, status: 'pending', created_at: job.created_at, total: job.requests.length, completed: 0, api_key_id: job.api_key_id };
    this.jobs.set(job.id, { record, requests: job.requests });
    const snapshot = structuredClone(record);
    this.queue.push(job.id);
    this.pump();
    return snapshot;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    this.prune();
    const entry = this.jobs.get(id);
    return entry ? structuredClone(entry.record) : undefined;
  }

  async health(): Promise<DependencyHealth> {
    return { name: 'job store', status: 'ready', detail: `memory (per instance), concurrency ${this.concurrency}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.active]);
  }

  private prune(): void {
    const cutoff = this.now() - this.retentionMs;
    for (const [id, entry] of this.jobs) {
      if (Date.parse(entry.record.created_at) < cutoff && entry.record.status !== 'running') this.jobs.delete(id);
    }
  }

  private pump(): void {
    while (!this.closed && this.runner && this.running < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
      const entry = this.jobs.get(id);
      if (!entry) continue;
      this.running += 1;
      const task = this.execute(entry, this.runner).finally(() => {
        this.running -= 1;
        this.active.delete(task);
        this.pump();
      });
      this.active.add(task);
    }
  }

  private async execute(entry: Entry, runner: JobEntryRunner): Promise<void> {
    const { record } = entry;
    record.status = 'running';
    record.started_at = new Date(this.now()).toISOString();
    let outcome: Pick<JobRecord, 'status' | 'results' | 'error'>;
    try {
      const results = [];
      for (const request of entry.requests) {
        results.push(await runner(request));
        record.completed = results.length;
        await yieldToEventLoop();
      }
      outcome = { status: 'succeeded', results };
    } catch (error) {
      outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    // The finished status, its results (or error) and finished_at land in one step, with no await between them:
    // a poll sees the job either still running or finished with everything the finished state promises.
    Object.assign(record, outcome, { finished_at: new Date(this.now()).toISOString() });
  }
}
