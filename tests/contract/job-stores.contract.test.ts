/**
 * One contract suite for the JobStore port, run against memory and Redis (and a Redis Cluster when one can be
 * started): what a poll may say about a job's progress. `completed` never goes down, on one instance and when a
 * live instance takes over the job of a dead one (docs/calculation.md, Jobs).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryJobStore } from '../../adapters/memory-store/jobs.js';
import { RedisJobStore } from '../../adapters/redis-store/jobs.js';
import { FixtureRuntime } from '../../adapters/runtime-fixture/fixture-runtime.js';
import type { CalculateRequest } from '../../core/ports/calculator.js';
import type { JobEntryRunner, JobRecord, JobStore } from '../../core/ports/job-store.js';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../support/redis.js';
import { acquireRedisCluster, deleteClusterPrefix } from '../support/redis-cluster.js';

const redis = await acquireRedis('job stores contract');
const cluster = await acquireRedisCluster('job stores contract');
afterAll(async () => {
  await redis?.stop();
  await cluster?.stop();
});

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../fixtures/runtime-fixture.json', import.meta.url)));
const calculation = new CalculationService([fixture]);
const entries = (n: number): CalculateRequest[] =>
  Array.from({ length: n }, () => ({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } }));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Backend {
  name: string;
  /** A new instance of the store; the instances of a durable backend share their jobs. */
  open(): JobStore;
  /** Stops an instance as a crash would, leaving its running job to another instance; none for memory. */
  crash?: (store: JobStore) => Promise<void>;
  cleanup(): Promise<void>;
}

/** Short leases, so a dead instance's job is taken over within about a second. */
function redisBackend(name: string, url: string, deleteKeys: (url: string, prefix: string) => Promise<void>): () => Backend {
  return () => {
    const prefix = uniquePrefix('jobs-contract');
    return {
      name,
      open: () => new RedisJobStore({ url, prefix, lockDurationMs: 1000, stalledIntervalMs: 300 }),
      crash: (store) => (store as RedisJobStore).abandon(),
      cleanup: () => deleteKeys(url, prefix),
    };
  };
}

/** `durable`: jobs outlive the instance that runs them, so another instance can take one over (not the memory store). */
const backends: Array<{ name: string; durable: boolean; make: () => Backend }> = [
  { name: 'memory', durable: false, make: () => ({ name: 'memory', open: () => new MemoryJobStore(), cleanup: async () => {} }) },
];
if (redis) backends.push({ name: 'redis', durable: true, make: redisBackend('redis', redis.url, deletePrefix) });
if (cluster) backends.push({ name: 'redis cluster', durable: true, make: redisBackend('redis cluster', cluster.url, deleteClusterPrefix) });
const durableBackends = backends.filter((b) => b.durable);

/** An entry runner taking `ms` per entry and counting the entries it finished; `hold()` makes every later entry wait until `release()`. */
function slowRunner(ms: number) {
  let held: Promise<void> | undefined;
  let release = () => {};
  let finished = 0;
  const run: JobEntryRunner = async (request) => {
    await sleep(ms);
    if (held) await held;
    finished += 1;
    return calculation.runEntry(request);
  };
  return {
    run,
    finished: () => finished,
    hold: () => void (held = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
  };
}

/** Polls `id` every 10 ms until it finishes, returning every answer; `whileRunning` is called after each one. */
async function pollToEnd(store: JobStore, id: string, whileRunning: (r: JobRecord) => Promise<void> = async () => {}): Promise<JobRecord[]> {
  const seen: JobRecord[] = [];
  for (let i = 0; i < 3000; i += 1) {
    const record = await store.get(id);
    if (!record) throw new Error(`job ${id} is not in the store`);
    seen.push(record);
    if (record.status === 'succeeded' || record.status === 'failed') return seen;
    await whileRunning(record);
    await sleep(10);
  }
  throw new Error(`job ${id} did not finish`);
}

/** The places where a poll said fewer completed entries than the poll before it. */
function decreases(seen: readonly JobRecord[]): string[] {
  return seen.flatMap((r, i) => (i > 0 && r.completed < seen[i - 1].completed ? [`${seen[i - 1].completed} -> ${r.completed} (${r.status})`] : []));
}

describe.each(backends)('job stores contract: $name', ({ make }) => {
  it('completed never goes down while a job runs, and ends at total with every result', async () => {
    const backend = make();
    const store = backend.open();
    const runner = slowRunner(20);
    await store.start(runner.run);
    try {
      const { id } = await store.submit({ id: `progress-${Date.now()}`, api_key_id: 'k', created_at: new Date().toISOString(), requests: entries(5) });
      const seen = await pollToEnd(store, id);
      expect(decreases(seen)).toEqual([]);
      expect(seen.at(-1)).toMatchObject({ status: 'succeeded', total: 5, completed: 5 });
      expect(seen.at(-1)?.results).toHaveLength(5);
    } finally {
      await store.close();
      await backend.cleanup();
    }
  }, 30_000);
});

// Only a store whose jobs outlive their instance has a takeover to test (memory jobs die with their instance).
if (durableBackends.length > 0) {
  describe.each(durableBackends)('job stores contract, takeover: $name', ({ make }) => {
    it('a job taken over from a dead instance reruns from its first entry, and completed still never goes down', async () => {
      const backend = make();
      const dying = backend.open();
      const survivor = backend.open();
      const first = slowRunner(50);
      const rerun = slowRunner(50);
      let crashed = false;
      try {
        await dying.start(first.run);
        const { id } = await dying.submit({ id: `takeover-${Date.now()}`, api_key_id: 'k', created_at: new Date().toISOString(), requests: entries(6) });
        let reached = 0;
        const seen = await pollToEnd(survivor, id, async (record) => {
          if (crashed || record.completed < 3) return;
          // The dying instance has finished 3 entries: it stops dead, and the survivor's worker starts.
          crashed = true;
          reached = record.completed;
          first.hold();
          await backend.crash!(dying);
          await survivor.start(rerun.run);
        });
        expect(crashed).toBe(true);
        expect(decreases(seen)).toEqual([]);
        // The rerun started from the first entry, so for a while it had fewer entries done than the dead instance.
        expect(reached).toBeGreaterThanOrEqual(3);
        expect(rerun.finished()).toBe(6);
        expect(seen.at(-1)).toMatchObject({ status: 'succeeded', total: 6, completed: 6 });
        expect(seen.at(-1)?.results).toHaveLength(6);
      } finally {
        first.release();
        await dying.close();
        await survivor.close();
        await backend.cleanup();
      }
    }, 60_000);
  });
}
