/**
 * Durable calculation jobs on Redis through BullMQ. The job's request and its results live in Redis, so any
 * instance answers a poll. Each instance runs a BullMQ worker with bounded concurrency; a worker holds a
 * lock (a lease, renewed while it runs) on each active job. When an instance dies its locks expire and a
 * live instance's stalled-job check moves the job back to the queue, where a worker picks it up again and
 * runs it from the first entry (its progress held at what the dead instance reached until the rerun passes it).
 * The lock guarantees that two instances never run one job at once.
 */
import { Queue, Worker } from 'bullmq';
import { ServiceError } from '../../core/domain/errors.js';
import type { BatchEntryResult, CalculateRequest } from '../../core/ports/calculator.js';
import { JOB_RETENTION_SECONDS, type JobEntryRunner, type JobRecord, type JobStatus, type JobStore, type NewJob } from '../../core/ports/job-store.js';
import type { DependencyHealth } from '../../core/ports/readiness.js';
import { DEFAULT_JOB_CONCURRENCY } from '../memory-store/jobs.js';
import { connectRedis, type RedisClient } from './connection.js';
import { EpochMarker } from './epoch.js';
import { StoreGuard } from './guard.js';
import { readJobSnapshot, type JobSnapshot, type JobState } from './job-snapshot.js';
import { jobPrefix } from './key-names.js';
import { layoutMigrator, type LayoutLog, type LayoutMigrationReport } from './layout-migration.js';
import { jobLayoutPlan } from './layout-plans.js';
import { SCRIPTS } from './scripts.js';
import { REDIS_JOB_DEFAULTS } from './defaults.js';

export interface RedisJobStoreOptions {
  url: string;
  /** Namespace of the BullMQ keys (BullMQ `prefix`), wrapped in a hash tag for Redis Cluster (key-names.ts). */
  prefix?: string;
  queueName?: string;
  /** Jobs one instance runs at once. */
  concurrency?: number;
  /** Lease of a running job; renewed every half period while the worker lives. */
  lockDurationMs?: number;
  /** How often each worker looks for jobs whose lease expired. */
  stalledIntervalMs?: number;
  /** Times a job may be recovered from a dead instance before it is failed. */
  maxStalledCount?: number;
  /** Submit/poll calls fail with store_unavailable after this long. */
  commandTimeoutMs?: number;
  retentionSeconds?: number;
  /** Told what the layout migration moved (layout-migration.ts). */
  logger?: LayoutLog;
  /** Shared with the app's other Redis clients, so an outage one of them met is remembered by all (guard.ts). */
  guard?: StoreGuard;
}

export { REDIS_JOB_DEFAULTS };

interface JobData {
  api_key_id: string | null;
  created_at: string;
  requests: CalculateRequest[];
}

const STATES: Record<JobState, JobStatus> = { active: 'running', completed: 'succeeded', failed: 'failed', queued: 'pending' };

/** A poll's answer from one snapshot of the job: BullMQ's hash fields (JSON for progress and returnvalue). */
function jobRecord(id: string, data: JobData, { state, fields }: JobSnapshot): JobRecord {
  const status = STATES[state];
  const total = data.requests.length;
  const progress: unknown = JSON.parse(fields.progress || '0');
  const record: JobRecord = {
    id,
    status,
    created_at: data.created_at,
    total,
    completed: status === 'succeeded' ? total : typeof progress === 'number' ? progress : 0,
    api_key_id: data.api_key_id,
  };
  if (fields.processedOn) record.started_at = new Date(Number(fields.processedOn)).toISOString();
  const finished = status === 'succeeded' || status === 'failed';
  if (finished && fields.finishedOn) record.finished_at = new Date(Number(fields.finishedOn)).toISOString();
  if (status === 'succeeded') record.results = JSON.parse(fields.returnvalue ?? 'null') as BatchEntryResult[];
  if (status === 'failed') record.error = fields.failedReason || 'The job failed.';
  return record;
}

