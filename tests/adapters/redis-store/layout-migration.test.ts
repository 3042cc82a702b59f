/**
 * Upgrading keeps the data (#13 follow-up): keys written with the untagged names of earlier versions (the names of
 * b876e37's redis-stores.ts, jobs.ts, analytics.ts, validation-runs.ts) move to the tagged names at start-up, before
 * the app serves. Each test writes old-layout data under a prefix of its own on REDIS_URL (or a redis-server of
 * its own), so nobody else's keys are touched.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPrefix, RedisKeyNames } from '../../../adapters/redis-store/key-names.js';
import { migrateLayout } from '../../../adapters/redis-store/layout-migration.js';
import { createRedisStores } from '../../../adapters/redis-store/redis-stores.js';
import { jobLayoutPlan, keyLayoutPlan } from '../../../adapters/redis-store/layout-plans.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { probeRoute } from '../../support/keys-probe.js';
import { acquireRedis, uniquePrefix, type TestRedis } from '../../support/redis.js';

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
const admin = testKey('layout-admin', ['*']);
const revokedEnv = testKey('layout-env-revoked', ['rules:read']);
const issued = testKey('layout-issued', ['rules:read', 'calculate:run']);
const revokedIssued = testKey('layout-issued-revoked', ['rules:read']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const month = new Date().toISOString().slice(0, 7);

let redis: TestRedis | null = null;
let client: Redis | null = null;
beforeAll(async () => {
  redis = await acquireRedis('layout migration');
  if (redis) client = new Redis(redis.url);
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

/** What a deployment of the earlier version left in Redis, written with that version's names. */
async function writeOldLayout(r: Redis, p: string, jobsPrefix: string): Promise<void> {
  const record = (key: typeof issued) => ({
    id: key.entry.id,
    hash: key.entry.sha256,
    prefix: key.key.slice(0, 8),
    scopes: key.entry.scopes,
    kind: 'admin',
    created_at: '2026-11-01T00:00:00.000Z',
  });
  for (const key of [issued, revokedIssued]) {
    await r.set(`${p}key:${key.entry.id}`, JSON.stringify(record(key)));
    await r.set(`${p}keyhash:${key.entry.sha256}`, key.entry.id);
    await r.sadd(`${p}keys`, key.entry.id);
  }
  await r.hset(`${p}key-revoked`, revokedIssued.entry.id, '2026-11-02T00:00:00.000Z');
  await r.hset(`${p}env-revoked`, revokedEnv.entry.id, '2026-11-03T00:00:00.000Z');
  const engaged = { engaged: true, reason: 'abuse before the upgrade', updated_at: '2026-11-04T00:00:00.000Z', updated_by: 'layout-admin' };
  await r.hset(`${p}kill`, 'trial_mint', JSON.stringify(engaged));
  await r.hset(`${p}usage:${month}`, issued.entry.id, 7);
  await r.set(`${p}ctr:some-window`, 3, 'EX', 600);
  const audit = { at: new Date().toISOString(), action: 'kill_switch.set', target: 'trial_mint', actor: 'layout-admin', client: null, request_id: 'old-request' };
  await r.zadd(`${p}audit`, Date.now(), `${'1'.padStart(16, '0')}|${JSON.stringify(audit)}`);
  await r.set(`${p}audit-seq`, 1);
  const queue = new Queue('calculate', { connection: r.duplicate(), prefix: jobsPrefix });
  const request = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 3 } } };
  await queue.add('calculate', { api_key_id: issued.entry.id, created_at: new Date().toISOString(), requests: [request] }, { jobId: 'job-from-before', attempts: 1 });
  await queue.close();
}

async function upgradedApp(url: string, p: string, jobsPrefix: string): Promise<TestApp> {
  return createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([admin.entry, revokedEnv.entry]), REDIS_URL: url, REDIS_KEY_PREFIX: p },
    overrides: {
      ...PLATFORM_ONLY, keys: {}, calculation: { calculators: () => [fixture], settings: { jobRedisPrefix: jobsPrefix } },
      extraRoutes: [probeRoute],
    },
  });
}

