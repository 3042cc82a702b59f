/** Trial keys through the calculation routes: compute units are charged per request and per entry, and the quota holds. */
import { PLATFORM_ONLY } from '../../../../composition/app.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobStore } from '../../../../adapters/memory-store/jobs.js';
import { ServiceError } from '../../../../core/domain/errors.js';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import { FixtureRuntime } from '../../../../adapters/runtime-fixture/fixture-runtime.js';
import type { KeyStores } from '../../../../core/ports/key-stores.js';
import { createTestApp, testKey, type TestApp } from '../../../support/http-harness.js';

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../../fixtures/runtime-fixture.json', import.meta.url)));
const admin = testKey('cu-admin', ['*']);
const household = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } };

let stores: KeyStores;
let t: TestApp;

beforeAll(async () => {
  stores = createMemoryStores();
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) },
    overrides: { ...PLATFORM_ONLY, keys: { stores }, calculation: { calculators: () => [fixture] } },
  });
});
afterAll(async () => t.close());

async function trialKey(client: string): Promise<{ key: string; key_id: string }> {
  const res = await t.request('POST', '/v1/keys/trial', { clientAddress: client });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('trial compute units', () => {
  it('charges 1 per request plus 1 per calculation entry', async () => {
    const trial = await trialKey('192.0.2.1');
    const headers = { 'x-api-key': trial.key };
    expect((await t.request('POST', '/v1/calculate', { json: household, headers })).status).toBe(200);
    expect(await stores.counters.get(`cu:${trial.key_id}`)).toBe(2);
    expect((await t.request('POST', '/v1/calculate/batch', { json: { requests: [household, household, household] }, headers })).status).toBe(200);
    expect(await stores.counters.get(`cu:${trial.key_id}`)).toBe(6);
    // keys without a quota are not metered
    await t.request('POST', '/v1/calculate', { json: household, headers: { 'x-api-key': admin.key } });
    expect(await stores.counters.get(`cu:${admin.entry.id}`)).toBe(0);
  });

  it('refuses with 429 rate_limited once the 10,000 CU quota is used', async () => {
    const trial = await trialKey('192.0.2.2');
    const headers = { 'x-api-key': trial.key };
    await stores.counters.increment(`cu:${trial.key_id}`, 9_998, 86_400);
    expect((await t.request('POST', '/v1/calculate', { json: household, headers })).status).toBe(200); // 10,000 exactly
    const over = await t.request('POST', '/v1/calculate', { json: household, headers });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.body.error.message).toContain('quota');
    expect(over.body.data).toMatchObject({ quota_cu: 10_000, used_cu: 10_000 });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(13 * 86_400);
  });

  it('gives the units back when the job store cannot queue a job (503)', async () => {
    const failingStores = createMemoryStores();
    const unreachable = new MemoryJobStore();
    unreachable.submit = async () => {
      throw new ServiceError('store_unavailable');
    };
    const app = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) },
      overrides: {
        ...PLATFORM_ONLY,
        keys: { stores: failingStores },
        calculation: { calculators: () => [fixture], jobStore: unreachable },
      },
    });
    try {
      const minted = await app.request('POST', '/v1/keys/trial', { clientAddress: '192.0.2.3' });
      const trial = minted.body.data as { key: string; key_id: string };
      const submitted = await app.request('POST', '/v1/jobs/calculate', { json: { requests: [household, household] }, headers: { 'x-api-key': trial.key } });
      expect(submitted.status).toBe(503);
      expect(submitted.body.error.code).toBe('store_unavailable');
      // 1 CU for the request itself stays charged; the 2 for the entries that never ran are given back.
      expect(await failingStores.counters.get(`cu:${trial.key_id}`)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