export class RedisJobStore implements JobStore {
  readonly durable = true;
  private readonly options: Required<Omit<RedisJobStoreOptions, 'logger' | 'guard'>>;
  private readonly guard: StoreGuard;
  private readonly logger: LayoutLog | undefined;
  /** Moves the queue's keys from the untagged prefix of earlier versions; null when the prefix is tagged already. */
  private readonly migrate: (() => Promise<LayoutMigrationReport>) | null;
  private readonly client: RedisClient;
  private readonly prefix: string;
  /** The queue's epoch marker: tells a job lost with the store's data from one that never existed. */
  private readonly epoch: EpochMarker;
  private epochTimer: ReturnType<typeof setInterval> | undefined;
  private readonly queue: Queue<JobData, BatchEntryResult[]>;
  private worker: Worker<JobData, BatchEntryResult[]> | undefined;
  private workerClient: RedisClient | undefined;

  constructor(options: RedisJobStoreOptions) {
    this.options = {
      ...REDIS_JOB_DEFAULTS,
      concurrency: DEFAULT_JOB_CONCURRENCY,
      retentionSeconds: JOB_RETENTION_SECONDS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as Required<Omit<RedisJobStoreOptions, 'logger' | 'guard'>>;
    this.logger = options.logger;
    this.guard = options.guard ?? new StoreGuard();
    // No retries, and every call is bounded by commandTimeoutMs, so HTTP callers get 503 promptly while Redis is away.
    const timeout = this.options.commandTimeoutMs;
    this.client = connectRedis(this.options.url, { maxRetriesPerRequest: 0, connectTimeout: timeout, commandTimeout: timeout });
    this.prefix = jobPrefix(this.options.prefix);
    this.client.defineCommand('tenetEpoch', SCRIPTS.tenetEpoch);
    this.epoch = new EpochMarker(this.client, `${this.prefix}:epoch`);
    this.client.on('error', () => {});
    this.queue = new Queue<JobData, BatchEntryResult[]>(this.options.queueName, { connection: this.client, prefix: this.prefix, skipWaitingForReady: true });
    this.queue.on('error', () => {});
    const plan = jobLayoutPlan(this.options.prefix);
    this.migrate = plan ? layoutMigrator(this.client, plan, this.logger) : null;
  }

  /**
   * Before the worker takes jobs: the earlier layout's queue moves to the tagged prefix (every BullMQ key renamed,
   * so waiting, delayed, running and finished jobs keep their ids, state and results). If Redis does not answer,
   * it is tried again when it reconnects.
   */
  private async migrateLayout(): Promise<void> {
    if (!this.migrate) return;
    const migrate = this.migrate;
    let counted = false;
    const attempt = async () => {
      const report = await migrate();
      if (report.status !== 'migrated' || counted) return;
      counted = true;
      const jobs = await this.queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'completed', 'failed');
      this.logger?.info('job queue after the layout migration (jobs per state, under the current prefix)', { jobs });
    };
    this.client.on('ready', () => void attempt().catch(() => {}));
    await attempt().catch((error: unknown) =>
      this.logger?.error('job queue layout migration did not run (Redis unreachable?); retried when Redis reconnects', { error: String(error) }),
    );
  }

