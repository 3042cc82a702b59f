import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryValidationRunStore } from '../../../../../adapters/memory-store/validation-runs.js';
import { ServiceError } from '../../../../../core/domain/errors.js';
import type { AnalyticsStore } from '../../../../../core/ports/analytics-store.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../../../../support/redis.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { analyst, auth, limited, operationsApp, reader } from './support.js';

describe('GET /v1/admin/analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await operationsApp({ settings: { instanceId: 'inst-local' } });
  });
  afterAll(() => t.close());

  it('401 without a key and 403 without admin:analytics', async () => {
    expect((await t.request('GET', '/v1/admin/analytics')).status).toBe(401);
    const res = await t.request('GET', '/v1/admin/analytics', { headers: auth(reader) });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
  });

  it('400 for a scope other than local or global', async () => {
    const res = await t.request('GET', '/v1/admin/analytics?scope=everything', { headers: auth(analyst) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/scope/);
  });

  it('200 local snapshot counting every earlier response by route pattern, status, auth event and key', async () => {
    await t.request('GET', '/v1/admin/validation/runs/vr-missing', { headers: auth(analyst) });
    await t.request('GET', '/v1/admin/analytics', { headers: auth(limited) });
    await t.request('GET', '/v1/admin/analytics', { headers: auth(limited) }); // over its 1-request window
    // Unknown /v1 routes need a key (rules:read) before their 404.
    await t.request('GET', '/v1/no-such-route', { headers: auth(reader) });
    const res = await t.request('GET', '/v1/admin/analytics', { headers: auth(analyst) });
    expect(res.status).toBe(200);
    const snap = res.body.data;
    expect(snap.instance_id).toBe('inst-local');
    // The earlier tests' 401, 403, 400 and these four; the current request is not counted yet.
    expect(snap.totals).toEqual({ requests: 7, by_status: { '200': 1, '400': 1, '401': 1, '403': 1, '404': 2, '429': 1 } });
    expect(snap.auth_events).toEqual({ unauthorized: 1, insufficient_scope: 1, rate_limited: 1, auth_throttled: 0, auth_misconfigured: 0 });
    expect(snap.routes[0]).toMatchObject({ route: 'GET /v1/admin/analytics', requests: 5, success: 1, client_errors: 4, server_errors: 0 });
    expect(snap.routes.map((r: { route: string }) => r.route)).toEqual(['GET /v1/admin/analytics', '(unmatched)', 'GET /v1/admin/validation/runs/:run_id']);
    const keys = Object.fromEntries(snap.keys.map((k: { api_key_id: string }) => [k.api_key_id, k]));
    expect(keys.limited).toMatchObject({ requests: 2, rate_limited: 1 });
    expect(keys.reader).toMatchObject({ requests: 2, rate_limited: 0 });
    expect(keys.analyst.requests).toBe(2);
  });

  it('200 global with the memory store: this instance only', async () => {
    const res = await t.request('GET', '/v1/admin/analytics?scope=global', { headers: auth(analyst) });
    expect(res.status).toBe(200);
    expect(res.body.data.scope).toBe('global');
    expect(res.body.data.store).toBe('memory');
    expect(res.body.data.instances.map((s: { instance_id: string }) => s.instance_id)).toEqual(['inst-local']);
  });
});

describe('GET /v1/admin/analytics?scope=global with the shared store down', () => {
  const down: AnalyticsStore = {
    name: 'redis',
    publish: async () => {
      throw new ServiceError('store_unavailable');
    },
    list: async () => {
      throw new ServiceError('store_unavailable');
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await operationsApp({ settings: { instanceId: 'inst-down' }, stores: { analytics: down, runs: new MemoryValidationRunStore() } });
  });
  afterAll(() => t.close());

  it('503 store_unavailable carrying the local snapshot in data; local still answers', async () => {
    const res = await t.request('GET', '/v1/admin/analytics?scope=global', { headers: auth(analyst) });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('store_unavailable');
    expect(res.body.data.instance_id).toBe('inst-down');
    expect(res.body.data.store_errors).toBe(1);
    const local = await t.request('GET', '/v1/admin/analytics', { headers: auth(analyst) });
    expect(local.status).toBe(200);
    expect(local.body.data.totals.by_status['503']).toBe(1);
    expect(local.body.data.store_errors).toBe(2);
  });
});

const redis = await acquireRedis('admin analytics (global over Redis)');
describe.skipIf(!redis)('GET /v1/admin/analytics?scope=global over Redis', () => {
  it('lists every live instance sharing the store', async () => {
    const prefix = uniquePrefix('analytics-global');
    const env = { REDIS_URL: redis!.url, REDIS_KEY_PREFIX: prefix };
    const a = await operationsApp({ settings: { instanceId: 'inst-a' } }, env);
    const b = await operationsApp({ settings: { instanceId: 'inst-b' } }, env);
    try {
      await b.request('GET', '/v1/health');
      await b.request('GET', '/v1/admin/analytics?scope=global', { headers: auth(analyst) });
      const res = await a.request('GET', '/v1/admin/analytics?scope=global', { headers: auth(analyst) });
      expect(res.status).toBe(200);
      expect(res.body.data.store).toBe('redis');
      const byId = Object.fromEntries(res.body.data.instances.map((s: { instance_id: string }) => [s.instance_id, s]));
      expect(Object.keys(byId).sort()).toEqual(['inst-a', 'inst-b']);
      expect(byId['inst-b'].totals.requests).toBe(1);
      expect(byId['inst-a'].totals.requests).toBe(0);
    } finally {
      await a.close();
      await b.close();
      await deletePrefix(redis!.url, prefix);
      await redis!.stop();
    }
  });
});
