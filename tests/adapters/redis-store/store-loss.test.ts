/**
 * A Redis that loses its data under running instances (restart without persistence, FLUSHALL) (#13.2): readiness
 * names it and is not ready, the log says it, runtime revocations and engaged kill switches that a live instance
 * knew of stay in force and are written back, and polls for jobs lost with the store get 410 job_lost, not 404.
 * Runs on a redis-server of its own and on a three-master cluster of its own (or REDIS_CLUSTER_URL's, where every
 * test key has a unique prefix; FLUSHALL there is replaced by deleting this test's keys), so no one else's data is touched.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../../../adapters/redis-store/connection.js';
import { RedisKeyNames } from '../../../adapters/redis-store/key-names.js';
import { RedisJobStore } from '../../../adapters/redis-store/jobs.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { createRedisStores } from '../../../adapters/redis-store/redis-stores.js';
import { isServiceError } from '../../../core/domain/errors.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { probeRoute } from '../../support/keys-probe.js';
import { hasRedisServerBinary, OwnRedisServer, uniquePrefix } from '../../support/redis.js';
import { acquireRedisCluster, type TestCluster } from '../../support/redis-cluster.js';
import { httpStatus } from '../../../adapters/http-h3/error-http.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('\n!!! store-loss test: no redis-server binary on PATH, so it is SKIPPED !!!\n');

const admin = testKey('loss-admin', ['*']);
const reader = testKey('loss-reader', ['rules:read']);
const as = (key: string, client = '198.51.100.80') => ({ 'x-api-key': key, 'x-forwarded-for': client });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(deadlineMs: number, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() - started > deadlineMs) return value;
    await sleep(100);
  }
}

function storeData(body: { data: { dependencies: Array<{ name: string; status: string; detail?: string }> } }) {
  return body.data.dependencies.find((d) => d.name === 'shared store data');
}

interface Target {
  url: string;
  /** Empties the store the way a restart without persistence would (only this test's keys on a shared cluster). */
  lose(client: RedisClient, prefixes: string[]): Promise<void>;
}

let server: OwnRedisServer | null = null;
let cluster: TestCluster | null = null;
beforeAll(async () => {
  if (!canRun) return;
  server = await OwnRedisServer.start();
  cluster = await acquireRedisCluster('store-loss');
});
afterAll(async () => {
  await server?.stopProcess();
  await cluster?.stop();
});

const targets: Array<{ name: string; target: () => Target | null }> = [
  { name: 'redis', target: () => (server ? { url: server.url, lose: async (client) => void (await client.flushall()) } : null) },
  {
    name: 'redis cluster',
    target: () =>
      cluster
        ? {
            url: cluster.url,
            lose: async (client, prefixes) => {
              for (const node of (client as import('ioredis').Cluster).nodes('master')) {
                for (const prefix of prefixes) {
                  const keys = await node.keys(`${prefix}*`);
                  if (keys.length > 0) await Promise.all(keys.map((key) => node.del(key)));
                }
              }
            },
          }
        : null,
  },
];

