import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/domain/errors.js';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { JobService } from '../../../core/usecases/calculate/jobs.js';
import type { Principal } from '../../../core/ports/auth-gate.js';
import type { JobRecord } from '../../../core/ports/job-store.js';
import { RedisJobStore } from '../../../adapters/redis-store/jobs.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { acquireRedis, freePort, uniquePrefix, type TestRedis } from '../../support/redis.js';
import { acquireRedisCluster, type TestCluster } from '../../support/redis-cluster.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
const calculation = new CalculationService([fixture]);
/** The key the jobs are submitted and polled with. */
const keyA: Principal = { key_id: 'key-a', scopes: ['calculate:run'], kind: 'environment' };
const entry = (size: number) => ({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: size } } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let redis: TestRedis | null = null;
let cluster: TestCluster | null = null;
beforeAll(async () => {
  redis = await acquireRedis('redis job store');
  cluster = await acquireRedisCluster('redis job store');
});
afterAll(async () => {
  await redis?.stop();
  await cluster?.stop();
});

/** The same job tests on one Redis and on a three-master Redis Cluster (BullMQ's prefix carries a hash tag). */
const sources: Array<{ name: string; url: () => string | undefined }> = [
  { name: 'redis', url: () => redis?.url },
  { name: 'redis cluster', url: () => cluster?.url },
];

async function pollUntil(jobs: JobService, id: string, key: string, done: (r: JobRecord) => boolean, timeoutMs: number): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  let record = await jobs.get(id, key);
  while (!done(record) && Date.now() < deadline) {
    await sleep(50);
    record = await jobs.get(id, key);
  }
  return record;
}