  /** Every job-store call goes through the one Redis guard (guard.ts), bounded by the command timeout. */
  private async guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
    const ms = this.options.commandTimeoutMs;
    return this.guard.call(work, { timeoutMs: ms, unavailable: `The shared job store is unreachable (${what}; calls give up after ${ms} ms).` });
  }

  async start(runner: JobEntryRunner): Promise<void> {
    if (this.worker) return;
    await this.migrateLayout();
    // Look at the marker regularly, so this instance notices a loss even if it is not polled for a lost job.
    const look = () => void this.guard.call(() => this.epoch.read(Date.now())).catch(() => {});
    look();
    this.epochTimer = setInterval(look, 1_000);
    this.epochTimer.unref();
    // Workers block on Redis and must retry forever (BullMQ requirement); they never serve HTTP callers.
    this.workerClient = connectRedis(this.options.url, { maxRetriesPerRequest: null });
    this.workerClient.on('error', () => {});
    this.worker = new Worker<JobData, BatchEntryResult[]>(
      this.options.queueName,
      async (job) => {
        // A job taken over from a dead instance reruns from its first entry. Its progress keeps the count the dead
        // instance reached until the rerun passes it, so a poll's `completed` never goes down.
        const reached = typeof job.progress === 'number' ? job.progress : 0;
        const results: BatchEntryResult[] = [];
        for (const request of job.data.requests) {
          results.push(await runner(request));
          if (results.length > reached) await job.updateProgress(results.length);
        }
        return results;
      },
      {
        connection: this.workerClient,
        prefix: this.prefix,
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockDurationMs,
        stalledInterval: this.options.stalledIntervalMs,
        maxStalledCount: this.options.maxStalledCount,
        removeOnComplete: { age: this.options.retentionSeconds },
        removeOnFail: { age: this.options.retentionSeconds },
      },
    );
    this.worker.on('error', () => {});
  }

  async submit(job: NewJob): Promise<JobRecord> {
    await this.guarded('submit', async () => {
      // The marker is read first, so a loss after this submit is told apart from an id that never existed.
      await this.epoch.read(Date.now());
      return this.queue.add('calculate', { api_key_id: job.api_key_id, created_at: job.created_at, requests: job.requests }, { jobId: job.id, attempts: 1 });
    });
    return { id: job.id, status: 'pending', created_at: job.created_at, total: job.requests.length, completed: 0, api_key_id: job.api_key_id };
  }

  /**
   * A poll: the job's fields and state come from one snapshot (job-snapshot.ts), so an answer that says
   * succeeded always carries the results, finished_at and completed = total that BullMQ wrote with that state.
   */
  async get(id: string): Promise<JobRecord | undefined> {
    return this.guarded('poll', async () => {
      const { keys } = this.queue;
      const snapshot = await readJobSnapshot(this.client, { job: this.queue.toKey(id), completed: keys.completed, failed: keys.failed, active: keys.active }, id);
      const data = snapshot ? (JSON.parse(snapshot.fields.data || '{}') as Partial<JobData>) : undefined;
      if (!snapshot || !data || !Array.isArray(data.requests) || typeof data.created_at !== 'string') return this.missing();
      if (Date.parse(data.created_at) < Date.now() - this.options.retentionSeconds * 1000) return undefined;
      return jobRecord(id, data as JobData, snapshot);
    });
  }

  /** A job not in the store: lost with the store's data when that happened within the retention, else unknown. */
  private async missing(): Promise<undefined> {
    const { lostAt } = await this.epoch.read(Date.now());
    if (lostAt !== null && this.lostRecently(lostAt)) {
      throw new ServiceError(
        'job_lost',
        `No such job in the job store, which lost its data at ${new Date(lostAt).toISOString()}: a job submitted before then is gone with its results; submit it again.`,
        { data: { store_lost_at: new Date(lostAt).toISOString() } },
      );
    }
    return undefined;
  }

  /** Within the retention after a loss, a job submitted before it could still be polled for. */
  private lostRecently(lostAt: number): boolean {
    return Date.now() - lostAt < this.options.retentionSeconds * 1000;
  }

  async health(): Promise<DependencyHealth> {
    try {
      // Reading the epoch marker is the ping: it also tells readiness about a loss of the job store's data.
      const { lostAt } = await this.guarded('ping', () => this.epoch.read(Date.now()));
      const lost = lostAt !== null && this.lostRecently(lostAt) ? `; lost its data at ${new Date(lostAt).toISOString()}: polls for earlier jobs answer 410 job_lost` : '';
      return { name: 'job store', status: 'ready', detail: `redis (BullMQ), concurrency ${this.options.concurrency}${lost}` };
    } catch {
      return { name: 'job store', status: 'unavailable', detail: `redis unreachable (no answer within ${this.options.commandTimeoutMs} ms)` };
    }
  }

  async close(): Promise<void> {
    // A worker that cannot reach Redis never finishes a graceful close; bound it, then drop the connections.
    const bounded = (work: Promise<unknown> | undefined): Promise<unknown> =>
      Promise.race([work?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, this.options.commandTimeoutMs).unref())]);
    clearInterval(this.epochTimer);
    await bounded(this.worker?.close());
    await bounded(this.queue.close());
    this.workerClient?.disconnect();
    this.client.disconnect();
  }

  /** Stops this instance's worker without releasing its leases, as a crash would (tests only). */
  async abandon(): Promise<void> {
    this.workerClient?.disconnect();
    await this.worker?.close(true).catch(() => {});
  }
}
