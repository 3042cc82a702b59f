/**
 * Issue #13 defects 5 and 10, on the memory store and on Redis: a person id `__proto__`, `variables: []`, and a
 * client throttled for failed authentication trying to mint trial keys.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../../support/redis.js';

const redis = await acquireRedis('hostile input');
afterAll(async () => redis?.stop());

const user = testKey('calc-user', ['calculate:run', 'admin:analytics']);
/** Every store of the app (keys, jobs, validation runs) on memory, or on Redis under a prefix of its own. */
const backends: Array<{ name: string; env: () => { env: Record<string, string>; prefix: string | null } }> = [{ name: 'memory', env: () => ({ env: {}, prefix: null }) }];
if (redis) {
  backends.push({
    name: 'redis',
    env: () => {
      const prefix = uniquePrefix('hostile');
      return { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix }, prefix };
    },
  });
}

describe.each(backends)('hostile input on $name', (backend) => {
  const apps: Array<{ app: TestApp; prefix: string | null }> = [];
  afterEach(async () => {
    for (const { app, prefix } of apps.splice(0)) {
      await app.close();
      if (redis && prefix) await deletePrefix(redis.url, prefix);
    }
  });

  async function start(): Promise<TestApp> {
    const { env, prefix } = backend.env();
    const app = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([user.entry]), ...env } });
    apps.push({ app, prefix });
    return app;
  }

  it('answers 400 invalid_household for a person id __proto__, not a 502 from the engine', async () => {
    const t = await start();
    const body = '{"program_id":"snap","jurisdiction":"us-co","household":{"facts":{"household_size":2},"people":{"__proto__":{"age":30},"b":{"age":5}}}}';
    const res = await t.request('POST', '/v1/calculate', { body, headers: { 'content-type': 'application/json', 'x-api-key': user.key } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_household', message: 'household.people.__proto__: __proto__ cannot be a person id; use another id such as p1' });
    const fine = await t.request('POST', '/v1/calculate', {
      json: { program_id: 'snap', jurisdiction: 'us-co', household: { facts: { household_size: 2 }, people: { constructor: { age: 30 }, b: { age: 5 } } } },
      headers: { 'x-api-key': user.key },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses variables: [] with 400 saying to omit it for the default outputs', async () => {
    const t = await start();
    const res = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-co', household: { facts: { household_size: 1 } }, variables: [] }, headers: { 'x-api-key': user.key } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_request', message: "variables: must hold at least 1 item; omit variables for the package's default_outputs" });
  });

  it('gives a client throttled for failed authentication 429 auth_throttled on trial minting too', async () => {
    const t = await start();
    const client = '198.51.100.77';
    for (let i = 0; i < 20; i++) expect((await t.request('GET', '/v1/programs', { headers: { 'x-api-key': `wrong-${i}` }, clientAddress: client })).status).toBe(401);
    const minted = await t.request('POST', '/v1/keys/trial', { clientAddress: client });
    expect(minted.status).toBe(429);
    expect(minted.body.error.code).toBe('auth_throttled');
    expect(Number(minted.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client still mints.
    expect((await t.request('POST', '/v1/keys/trial', { clientAddress: '198.51.100.78' })).status).toBe(201);
  });

  it('refuses thousands of nesting levels with 400 before anything is stored: no 500, no false store outage', async () => {
    const t = await start();
    const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const headers = { 'content-type': 'application/json', 'x-api-key': user.key };
    const run = await t.request('POST', '/v1/admin/validation/runs', { body: `{"kind":"deep","rows":[{"status":"covered","x":${deep}}]}`, headers });
    expect(run.status).toBe(400);
    expect(run.body.error.message).toContain('nested more than 64 levels');
    const job = await t.request('POST', '/v1/jobs/calculate', {
      body: `{"requests":[{"program_id":"snap","jurisdiction":"us-co","household":{"facts":{"household_size":1},"x":${deep}}}]}`,
      headers,
    });
    expect(job.status).toBe(400);
    const runs = await t.request('GET', '/v1/admin/validation/runs', { headers: { 'x-api-key': user.key } });
    expect(runs.status).toBe(200);
    expect(runs.body.data.runs).toEqual([]);
    expect(t.logs.entries().filter((e) => e.level === 'error')).toEqual([]);
  });
});