describe('an upgrade from the untagged key layout', () => {
  it('keeps keys, revocations, kill switches, usage, audit and queued jobs, and says what it moved', async (ctx) => {
    if (!redis || !client) return ctx.skip();
    const p = uniquePrefix('layout');
    const jobsPrefix = uniquePrefix('layout-jobs').slice(0, -1);
    await writeOldLayout(client, p, jobsPrefix);

    const app = await upgradedApp(redis.url, p, jobsPrefix);
    try {
      const as = (key: string) => ({ 'x-api-key': key });
      // Security state kept: the runtime-revoked environment key and the revoked issued key stay refused.
      expect((await app.request('GET', '/v1/test/probe', { headers: as(revokedEnv.key) })).status).toBe(401);
      expect((await app.request('GET', '/v1/test/probe', { headers: as(revokedIssued.key) })).status).toBe(401);
      expect((await app.request('GET', '/v1/test/probe', { headers: as(issued.key) })).body.data).toEqual({ key_id: issued.entry.id, kind: 'store' });
      const kill = await app.request('GET', '/v1/admin/kill', { headers: as(admin.key) });
      expect(kill.body.data.switches.trial_mint).toMatchObject({ engaged: true, reason: 'abuse before the upgrade' });
      const trial = await app.request('POST', '/v1/keys/trial', { clientAddress: '192.0.2.41' });
      expect([trial.status, trial.body.error.code]).toEqual([503, 'trial_mint_disabled']);

      // Billing and audit kept (the one probe above with the issued key adds one request to its 7).
      const usage = await app.request('GET', `/v1/admin/usage?month=${month}`, { headers: as(admin.key) });
      expect(JSON.stringify(usage.body.data)).toContain(issued.entry.id);
      const audit = await app.request('GET', '/v1/admin/audit', { headers: as(admin.key) });
      expect(JSON.stringify(audit.body.data)).toContain('old-request');

      // The job queued before the upgrade is run and answered to the key that submitted it.
      let job = await app.request('GET', '/v1/jobs/job-from-before', { headers: as(issued.key) });
      for (let i = 0; i < 100 && job.body.data?.status !== 'succeeded'; i++) {
        await sleep(100);
        job = await app.request('GET', '/v1/jobs/job-from-before', { headers: as(issued.key) });
      }
      expect(job.status).toBe(200);
      expect(job.body.data).toMatchObject({ status: 'succeeded', total: 1, completed: 1 });

      // Nothing is left under the old names; TTLs came along; the markers record the runs.
      const n = new RedisKeyNames(p);
      expect((await client.keys(`${p}*`)).filter((name) => !name.startsWith(`${p}{`))).toEqual([]);
      expect(await client.keys(`${jobsPrefix}:*`)).toEqual([]);
      expect(await client.get(n.counter('some-window'))).toBe('3');
      expect(await client.ttl(n.counter('some-window'))).toBeGreaterThan(0);
      expect(JSON.parse((await client.get(n.layoutMigrated())) ?? '{}')).toMatchObject({ conflicts: 0 });
      expect(await client.exists(`${jobPrefix(jobsPrefix)}:layout-migrated`)).toBe(1);

      // The log says what moved, by kind and count, and never a key id or hash.
      const moved = app.logs.entries().filter((e) => String(e.msg).includes('earlier key layout'));
      expect(moved.map((e) => (e as { layout?: string }).layout).sort()).toEqual(['jobs', 'keys']);
      const keysLine = moved.find((e) => (e as { layout?: string }).layout === 'keys') as unknown as { counts: Record<string, Record<string, number>> };
      expect(keysLine.counts['issued key records']).toEqual({ moved: 2 });
      expect(keysLine.counts['environment key revocations']).toEqual({ moved: 1 });
      expect(keysLine.counts['kill switches']).toEqual({ moved: 1 });
      const text = JSON.stringify(app.logs.entries());
      for (const secret of [issued.entry.sha256, revokedEnv.entry.sha256, p]) expect(text).not.toContain(secret);
      expect(app.logs.entries().filter((e) => e.level === 'error')).toEqual([]);
    } finally {
      await app.close();
    }

    // A second start finds the markers and moves nothing.
    const again = await upgradedApp(redis.url, p, jobsPrefix);
    try {
      expect(again.logs.entries().some((e) => JSON.stringify(e).includes('earlier key layout'))).toBe(false);
      expect((await again.request('GET', '/v1/test/probe', { headers: { 'x-api-key': revokedEnv.key } })).status).toBe(401);
    } finally {
      await again.close();
    }
  }, 30_000);

  it('moves every key exactly once when two instances start together', async (ctx) => {
    if (!redis || !client) return ctx.skip();
    const p = uniquePrefix('layout-race');
    const ids = Array.from({ length: 300 }, (_, i) => `id-${i}`);
    for (const id of ids) await client.set(`${p}key:${id}`, id);
    await client.hset(`${p}env-revoked`, 'env-a', 'at');
    // Operations stores share the prefix: validation runs and analytics snapshots move too, expiry included.
    await client.set(`${p}vrun:vr-1`, 'record', 'EX', 600);
    await client.set(`${p}vrun-summary:vr-1`, 'summary', 'EX', 600);
    await client.zadd(`${p}vruns`, Date.now() + 600_000, 'vr-1');
    await client.set(`${p}analytics:instance:i-1`, 'snapshot', 'EX', 60);
    await client.zadd(`${p}analytics:instances`, Date.now() + 60_000, 'i-1');
    const [a, b] = [new Redis(redis.url), new Redis(redis.url)];
    try {
      const plan = keyLayoutPlan(new RedisKeyNames(p));
      const reports = await Promise.all([migrateLayout(a, plan), migrateLayout(b, plan)]);
      // One moved the keys; the other waited for it (or, on a slow machine, only came after it and found the marker).
      const done = reports.find((r) => r.status === 'migrated')!;
      expect(reports.filter((r) => r !== done).map((r) => r.status)).toEqual([expect.stringMatching(/^(by-another|already)$/)]);
      expect(done.counts['issued key records']).toEqual({ moved: 300 });
      const n = new RedisKeyNames(p);
      const values = await client.mget(ids.map((id) => n.keyRecord(id)));
      expect(values).toEqual(ids);
      expect(await client.hgetall(n.environmentRevocations())).toEqual({ 'env-a': 'at' });
      expect(await client.keys(`${p}key:*`)).toEqual([]);
      expect(await client.mget(n.validationRun('vr-1'), n.validationRunSummary('vr-1'), n.analyticsSnapshot('i-1'))).toEqual(['record', 'summary', 'snapshot']);
      expect(await client.ttl(n.validationRun('vr-1'))).toBeGreaterThan(0);
      expect(await client.zrange(n.validationRunIndex(), 0, -1)).toEqual(['vr-1']);
      expect(await client.zrange(n.analyticsIndex(), 0, -1)).toEqual(['i-1']);
      expect((await client.keys(`${p}*`)).filter((name) => !name.startsWith(`${p}{`))).toEqual([]);
      expect(await client.exists(n.layoutMigrationLock())).toBe(0);
      // Idempotent: run again (marker present), nothing changes.
      expect((await migrateLayout(a, plan)).status).toBe('already');
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it('merges into names the new version already wrote, and leaves what cannot be merged in place, reported', async (ctx) => {
    if (!redis || !client) return ctx.skip();
    const p = uniquePrefix('layout-merge');
    const n = new RedisKeyNames(p);
    // Written by old-version instances, then by a new one before the migration ran (e.g. a rolling upgrade).
    await client.hset(`${p}env-revoked`, 'old-env', 'old-at', 'both', 'old-value');
    await client.hset(n.environmentRevocations(), 'new-env', 'new-at', 'both', 'new-value');
    await client.sadd(`${p}keys`, 'a', 'b');
    await client.sadd(n.keyIds(), 'b', 'c');
    await client.set(`${p}audit-seq`, 9);
    await client.set(n.auditSequence(), 2);
    const report = await migrateLayout(client, keyLayoutPlan(n));
    expect(report.status).toBe('migrated');
    expect(await client.hgetall(n.environmentRevocations())).toEqual({ 'old-env': 'old-at', 'new-env': 'new-at', both: 'new-value' });
    expect((await client.smembers(n.keyIds())).sort()).toEqual(['a', 'b', 'c']);
    expect(await client.exists(`${p}env-revoked`, `${p}keys`)).toBe(0);
    // A string both versions hold is not guessed at: the old key stays, and the report counts it.
    expect(report.conflicts).toBe(1);
    expect(report.counts['audit sequence']).toEqual({ conflict: 1 });
    expect(await client.get(`${p}audit-seq`)).toBe('9');
  });

  it('moves the keys when a Redis unreachable at start first answers', async (ctx) => {
    if (!redis || !client) return ctx.skip();
    const p = uniquePrefix('layout-late');
    await client.hset(`${p}env-revoked`, 'env-late', 'at');
    const gate = await closedGate(new URL(redis.url));
    const stores = createRedisStores({ url: `redis://127.0.0.1:${gate.port}`, prefix: p });
    try {
      expect(await stores.connected()).toBe(false);
      expect(await client.exists(`${p}env-revoked`)).toBe(1);
      gate.open();
      const n = new RedisKeyNames(p);
      for (let i = 0; i < 50 && (await client.exists(n.layoutMigrated())) === 0; i++) await sleep(100);
      expect(await client.hgetall(n.environmentRevocations())).toEqual({ 'env-late': 'at' });
      expect(await client.exists(`${p}env-revoked`)).toBe(0);
      expect([...(await stores.keys.revokedEnvironmentKeys())]).toEqual(['env-late']);
    } finally {
      await stores.close();
      await gate.close();
    }
  });

  it('has nothing to move for a job prefix that already carries a hash tag', () => {
    expect(jobLayoutPlan('{tenet:jobs}')).toBeNull();
    expect(jobLayoutPlan('tenet:jobs')?.moves).toEqual([{ kind: 'job queue keys', oldName: 'tenet:jobs:', newName: '{tenet:jobs}:', prefix: true }]);
  });
});

/** A TCP proxy to Redis that hangs up on every connection until opened (a Redis unreachable at start). */
async function closedGate(target: URL): Promise<{ port: number; open(): void; close(): Promise<void> }> {
  let open = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (!open) return void socket.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    open: () => void (open = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