describe.skipIf(!canRun).each(targets)('a shared store that lost its data ($name)', ({ target: targetOf }) => {
  async function instance(url: string, prefix: string): Promise<TestApp> {
    return createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([admin.entry, reader.entry]), REDIS_URL: url },
      overrides: {
        ...PLATFORM_ONLY, keys: {
            stores: createRedisStores({ url, prefix }),
            settings: { revocationWindowMs: 500, propagationMs: 500, killSwitchCacheMs: 100 },
          },
        extraRoutes: [probeRoute],
      },
    });
  }

  it('is reported by readiness and the log, and revocations and kill switches a live instance knew of stay in force', async (ctx) => {
    const target = targetOf();
    if (!target) return ctx.skip();
    const prefix = uniquePrefix('loss');
    const a = await instance(target.url, prefix);
    const b = await instance(target.url, prefix);
    const redis = connectRedis(target.url, {});
    try {
      const ready = await b.request('GET', '/v1/ready');
      expect(storeData(ready.body)).toMatchObject({ status: 'ready', detail: 'no data loss seen' });
      // Instance a revokes an environment key and engages trial_mint; b only reads them.
      expect((await a.request('POST', '/v1/admin/keys/loss-reader/revoke', { headers: as(admin.key) })).status).toBe(200);
      expect((await a.request('POST', '/v1/admin/kill', { json: { switch: 'trial_mint', engaged: true, reason: 'abuse' }, headers: as(admin.key) })).status).toBe(200);
      expect((await b.request('GET', '/v1/test/probe', { headers: as(reader.key) })).status).toBe(401);
      await sleep(1_500); // b's watch reads the security state at least once
      await a.close();

      await target.lose(redis, [prefix]);
      const notReady = await until(10_000, () => b.request('GET', '/v1/ready'), (r) => storeData(r.body)?.status === 'unavailable');
      expect(notReady.status).toBe(503);
      expect(storeData(notReady.body)?.detail).toContain('the shared store lost its data at');
      expect(b.logs.entries().some((e) => e.level === 'error' && JSON.stringify(e).includes('lost its data'))).toBe(true);

      // Written back by b, which had only read them.
      const names = new RedisKeyNames(prefix);
      expect(await redis.hexists(names.environmentRevocations(), 'loss-reader')).toBe(1);
      expect(JSON.parse((await redis.hget(names.killSwitches(), 'trial_mint')) ?? '{}')).toMatchObject({ engaged: true, reason: 'abuse' });
      // And in force: past the revocation window the revoked key is still refused, and no trial key is minted.
      await sleep(600);
      expect((await b.request('GET', '/v1/test/probe', { headers: as(reader.key) })).status).toBe(401);
      expect((await b.request('GET', '/v1/test/probe', { headers: as(admin.key) })).status).toBe(200);
      const kill = await b.request('GET', '/v1/admin/kill', { headers: as(admin.key) });
      expect(kill.body.data.switches.trial_mint.engaged).toBe(true);
      const trial = await b.request('POST', '/v1/keys/trial', { clientAddress: '192.0.2.99' });
      expect(trial.status).toBe(503);
      expect(trial.body.error.code).toBe('trial_mint_disabled');

      // An instance started after the loss is told too (the marker records when).
      const c = await instance(target.url, prefix);
      try {
        expect(storeData((await c.request('GET', '/v1/ready')).body)?.detail).toContain('lost its data');
      } finally {
        await c.close();
      }
    } finally {
      await b.close();
      redis.disconnect();
    }
  }, 30_000);

  it('answers a poll for a job lost with the store 410 job_lost, and an unknown id before any loss not found', async (ctx) => {
    const target = targetOf();
    if (!target) return ctx.skip();
    const prefix = uniquePrefix('loss-jobs');
    const store = new RedisJobStore({ url: target.url, prefix });
    const redis = connectRedis(target.url, {});
    try {
      const job = await store.submit({ id: 'job-lost', api_key_id: 'k', created_at: new Date().toISOString(), requests: [] });
      expect((await store.get(job.id))?.status).toBe('pending');
      expect(await store.get('never-submitted')).toBeUndefined();

      await target.lose(redis, [`{${prefix}}`]);
      const poll = await store.get('job-lost').catch((e: unknown) => e);
      expect(isServiceError(poll) && poll.code).toBe('job_lost');
      expect(isServiceError(poll) && httpStatus(poll.code)).toBe(410);
      expect(isServiceError(poll) && poll.message).toContain('submit it again');
      expect((await store.health()).detail).toContain('lost its data at');
    } finally {
      await store.close();
      redis.disconnect();
    }
  });
});

describe.skipIf(!canRun)('GET /v1/jobs/{job_id} after the job store lost its data', () => {
  it('answers 410 job_lost in the error envelope the OpenAPI document describes', async () => {
    const own = await OwnRedisServer.start();
    const calculator = testKey('loss-calc', ['calculate:run']);
    const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
    const app = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([calculator.entry]) },
      config: { redisUrl: own.url },
      overrides: { ...PLATFORM_ONLY, calculation: { calculators: () => [fixture], settings: { jobRedisPrefix: uniquePrefix('loss-http') } } },
    });
    const redis = connectRedis(own.url, {});
    try {
      const headers = { 'x-api-key': calculator.key };
      const single = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } };
      const submitted = await app.request('POST', '/v1/jobs/calculate', { json: { requests: [single] }, headers });
      expect(submitted.status).toBe(202);
      const id: string = submitted.body.data.job_id;
      const done = await until(10_000, () => app.request('GET', `/v1/jobs/${id}`, { headers }), (r) => r.body.data?.status === 'succeeded');
      expect(done.status).toBe(200);

      await redis.flushall();
      const lost = await app.request('GET', `/v1/jobs/${id}`, { headers });
      expect(lost.status).toBe(410);
      expect(lost.body.error.code).toBe('job_lost');
      expect(lost.body.error.message).toContain('submit it again');
    } finally {
      redis.disconnect();
      await app.close();
      await own.stopProcess();
    }
  }, 30_000);
});
