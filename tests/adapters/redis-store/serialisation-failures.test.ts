/**
 * One guard for every Redis path (guard.ts storeCall): a value that cannot be serialised (JSON.stringify of a
 * circular value: TypeError; of one nested too deep: RangeError) is a fault of the caller's value, not of the store.
 * It must never come back as 503 store_unavailable (a false outage, counted in store_errors); over HTTP it is a
 * generic 500 with an error log line. Runs on REDIS_URL (or a redis-server of its own) under a prefix of its own.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisJobStore } from '../../../adapters/redis-store/jobs.js';
import { createRedisStores } from '../../../adapters/redis-store/redis-stores.js';
import { isServiceError } from '../../../core/domain/errors.js';
import type { KillSwitchState } from '../../../core/domain/keys/kill-switch.js';
import type { StoredKey } from '../../../core/domain/keys/api-key.js';
import type { CalculateRequest } from '../../../core/ports/calculator.js';
import { createTestApp, testKey } from '../../support/http-harness.js';
import { acquireRedis, uniquePrefix, type TestRedis } from '../../support/redis.js';

let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await acquireRedis('serialisation failures');
});
afterAll(async () => {
  await redis?.stop();
});

function circular<T extends object>(value: T): T {
  (value as Record<string, unknown>).self = value;
  return value;
}

function tooDeep(): unknown {
  let deep: unknown = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  return deep;
}

/** The error a call failed with, or a marker when it did not fail. */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => 'did not fail',
    (error: unknown) => error,
  );
}

describe('serialisation failures on Redis', () => {
  it('pass on as TypeError/RangeError from the key, kill-switch and audit stores, not store_unavailable', async (ctx) => {
    if (!redis) return ctx.skip();
    const stores = createRedisStores({ url: redis.url, prefix: uniquePrefix('serialise') });
    try {
      expect(await stores.connected()).toBe(true);
      const key = circular({ id: 'cyclic-key', hash: 'h', prefix: 'tnt_', scopes: [], kind: 'admin', created_at: new Date().toISOString() }) as StoredKey;
      const created = await failure(() => stores.keys.create(key));
      expect(created).toBeInstanceOf(TypeError);
      const state = circular({ engaged: true, reason: null, updated_at: null, updated_by: null }) as KillSwitchState;
      expect(await failure(() => stores.killSwitches.write('trial_mint', state))).toBeInstanceOf(TypeError);
      const entry = { at: new Date().toISOString(), action: 'key.issue' as const, target: 't', actor: null, client: null, request_id: 'r', detail: { deep: tooDeep() } };
      expect(await failure(() => stores.audit.append(entry, 0))).toBeInstanceOf(RangeError);
      // The store itself is fine.
      await stores.health.check();
    } finally {
      await stores.close();
    }
  });

  it('pass on as they are from the job store, not store_unavailable', async (ctx) => {
    if (!redis) return ctx.skip();
    const store = new RedisJobStore({ url: redis.url, prefix: `{${uniquePrefix('serialise-jobs')}}` });
    try {
      const request = circular({ program_id: 'snap' }) as unknown as CalculateRequest;
      const error = await failure(() => store.submit({ id: 'cyclic-job', api_key_id: 'k', created_at: new Date().toISOString(), requests: [request] }));
      expect(error).toBeInstanceOf(TypeError);
      expect(isServiceError(error)).toBe(false);
      expect((await store.health()).status).toBe('ready');
    } finally {
      await store.close();
    }
  });

  it('over HTTP are a 500 with an error log line, not counted as store errors', async (ctx) => {
    if (!redis) return ctx.skip();
    const admin = testKey('serialise-admin', ['*']);
    const stores = createRedisStores({ url: redis.url, prefix: uniquePrefix('serialise-http') });
    // The real Redis kill-switch store, handed a state it cannot serialise.
    const killSwitches = { read: () => stores.killSwitches.read(), write: (name: 'trial_mint' | 'trial_traffic', s: KillSwitchState) => stores.killSwitches.write(name, circular({ ...s })) };
    const t = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) },
      overrides: { ...PLATFORM_ONLY, keys: { stores: { ...stores, killSwitches } }, operations: {} },
    });
    try {
      const headers = { 'x-api-key': admin.key };
      const res = await t.request('POST', '/v1/admin/kill', { json: { switch: 'trial_mint', engaged: true, reason: 'test' }, headers });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      const logged = t.logs.entries().filter((e) => e.level === 'error' && e.msg === 'unhandled error');
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toContain('TypeError');
      const analytics = await t.request('GET', '/v1/admin/analytics', { headers });
      expect(analytics.body.data.store_errors).toBe(0);
    } finally {
      await t.close();
    }
  });
});
