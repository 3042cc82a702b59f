/** One contract suite for the AnalyticsStore and ValidationRunStore ports, run against memory and Redis. */
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryAnalyticsStore } from '../../adapters/memory-store/analytics.js';
import { MemoryValidationRunStore } from '../../adapters/memory-store/validation-runs.js';
import { RedisAnalyticsStore } from '../../adapters/redis-store/analytics.js';
import { RedisValidationRunStore } from '../../adapters/redis-store/validation-runs.js';
import { AnalyticsCollector } from '../../core/domain/analytics/collector.js';
import type { AnalyticsSnapshot } from '../../core/domain/analytics/snapshot.js';
import { buildRunRecord, summaryOf } from '../../core/domain/validation/run.js';
import type { AnalyticsStore } from '../../core/ports/analytics-store.js';
import type { ValidationRunStore } from '../../core/ports/validation-run-store.js';
import { connectRedis } from '../../adapters/redis-store/connection.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../support/redis.js';
import { acquireRedisCluster, deleteClusterPrefix } from '../support/redis-cluster.js';

const redis = await acquireRedis('operations stores contract');
const cluster = await acquireRedisCluster('operations stores contract');

interface Backend {
  analytics: AnalyticsStore;
  runs: ValidationRunStore;
  /** Moves the store's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

const backends: Array<{ name: string; make: () => Promise<Backend> }> = [
  {
    name: 'memory',
    make: async () => {
      let now = Date.now();
      const clock = () => now;
      return { analytics: new MemoryAnalyticsStore(clock), runs: new MemoryValidationRunStore(clock), advance: (ms) => void (now += ms), close: async () => {} };
    },
  },
];

/** A backend on the Redis (or Redis Cluster) at `url`; `deleteKeys` removes what a test wrote under its prefix. */
function redisBackend(name: string, url: string, deleteKeys: (url: string, prefix: string) => Promise<void>) {
  return {
    name,
    make: async (): Promise<Backend> => {
      const prefix = uniquePrefix('ops-contract');
      const client = connectRedis(url, { maxRetriesPerRequest: 1 });
      // Redis expires keys on its own clock; the index prunes on ours, so "advance" only moves the index's view.
      let skew = 0;
      const clock = () => Date.now() + skew;
      return {
        analytics: new RedisAnalyticsStore(client, prefix, clock),
        runs: new RedisValidationRunStore(client, prefix, clock),
        advance: (ms) => void (skew += ms),
        close: async () => {
          await deleteKeys(url, prefix);
          client.disconnect();
        },
      };
    },
  };
}

if (redis) backends.push(redisBackend('redis', redis.url, deletePrefix));
if (cluster) backends.push(redisBackend('redis cluster', cluster.url, deleteClusterPrefix));

afterAll(async () => {
  await redis?.stop();
  await cluster?.stop();
});

function snapshot(instance: string, requests: number): AnalyticsSnapshot {
  const collector = new AnalyticsCollector(instance);
  for (let i = 0; i < requests; i++) {
    collector.observe({ method: 'GET', route: '/v1/health', status: 200, duration_ms: 3, request_id: `r${i}`, key_id: 'k1', error_code: null, client_ip: '10.0.0.1' });
  }
  return collector.snapshot();
}

function run(id: string, at: string, kind = 'parity') {
  return buildRunRecord(
    { kind, rows: [{ variable: 'snap', status: 'parity_match' }, { variable: 'wic', status: 'uncovered' }], cases: [{ id: 'c1', latency_ms: 12 }] },
    { id, recordedAt: new Date(at), contractHash: 'sha256:0123456789abcdef' },
  );
}

describe.each(backends)('operations stores contract: $name', ({ name, make }) => {
  let b: Backend;
  beforeEach(async () => {
    b = await make();
    return () => b.close();
  });

  it('names its backend', () => {
    expect(b.analytics.name).toBe(name === 'memory' ? 'memory' : 'redis'); // a cluster is reported as redis too
    expect(b.runs.name).toBe(name === 'memory' ? 'memory' : 'redis');
  });

  it('analytics: lists every published snapshot by instance id; a republish replaces the instance entry', async () => {
    expect(await b.analytics.list()).toEqual([]);
    await b.analytics.publish(snapshot('inst-b', 2), 60);
    await b.analytics.publish(snapshot('inst-a', 1), 60);
    await b.analytics.publish(snapshot('inst-b', 5), 60);
    const listed = await b.analytics.list();
    expect(listed.map((s) => s.instance_id)).toEqual(['inst-a', 'inst-b']);
    expect(listed[1].totals.requests).toBe(5);
    expect(listed[1].keys).toEqual([expect.objectContaining({ api_key_id: 'k1', requests: 5 })]);
    expect(listed[1].routes[0]).toMatchObject({ route: 'GET /v1/health', requests: 5 });
  });

  it('analytics: a snapshot not republished within its TTL drops out', async () => {
    await b.analytics.publish(snapshot('short', 1), 10);
    await b.analytics.publish(snapshot('long', 1), 120);
    b.advance(30_000);
    expect((await b.analytics.list()).map((s) => s.instance_id)).toEqual(['long']);
  });

  it('runs: saves full records, lists summaries newest first, gets one by id', async () => {
    const older = run('vr-1', '2026-11-01T10:00:00.000Z');
    const newer = run('vr-2', '2026-11-20T10:00:00.000Z', 'drift');
    await b.runs.save(older, 3600);
    await b.runs.save(newer, 3600);
    expect(await b.runs.listSummaries(10)).toEqual([summaryOf(newer), summaryOf(older)]);
    expect(await b.runs.listSummaries(1)).toEqual([summaryOf(newer)]);
    expect(await b.runs.get('vr-1')).toEqual(older);
    expect(await b.runs.get('missing')).toBeNull();
  });

  it('runs: equal timestamps order by id descending', async () => {
    await b.runs.save(run('vr-a', '2026-11-20T10:00:00.000Z'), 3600);
    await b.runs.save(run('vr-b', '2026-11-20T10:00:00.000Z'), 3600);
    expect((await b.runs.listSummaries(10)).map((s) => s.id)).toEqual(['vr-b', 'vr-a']);
  });

  it('runs: a record past its retention is no longer listed', async () => {
    await b.runs.save(run('vr-old', '2026-11-01T10:00:00.000Z'), 10);
    await b.runs.save(run('vr-kept', '2026-11-02T10:00:00.000Z'), 3600);
    b.advance(60_000);
    expect((await b.runs.listSummaries(10)).map((s) => s.id)).toEqual(['vr-kept']);
  });
});

describe('redis stores when Redis is unreachable', () => {
  it('reject with store_unavailable', async () => {
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    const analytics = new RedisAnalyticsStore(client, 'x:');
    const runs = new RedisValidationRunStore(client, 'x:');
    await expect(analytics.list()).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(analytics.publish(snapshot('i', 1), 60)).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(runs.get('vr-1')).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(runs.save(run('vr-1', '2026-11-01T10:00:00.000Z'), 60)).rejects.toMatchObject({ code: 'store_unavailable' });
    client.disconnect();
  });
});
