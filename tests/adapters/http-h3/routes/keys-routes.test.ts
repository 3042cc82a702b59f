/**
 * Route tests for trial keys, admin keys, audit, kill switches and usage, on the memory store and on Redis.
 * Every response is checked against the OpenAPI document by the harness.
 */
import { PLATFORM_ONLY } from '../../../../composition/app.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import { createRedisStores } from '../../../../adapters/redis-store/redis-stores.js';
import type { KeysSettings } from '../../../../adapters/keys/settings.js';
import type { KeyStores } from '../../../../core/ports/key-stores.js';
import { hashKey } from '../../../../core/domain/keys/key-material.js';
import { createTestApp, testKey, type TestApp } from '../../../support/http-harness.js';
import { probeRoute } from '../../../support/keys-probe.js';
import { acquireRedis, deletePrefix, dumpPrefix, uniquePrefix } from '../../../support/redis.js';

const redis = await acquireRedis('keys routes');
afterAll(async () => redis?.stop());

const admin = testKey('ops-admin', ['*']);
const reader = testKey('env-reader', ['rules:read']);
const analyst = testKey('env-analyst', ['admin:analytics']);

const probe = probeRoute;

interface Backend {
  name: string;
  stores(): { stores: KeyStores; prefix: string | null };
}

const backends: Backend[] = [{ name: 'memory', stores: () => ({ stores: createMemoryStores(), prefix: null }) }];
if (redis) {
  backends.push({
    name: 'redis',
    stores: () => {
      const prefix = uniquePrefix('routes');
      return { stores: createRedisStores({ url: redis.url, prefix }), prefix };
    },
  });
}