describe.each(sources)('RedisJobStore on $name', ({ url: urlOf }) => {
  it('runs a job and answers polls from another instance, only for the creating key', async (ctx) => {
    const url = urlOf();
    if (!url) return ctx.skip();
    const prefix = uniquePrefix('jobs');
    const a = new RedisJobStore({ url, prefix });
    const b = new RedisJobStore({ url, prefix });
    await a.start((request) => calculation.runEntry(request));
    let n = 0;
    const jobsA = new JobService(a, calculation, { newId: () => `job-${Date.now()}-${++n}`, now: () => new Date() });
    const jobsB = new JobService(b, calculation, { newId: () => 'unused', now: () => new Date() });
    try {
      const submitted = await jobsA.submit([entry(1), entry(7)], keyA);
      expect(submitted).toMatchObject({ status: 'pending', total: 2, durable: true });
      const record = await pollUntil(jobsB, submitted.job_id, 'key-a', (r) => r.status === 'succeeded', 10_000);
      expect(record).toMatchObject({ status: 'succeeded', total: 2, completed: 2, api_key_id: 'key-a' });
      expect(record.started_at).toBeDefined();
      expect(record.finished_at).toBeDefined();
      expect(record.results?.map((r) => r.status)).toEqual(['ok', 'error']);
      await expect(jobsB.get(submitted.job_id, 'key-other')).rejects.toMatchObject({ code: 'not_found' });
      await expect(jobsB.get('no-such-job', 'key-a')).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('runs each job exactly once across two live instances, within each instance\'s concurrency bound', async (ctx) => {
    const url = urlOf();
    if (!url) return ctx.skip();
    const prefix = uniquePrefix('jobs-once');
    const runs = new Map<string, number>();
    let active = 0;
    let peak = 0;
    const runner = async (request: { household: Record<string, unknown> }) => {
      active += 1;
      peak = Math.max(peak, active);
      const marker = String(request.household.marker);
      runs.set(marker, (runs.get(marker) ?? 0) + 1);
      await sleep(20);
      active -= 1;
      return calculation.runEntry({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } });
    };
    const a = new RedisJobStore({ url, prefix, concurrency: 1 });
    const b = new RedisJobStore({ url, prefix, concurrency: 1 });
    await a.start(runner);
    await b.start(runner);
    try {
      const ids: string[] = [];
      for (let j = 0; j < 8; j += 1) {
        const requests = [0, 1, 2].map((e) => ({ ...entry(1), household: { facts: { household_size: 1 }, marker: `${j}-${e}` } }));
        ids.push((await a.submit({ id: `once-${Date.now()}-${j}`, api_key_id: 'k', created_at: new Date().toISOString(), requests })).id);
      }
      const done = await Promise.all(ids.map(async (id) => {
        let record = await b.get(id);
        for (let i = 0; i < 400 && record?.status !== 'succeeded'; i += 1) {
          await sleep(25);
          record = await b.get(id);
        }
        return record;
      }));
      expect(done.every((r) => r?.status === 'succeeded')).toBe(true);
      expect(runs.size).toBe(24);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      // Two instances with concurrency 1 each: never more than two jobs (so entries) running at once.
      expect(peak).toBeLessThanOrEqual(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('never answers a poll with a finished status but without its results, even while the job finishes', async (ctx) => {
    const url = urlOf();
    if (!url) return ctx.skip();
    await pollsDuringCompletion(url);
  }, 60_000);

  it('finishes a job after the instance that accepted it is killed mid-job', async (ctx) => {
    const url = urlOf();
    if (!url) return ctx.skip();
    await killedMidJob(url);
  }, 60_000);
});

describe('RedisJobStore without Redis', () => {
  it('answers 503 store_unavailable when Redis is unreachable', async () => {
    const store = new RedisJobStore({ url: `redis://127.0.0.1:${await freePort()}`, commandTimeoutMs: 500 });
    const jobs = new JobService(store, calculation, { newId: () => 'job-x', now: () => new Date() });
    try {
      const error = await jobs.submit([entry(1)], keyA).catch((e: unknown) => e);
      expect(isServiceError(error) && error.code).toBe('store_unavailable');
      const poll = await jobs.get('job-x', 'key-a').catch((e: unknown) => e);
      expect(isServiceError(poll) && poll.code).toBe('store_unavailable');
      expect((await store.health()).status).toBe('unavailable');
    } finally {
      await store.close();
    }
  });
});

/**
 * Polls each of many short jobs back to back (no pause between polls) from a second instance while the first
 * finishes them, so polls keep landing on the moment a job moves to succeeded. Every answer that says succeeded
 * must carry the finished job: results for every entry, completed = total, finished_at.
 * (A poll that read the job's fields and its state in two separate round trips showed succeeded without results
 * here in most runs: the job finished between the two reads.)
 */
async function pollsDuringCompletion(url: string): Promise<void> {
  const prefix = uniquePrefix('jobs-finish');
  const worker = new RedisJobStore({ url, prefix, concurrency: 4 });
  const poller = new RedisJobStore({ url, prefix });
  // Entries take 0-4 ms, so the jobs finish at scattered moments while polls are in flight.
  let turn = 0;
  await worker.start(async (request) => {
    await sleep(turn++ % 5);
    return calculation.runEntry(request);
  });
  const finishedWithout: Array<{ id: string; record: JobRecord }> = [];
  let succeededPolls = 0;
  const pollUntilFinished = async (id: string) => {
    for (let i = 0; i < 20_000; i += 1) {
      const record = await poller.get(id);
      if (record?.status === 'failed') throw new Error(`job ${id} failed: ${record.error}`);
      if (record?.status !== 'succeeded') continue;
      succeededPolls += 1;
      if (record.results?.length !== record.total || record.completed !== record.total || !record.finished_at) finishedWithout.push({ id, record });
      return;
    }
    throw new Error(`job ${id} did not finish`);
  };
  try {
    const ids: string[] = [];
    for (let j = 0; j < 40; j += 1) {
      const id = `finish-${Date.now()}-${j}`;
      await worker.submit({ id, api_key_id: 'k', created_at: new Date().toISOString(), requests: [entry(1), entry(2)] });
      ids.push(id);
    }
    await Promise.all(ids.map(pollUntilFinished));
    // One succeeded answer per job; none of them may lack the job's results.
    expect(succeededPolls).toBe(40);
    expect(finishedWithout).toEqual([]);
  } finally {
    await worker.close();
    await poller.close();
  }
}

async function killedMidJob(url: string): Promise<void> {
  const prefix = uniquePrefix('jobs-kill');
  const child = spawn(process.execPath, ['--import', './scripts/ts/register.mjs', 'tests/adapters/redis-store/support/job-instance.ts'], {
    cwd: root,
    env: { ...process.env, REDIS_URL: url, JOB_PREFIX: prefix, ENTRY_DELAY_MS: '300', SUBMIT_ENTRIES: '6' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before submitting: ${stderr}`)));
  });
  const { job_id: id } = JSON.parse(line) as { job_id: string };
  const survivor = new RedisJobStore({ url, prefix, lockDurationMs: 1000, stalledIntervalMs: 500 });
  const jobs = new JobService(survivor, calculation, { newId: () => 'unused', now: () => new Date() });
  try {
    const running = await pollUntil(jobs, id, 'key-child', (r) => r.status === 'running' && r.completed >= 1, 15_000);
    expect(running.status).toBe('running');
    expect(running.completed).toBeLessThan(6);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Only now does a live worker exist; it must recover the abandoned job once its lease expires.
    await survivor.start((request) => calculation.runEntry(request));
    const done = await pollUntil(jobs, id, 'key-child', (r) => r.status === 'succeeded' || r.status === 'failed', 20_000);
    expect(done).toMatchObject({ status: 'succeeded', total: 6, completed: 6 });
    expect(done.results).toHaveLength(6);
    expect(done.results?.every((r) => r.status === 'ok')).toBe(true);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await survivor.close();
  }
}
