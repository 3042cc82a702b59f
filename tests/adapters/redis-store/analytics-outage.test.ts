/**
 * With the shared store down, an operator's environment key still reaches the analytics (#13.9): the local
 * snapshot answers 200, the global view answers 503 store_unavailable with the local snapshot in `data`, and a
 * request with no key is 401, not 503 (#13.10). Before, authentication needed the store, so all three were 503.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStores } from '../../../adapters/redis-store/redis-stores.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { hasRedisServerBinary, OwnRedisServer, uniquePrefix } from '../../support/redis.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('\n!!! analytics outage test: no redis-server binary on PATH, so it is SKIPPED !!!\n');

const admin = testKey('ops-admin', ['*']);

describe.skipIf(!canRun)('admin analytics while the shared store is down', () => {
  let server: OwnRedisServer;
  let app: TestApp;
  beforeAll(async () => {
    server = await OwnRedisServer.start();
    const prefix = uniquePrefix('analytics-outage');
    app = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]), REDIS_URL: server.url, REDIS_KEY_PREFIX: prefix },
      overrides: { ...PLATFORM_ONLY, keys: { stores: createRedisStores({ url: server.url, prefix }) }, operations: {} },
    });
  });
  afterAll(async () => {
    await app?.close();
    await server?.stopProcess();
  });

  it('serves the local snapshot to an environment key and 401 to a request without a key', async () => {
    const headers = { 'x-api-key': admin.key };
    expect((await app.request('GET', '/v1/admin/analytics?scope=global', { headers })).status).toBe(200);
    await server.stopProcess();

    const local = await app.request('GET', '/v1/admin/analytics', { headers });
    expect(local.status).toBe(200);
    expect(local.body.data.instance_id).toEqual(expect.any(String));

    const global = await app.request('GET', '/v1/admin/analytics?scope=global', { headers });
    expect(global.status).toBe(503);
    expect(global.body.error.code).toBe('store_unavailable');
    expect(global.body.data.instance_id).toBe(local.body.data.instance_id);
    expect(global.body.data.totals.requests).toBeGreaterThan(0);

    const anonymous = await app.request('GET', '/v1/admin/analytics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
  });
});