describe.each(backends)('key routes on $name', (backend) => {
  const apps: Array<{ app: TestApp; prefix: string | null }> = [];
  const rawKeys: string[] = [admin.key, reader.key, analyst.key];

  afterEach(async () => {
    for (const { app, prefix } of apps.splice(0)) {
      await app.close();
      if (redis && prefix) {
        // No raw key may ever reach Redis: scan every key and value this test wrote.
        const dump = JSON.stringify(await dumpPrefix(redis.url, prefix));
        for (const raw of rawKeys) expect(dump.includes(raw)).toBe(false);
        expect(/tnt_[A-Za-z0-9_-]{32}/.test(dump)).toBe(false);
        await deletePrefix(redis.url, prefix);
      }
    }
  });

  async function start(options: { envKeys?: unknown[]; settings?: Partial<KeysSettings> } = {}): Promise<TestApp> {
    const { stores, prefix } = backend.stores();
    const app = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify(options.envKeys ?? [admin.entry, reader.entry, analyst.entry]) },
      overrides: { ...PLATFORM_ONLY, keys: { stores, settings: options.settings }, extraRoutes: [probe] },
    });
    apps.push({ app, prefix });
    return app;
  }

  const as = (key: string) => ({ 'x-api-key': key });

  async function issue(app: TestApp, body: Record<string, unknown>) {
    const res = await app.request('POST', '/v1/admin/keys', { json: body, headers: as(admin.key) });
    if (typeof res.body?.data?.key === 'string') rawKeys.push(res.body.data.key);
    return res;
  }

  async function trial(app: TestApp, body?: unknown, clientAddress = '192.0.2.10') {
    const res = await app.request('POST', '/v1/keys/trial', body === undefined ? { clientAddress } : { json: body, clientAddress });
    if (typeof res.body?.data?.key === 'string') rawKeys.push(res.body.data.key);
    return res;
  }

  describe('POST /v1/admin/keys', () => {
    it('201: issues a key shown once that authenticates with its own rate limit', async () => {
      const app = await start();
      const res = await issue(app, { id: 'partner-a', scopes: ['rules:read'], owner: 'Partner A', note: 'pilot', rate_limit: { requests: 7, window_seconds: 30 } });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data.key).toMatch(/^tnt_[A-Za-z0-9_-]{32}$/);
      expect(data.entry).toMatchObject({ id: 'partner-a', scopes: ['rules:read'], status: 'active', owner: 'Partner A', note: 'pilot', rate_limit: { requests: 7, window_seconds: 30 } });
      expect(data.key.startsWith(data.entry.prefix)).toBe(true);
      expect(data.durable).toBe(backend.name === 'redis');
      expect(data.warning).toMatch(/only once/);
      const probeRes = await app.request('GET', '/v1/test/probe', { headers: { authorization: `Bearer ${data.key}` } });
      expect(probeRes.status).toBe(200);
      expect(probeRes.body.data).toEqual({ key_id: 'partner-a', kind: 'store' });
      expect(probeRes.headers.get('x-ratelimit-limit')).toBe('7');
      expect(probeRes.headers.get('x-ratelimit-remaining')).toBe('6');
      expect(Number(probeRes.headers.get('x-ratelimit-reset')) % 30).toBe(0);
    });

    it('400: validates IssueKeyRequest', async () => {
      const app = await start();
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ scopes: ['rules:read'] }, 'id'],
        [{ id: 'ab', scopes: ['rules:read'] }, 'id'],
        [{ id: 'Upper-case', scopes: ['rules:read'] }, 'id'],
        [{ id: '-leading', scopes: ['rules:read'] }, 'id'],
        [{ id: 'x'.repeat(65), scopes: ['rules:read'] }, 'id'],
        [{ id: 'okay-id', scopes: [] }, 'scopes'],
        [{ id: 'okay-id' }, 'scopes'],
        [{ id: 'okay-id', scopes: ['rules:read'], owner: 'o'.repeat(121) }, 'owner'],
        [{ id: 'okay-id', scopes: ['rules:read'], note: 'n'.repeat(501) }, 'note'],
        [{ id: 'okay-id', scopes: ['rules:read'], expires_at: 'tomorrow' }, 'expires_at'],
        [{ id: 'okay-id', scopes: ['rules:read'], expires_at: '2000-01-01T00:00:00Z' }, 'expires_at'],
        [{ id: 'okay-id', scopes: ['rules:read'], rate_limit: { requests: 0, window_seconds: 60 } }, 'rate_limit.requests'],
        [{ id: 'okay-id', scopes: ['rules:read'], rate_limit: { requests: 5, window_seconds: 1.5 } }, 'rate_limit.window_seconds'],
        [{ id: 'okay-id', scopes: ['rules:read'], extra: true }, 'extra'],
      ];
      for (const [body, field] of bad) {
        const res = await issue(app, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
        expect(res.body.error.message.startsWith(field), res.body.error.message).toBe(true);
      }
      const listed = await app.request('GET', '/v1/admin/keys', { headers: as(admin.key) });
      expect(listed.body.data.keys.filter((k: { source: string }) => k.source === 'store')).toEqual([]);
    });

    it('400: refuses an unknown scope, naming it, the closest valid one and the valid list', async () => {
      const app = await start();
      const res = await issue(app, { id: 'typo-key', scopes: ['rules:read', 'rules:raed'] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toBe(
        'scopes[1]: unknown scope "rules:raed" (did you mean "rules:read"?); valid scopes: *, rules:read, sources:read, graphs:read, calculate:run, admin:parity, admin:analytics, admin:keys, compat:external',
      );
      const listed = await app.request('GET', '/v1/admin/keys', { headers: as(admin.key) });
      expect(listed.body.data.keys.some((k: { id: string }) => k.id === 'typo-key')).toBe(false);
    });

    it('401, 403 and 409', async () => {
      const app = await start();
      expect((await app.request('POST', '/v1/admin/keys', { json: { id: 'x-key', scopes: ['*'] } })).status).toBe(401);
      const denied = await app.request('POST', '/v1/admin/keys', { json: { id: 'x-key', scopes: ['*'] }, headers: as(reader.key) });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('insufficient_scope');
      expect(denied.body.error.message).toContain('admin:keys');
      expect((await issue(app, { id: 'dup-key', scopes: ['rules:read'] })).status).toBe(201);
      const conflict = await issue(app, { id: 'dup-key', scopes: ['rules:read'] });
      expect(conflict.status).toBe(409);
      expect(conflict.body.error.code).toBe('key_id_conflict');
      expect((await issue(app, { id: 'env-reader', scopes: ['rules:read'] })).status).toBe(409);
    });
  });

  describe('GET /v1/admin/keys', () => {
    it('200: lists environment and store keys without values or hashes', async () => {
      const app = await start();
      const issued = await issue(app, { id: 'listed-key', scopes: ['calculate:run'], expires_at: '2030-01-01T00:00:00Z' });
      const res = await app.request('GET', '/v1/admin/keys', { headers: as(admin.key) });
      expect(res.status).toBe(200);
      expect(res.body.data.store).toBe(backend.name);
      const byId = Object.fromEntries(res.body.data.keys.map((k: { id: string }) => [k.id, k]));
      expect(byId['ops-admin']).toEqual({ id: 'ops-admin', source: 'environment', scopes: ['*'], status: 'active', runtime_revoked: false });
      expect(byId['listed-key']).toMatchObject({ source: 'store', scopes: ['calculate:run'], status: 'active', runtime_revoked: false, expires_at: '2030-01-01T00:00:00.000Z' });
      for (const secret of [admin.key, issued.body.data.key, admin.entry.sha256, hashKey(issued.body.data.key)]) expect(res.text).not.toContain(secret);
    });

    it('401 and 403', async () => {
      const app = await start();
      expect((await app.request('GET', '/v1/admin/keys', { headers: as('tnt_not-a-real-key') })).status).toBe(401);
      expect((await app.request('GET', '/v1/admin/keys', { headers: as(analyst.key) })).status).toBe(403);
    });
  });

  describe('POST /v1/admin/keys/{key_id}/revoke', () => {
    it('200: revokes store keys at once on this instance', async () => {
      const app = await start();
      const issued = await issue(app, { id: 'to-revoke', scopes: ['rules:read'] });
      expect((await app.request('GET', '/v1/test/probe', { headers: as(issued.body.data.key) })).status).toBe(200);
      const res = await app.request('POST', '/v1/admin/keys/to-revoke/revoke', { headers: as(admin.key) });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 'to-revoke', revoked: true, durable: backend.name === 'redis' });
      const refused = await app.request('GET', '/v1/test/probe', { headers: as(issued.body.data.key) });
      expect(refused.status).toBe(401);
      const listed = await app.request('GET', '/v1/admin/keys', { headers: as(admin.key) });
      expect(listed.body.data.keys.find((k: { id: string }) => k.id === 'to-revoke')).toMatchObject({ status: 'revoked', runtime_revoked: true });
    });

    it('200: revokes environment keys at runtime, noting that permanence needs the registry', async () => {
      const app = await start();
      const res = await app.request('POST', '/v1/admin/keys/env-reader/revoke', { headers: as(admin.key) });
      expect(res.status).toBe(200);
      expect(res.body.data.note).toContain('SERVICE_API_KEYS');
      expect((await app.request('GET', '/v1/test/probe', { headers: as(reader.key) })).status).toBe(401);
      const listed = await app.request('GET', '/v1/admin/keys', { headers: as(admin.key) });
      expect(listed.body.data.keys.find((k: { id: string }) => k.id === 'env-reader')).toMatchObject({ source: 'environment', status: 'revoked', runtime_revoked: true });
    });

    it('404 for unknown ids, 401 and 403', async () => {
      const app = await start();
      const missing = await app.request('POST', '/v1/admin/keys/no-such-key/revoke', { headers: as(admin.key) });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
      expect((await app.request('POST', '/v1/admin/keys/env-reader/revoke')).status).toBe(401);
      expect((await app.request('POST', '/v1/admin/keys/env-reader/revoke', { headers: as(reader.key) })).status).toBe(403);
    });
  });

  describe('POST /v1/keys/trial', () => {
    it('201: issues a trial key with the fixed policy, audited without the key', async () => {
      const app = await start();
      const res = await trial(app, { label: 'docs reader' });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data).toMatchObject({ scopes: ['rules:read', 'sources:read', 'graphs:read', 'calculate:run'], rate_limit: { requests: 30, window_seconds: 60 }, quota_cu: 10_000, ttl_days: 14, durable: backend.name === 'redis' });
      expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
      const probeRes = await app.request('GET', '/v1/test/probe', { headers: as(data.key) });
      expect(probeRes.body.data).toEqual({ key_id: data.key_id, kind: 'trial' });
      expect(probeRes.headers.get('x-ratelimit-limit')).toBe('30');
      expect((await app.request('GET', '/v1/admin/keys', { headers: as(data.key) })).status).toBe(403);
      const audit = await app.request('GET', '/v1/admin/audit', { headers: as(admin.key) });
      const entry = audit.body.data.entries.find((e: { action: string }) => e.action === 'trial.issue');
      expect(entry).toMatchObject({ target: data.key_id, actor: null, client: '192.0.2.10' });
      expect(audit.text).not.toContain(data.key);
      // no body at all is fine too
      expect((await trial(app)).status).toBe(201);
    });

    it('400 for a long or non-string label and unknown fields', async () => {
      const app = await start();
      const long = await trial(app, { label: 'l'.repeat(121) });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toMatch(/^label/);
      expect((await trial(app, { label: 5 })).status).toBe(400);
      expect((await trial(app, { label: 'ok', key_id: 'mine' })).status).toBe(400);
    });

    it('429 when the per-client or global daily cap is reached', async () => {
      const app = await start({ settings: { trialPerClientPerDay: 2, trialGlobalPerDay: 3 } });
      expect((await trial(app, {}, '198.51.100.1')).status).toBe(201);
      expect((await trial(app, {}, '198.51.100.1')).status).toBe(201);
      const perClient = await trial(app, {}, '198.51.100.1');
      expect(perClient.status).toBe(429);
      expect(perClient.body.error.code).toBe('trial_issuance_limited');
      expect(Number(perClient.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await trial(app, {}, '198.51.100.2')).status).toBe(201);
      const global = await trial(app, {}, '198.51.100.3');
      expect(global.status).toBe(429);
      expect(global.body.error.message).toContain('global');
    });

    it('503 while trial_mint is engaged', async () => {
      const app = await start();
      const set = await app.request('POST', '/v1/admin/kill', { json: { switch: 'trial_mint', engaged: true, reason: 'bot wave' }, headers: as(admin.key) });
      expect(set.status).toBe(200);
      const refused = await trial(app);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('trial_mint_disabled');
      await app.request('POST', '/v1/admin/kill', { json: { switch: 'trial_mint', engaged: false, reason: 'over' }, headers: as(admin.key) });
      expect((await trial(app)).status).toBe(201);
    });
  });

  describe('GET and POST /v1/admin/kill', () => {
    it('200: reports and sets switches; engaged trial_traffic refuses trial keys with 403', async () => {
      const app = await start();
      const key = (await trial(app)).body.data.key;
      const initial = await app.request('GET', '/v1/admin/kill', { headers: as(admin.key) });
      expect(initial.status).toBe(200);
      expect(initial.body.data.switches.trial_traffic).toEqual({ engaged: false, reason: null, updated_at: null, updated_by: null });
      const set = await app.request('POST', '/v1/admin/kill', { json: { switch: 'trial_traffic', engaged: true, reason: 'abuse' }, headers: as(admin.key) });
      expect(set.body.data.switches.trial_traffic).toMatchObject({ engaged: true, reason: 'abuse', updated_by: 'ops-admin' });
      const refused = await app.request('GET', '/v1/test/probe', { headers: as(key) });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('trial_traffic_disabled');
      expect((await app.request('GET', '/v1/test/probe', { headers: as(reader.key) })).status).toBe(200);
      await app.request('POST', '/v1/admin/kill', { json: { switch: 'trial_traffic', engaged: false, reason: 'calm again' }, headers: as(admin.key) });
      expect((await app.request('GET', '/v1/test/probe', { headers: as(key) })).status).toBe(200);
      const audit = await app.request('GET', '/v1/admin/audit', { headers: as(admin.key) });
      const kills = audit.body.data.entries.filter((e: { action: string }) => e.action === 'kill_switch.set');
      expect(kills.map((e: { detail: { engaged: boolean } }) => e.detail.engaged)).toEqual([false, true]);
    });

    it('400 for bad bodies; 401; 403 without admin:keys', async () => {
      const app = await start();
      for (const body of [
        { switch: 'trial_traffic', engaged: true, reason: '' },
        { switch: 'trial_traffic', engaged: true, reason: 'r'.repeat(501) },
        { switch: 'everything', engaged: true, reason: 'x' },
        { switch: 'trial_mint', engaged: 'yes', reason: 'x' },
        { switch: 'trial_mint', engaged: true },
      ]) {
        expect((await app.request('POST', '/v1/admin/kill', { json: body, headers: as(admin.key) })).status, JSON.stringify(body)).toBe(400);
      }
      expect((await app.request('GET', '/v1/admin/kill')).status).toBe(401);
      expect((await app.request('GET', '/v1/admin/kill', { headers: as(analyst.key) })).status).toBe(403);
      expect((await app.request('POST', '/v1/admin/kill', { json: { switch: 'trial_mint', engaged: true, reason: 'x' }, headers: as(analyst.key) })).status).toBe(403);
    });
  });

  describe('GET /v1/admin/audit', () => {
    it('200: newest first with the spec fields; 403 without admin:keys', async () => {
      const app = await start();
      await issue(app, { id: 'audited-key', scopes: ['rules:read', 'sources:read'] });
      await app.request('POST', '/v1/admin/keys/audited-key/revoke', { headers: { ...as(admin.key), 'x-request-id': 'revoke-req-1' }, clientAddress: '203.0.113.7' });
      const res = await app.request('GET', '/v1/admin/audit', { headers: as(admin.key) });
      expect(res.status).toBe(200);
      expect(res.body.data.store).toBe(backend.name);
      const [revoked, issued] = res.body.data.entries;
      expect(revoked).toMatchObject({ action: 'key.revoke', target: 'audited-key', actor: 'ops-admin', client: '203.0.113.7', request_id: 'revoke-req-1' });
      expect(issued).toMatchObject({ action: 'key.issue', target: 'audited-key', actor: 'ops-admin', detail: { scopes: ['rules:read', 'sources:read'] } });
      expect(Date.parse(revoked.at)).toBeGreaterThanOrEqual(Date.parse(issued.at));
      expect((await app.request('GET', '/v1/admin/audit', { headers: as(analyst.key) })).status).toBe(403);
    });
  });

  describe('GET /v1/admin/usage', () => {
    it('200: per-key requests this month, sorted; 400 for a bad month; 403 without admin:analytics', async () => {
      const app = await start();
      for (let i = 0; i < 3; i++) await app.request('GET', '/v1/test/probe', { headers: as(reader.key) });
      await app.request('GET', '/v1/test/probe', { headers: as(admin.key) });
      const res = await app.request('GET', '/v1/admin/usage', { headers: as(analyst.key) });
      expect(res.status).toBe(200);
      expect(res.body.data.month).toBe(new Date().toISOString().slice(0, 7));
      // the usage request itself counts for the analyst key; ties sort by key id
      expect(res.body.data.usage).toEqual([
        { api_key_id: 'env-reader', requests: 3 },
        { api_key_id: 'env-analyst', requests: 1 },
        { api_key_id: 'ops-admin', requests: 1 },
      ]);
      const past = await app.request('GET', '/v1/admin/usage?month=2020-01', { headers: as(analyst.key) });
      expect(past.body.data).toEqual({ month: '2020-01', usage: [], store: backend.name });
      for (const month of ['2026-13', '2026-1', 'latest', '2026-11&month=2026-10']) {
        const bad = await app.request('GET', `/v1/admin/usage?month=${month}`, { headers: as(analyst.key) });
        expect(bad.status, month).toBe(400);
        expect(bad.body.error.message).toMatch(/^month/);
      }
      expect((await app.request('GET', '/v1/admin/usage', { headers: as(reader.key) })).status).toBe(403);
    });
  });

  describe('authentication, limits and throttling through HTTP', () => {
    it('x-api-key wins over Bearer; identical 401s', async () => {
      const app = await start();
      const both = await app.request('GET', '/v1/test/probe', { headers: { 'x-api-key': reader.key, authorization: `Bearer ${admin.key}` } });
      expect(both.body.data.key_id).toBe('env-reader');
      const bodies = await Promise.all(
        ([{}, as('nope'), { authorization: 'Bearer nope' }, { authorization: `Basic ${admin.key}` }] as Array<Record<string, string>>).map(async (headers) => {
          const res = await app.request('GET', '/v1/test/probe', { headers });
          expect(res.status).toBe(401);
          expect(res.headers.get('x-ratelimit-limit')).toBeNull();
          return { error: res.body.error, data: res.body.data };
        }),
      );
      for (const body of bodies) expect(body).toEqual(bodies[0]);
    });

    it('429 rate_limited with retry-after and data.retry_after_seconds', async () => {
      const app = await start();
      const limited = await issue(app, { id: 'tiny-limit', scopes: ['rules:read'], rate_limit: { requests: 2, window_seconds: 3600 } });
      const key = limited.body.data.key;
      expect((await app.request('GET', '/v1/test/probe', { headers: as(key) })).status).toBe(200);
      expect((await app.request('GET', '/v1/test/probe', { headers: as(key) })).headers.get('x-ratelimit-remaining')).toBe('0');
      const res = await app.request('GET', '/v1/test/probe', { headers: as(key) });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      const retry = Number(res.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(3600);
      expect(res.body.data.retry_after_seconds).toBe(retry);
      expect(res.headers.get('x-ratelimit-limit')).toBe('2');
    });

    it('429 auth_throttled after 20 failures from one client, even with a valid key', async () => {
      const app = await start();
      const client = { clientAddress: '203.0.113.99' };
      for (let i = 0; i < 20; i++) expect((await app.request('GET', '/v1/test/probe', { headers: { 'x-api-key': `wrong-${i}` }, ...client })).status).toBe(401);
      const throttled = await app.request('GET', '/v1/test/probe', { headers: { 'x-api-key': admin.key }, ...client });
      expect(throttled.status).toBe(429);
      expect(throttled.body.error.code).toBe('auth_throttled');
      // the message says how long to wait, the same number of seconds as retry-after
      const wait = Number(throttled.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(throttled.body.error.message).toMatch(new RegExp(`retry after ${wait} seconds?\\b`));
      expect((await app.request('GET', '/v1/test/probe', { headers: { 'x-api-key': admin.key }, clientAddress: '203.0.113.100' })).status).toBe(200);
    });

    it('503 auth_not_configured when no keys exist anywhere', async () => {
      if (backend.name === 'redis') return; // a shared store is a key source in itself
      const app = await start({ envKeys: [] });
      const res = await app.request('GET', '/v1/test/probe', { headers: as('anything') });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('auth_not_configured');
      // the message says how to fix it: a trial key, or an operator key in SERVICE_API_KEYS
      for (const fix of ['POST /v1/keys/trial', 'tenet keys generate', 'SERVICE_API_KEYS']) expect(res.body.error.message).toContain(fix);
      // minting a trial key creates a key source
      const key = (await trial(app)).body.data.key;
      expect((await app.request('GET', '/v1/test/probe', { headers: as(key) })).status).toBe(200);
    });
  });
});
