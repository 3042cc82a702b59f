/**
 * The calculation routes over HTTP (in-process app, every response checked against the OpenAPI document),
 * once with the memory job store and once with Redis.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calculator, ExecutablePackage } from '../../../core/ports/calculator.js';
import { TRACE_LEFT_OUT_WARNING } from '../../../core/usecases/calculate/calculate.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { acquireRedis, freePort, uniquePrefix, type TestRedis } from '../../support/redis.js';

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
const base = fixture.find('snap', 'us-fixture')!;

/** A compiled-mode package that fails or stalls on demand, to reach 502. */
function troubleRuntime(): Calculator {
  const make = (program: string, execute: ExecutablePackage['execute']): ExecutablePackage => ({ ...base, program_id: program, runtime_id: 'trouble', mode: 'compiled', digest: 'sha256:1', shape: base.shape, execute });
  const broken = make('broken', async () => {
    throw new Error('engine exploded');
  });
  const stalled = make('stalled', () => new Promise(() => {}));
  return { id: 'trouble', mode: 'compiled', find: (p) => (p === 'broken' ? broken : p === 'stalled' ? stalled : undefined), packages: () => [broken, stalled] };
}

const calculator = testKey('calc-user', ['calculate:run']);
const other = testKey('calc-other', ['calculate:run']);
const reader = testKey('read-only', ['rules:read']);
const auth = (key: { key: string }) => ({ 'x-api-key': key.key });
const earner = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 3, earned_income: 2000, rent: 900, snap_utility_allowance: 445 } } };
const single = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } };

// The limit is far above a real calculation even on a loaded machine (a 100 ms limit cut ordinary households off
// under load); only the stalled runtime, which never answers, reaches it.
async function build(redisUrl: string | null, prefix: string): Promise<TestApp> {
  return createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([calculator.entry, other.entry, reader.entry]), MAX_BODY_BYTES: '20000' },
    config: { redisUrl },
    overrides: {
      ...PLATFORM_ONLY, calculation: { calculators: () => [troubleRuntime(), fixture], settings: { timeLimitMs: 1500, jobRedisPrefix: prefix, jobLockMs: 2000, jobStalledIntervalMs: 1000 } },
    },
  });
}

let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await acquireRedis('calculation routes');
});
afterAll(async () => redis?.stop());

for (const store of ['memory', 'redis'] as const) {
  describe(`calculation routes (${store} job store)`, () => {
    let t: TestApp | null = null;
    beforeAll(async () => {
      if (store === 'redis' && !redis) return;
      t = await build(store === 'redis' ? redis!.url : null, uniquePrefix('calc-http'));
    });
    afterAll(async () => t?.close());
    const app = (ctx: { skip: () => void }): TestApp => {
      if (!t) ctx.skip();
      return t!;
    };

    it('POST /v1/calculate 200 with outputs, trace, digest and warnings', async (ctx) => {
      const res = await app(ctx).request('POST', '/v1/calculate', { json: { ...earner, variables: ['snap', 'snap_net_income'] }, headers: auth(calculator) });
      expect(res.status).toBe(200);
      expect(res.body.data.outputs).toEqual({ snap: 562, snap_net_income: 741.5 });
      expect(res.body.data.runtime.mode).toBe('fixture');
      expect(res.body.data.trace[0].sources.length).toBeGreaterThan(0);
      expect(res.body.data.warnings.length).toBeGreaterThan(0);
    });

    it('trace on calculate, batch entries and jobs: none answers trace [] with a warning; a bad value is a 400', async (ctx) => {
      const t = app(ctx);
      const full = (await t.request('POST', '/v1/calculate', { json: earner, headers: auth(calculator) })).body.data;
      const none = (await t.request('POST', '/v1/calculate', { json: { ...earner, trace: 'none' }, headers: auth(calculator) })).body.data;
      expect(full.trace.length).toBeGreaterThan(0);
      expect(none.trace).toEqual([]);
      expect(none.outputs).toEqual(full.outputs);
      expect(none.warnings).toEqual([...full.warnings, TRACE_LEFT_OUT_WARNING]);
      const batch = await t.request('POST', '/v1/calculate/batch', { json: { requests: [{ ...earner, trace: 'none' }, { ...earner, trace: 'full' }] }, headers: auth(calculator) });
      expect(batch.body.data.results.map((r: any) => r.result.trace.length)).toEqual([0, full.trace.length]);
      const bad = await t.request('POST', '/v1/calculate/batch', { json: { requests: [earner, { ...earner, trace: 'some' }] }, headers: auth(calculator) });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('requests[1].trace: must be one of full, decisive, none');
      const submitted = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [{ ...earner, trace: 'none' }, earner] }, headers: auth(calculator) });
      let record = (await t.request('GET', submitted.body.data.status_url, { headers: auth(calculator) })).body.data;
      for (let i = 0; i < 200 && record.status !== 'succeeded'; i += 1) {
        await new Promise((r) => setTimeout(r, 25));
        record = (await t.request('GET', submitted.body.data.status_url, { headers: auth(calculator) })).body.data;
      }
      // The job stores the entry as given, trace choice included, and its worker honours it.
      expect(record.results.map((r: any) => r.result.trace.length)).toEqual([0, full.trace.length]);
      expect(record.results[0].result.warnings.at(-1)).toBe(TRACE_LEFT_OUT_WARNING);
    });

    it('POST /v1/calculate 400 invalid_request, invalid_household; 401; 403; 413; 422; 502', async (ctx) => {
      const t = app(ctx);
      const long = await t.request('POST', '/v1/calculate', { json: { ...single, program_id: 'x'.repeat(121) }, headers: auth(calculator) });
      expect(long.status).toBe(400);
      expect(long.body.error).toMatchObject({ code: 'invalid_request' });
      expect(long.body.error.message).toContain('program_id');
      const tooMany = await t.request('POST', '/v1/calculate', { json: { ...single, variables: new Array(101).fill('snap') }, headers: auth(calculator) });
      expect(tooMany.body.error.code).toBe('invalid_request');
      const unknown = await t.request('POST', '/v1/calculate', { json: { ...single, variables: ['snap', 'not_a_variable'] }, headers: auth(calculator) });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain('not_a_variable');
      const negative = await t.request('POST', '/v1/calculate', { json: { ...single, household: { facts: { household_size: 1, earned_income: -10 } } }, headers: auth(calculator) });
      expect(negative.status).toBe(400);
      expect(negative.body.error.code).toBe('invalid_household');
      expect(negative.body.error.message).toContain('snap_earned_income');
      const missing = await t.request('POST', '/v1/calculate', { json: { ...single, household: {} }, headers: auth(calculator) });
      expect(missing.body.error).toMatchObject({ code: 'invalid_household' });
      expect(missing.body.error.message).toContain('snap_household_size');
      expect((await t.request('POST', '/v1/calculate', { json: single })).status).toBe(401);
      expect((await t.request('POST', '/v1/calculate', { json: single, headers: auth(reader) })).status).toBe(403);
      const big = await t.request('POST', '/v1/calculate', { json: { ...single, household: { facts: { household_size: 1 }, padding: 'x'.repeat(30_000) } }, headers: auth(calculator) });
      expect(big.status).toBe(413);
      const unsupported = await t.request('POST', '/v1/calculate', { json: { ...single, program_id: 'wic' }, headers: auth(calculator) });
      expect(unsupported.status).toBe(422);
      expect(unsupported.body.error.code).toBe('unsupported_program');
      const broken = await t.request('POST', '/v1/calculate', { json: { ...single, program_id: 'broken' }, headers: auth(calculator) });
      expect(broken.status).toBe(502);
      expect(broken.body.error.code).toBe('runtime_error');
      const stalled = await t.request('POST', '/v1/calculate', { json: { ...single, program_id: 'stalled' }, headers: auth(calculator) });
      expect(stalled.status).toBe(502);
      expect(stalled.body.error.message).toContain('1500 ms');
    });

    it('POST /v1/calculate/batch 200 positional results; 400 naming the entry; 413', async (ctx) => {
      const t = app(ctx);
      const res = await t.request('POST', '/v1/calculate/batch', {
        json: { requests: [earner, { ...single, program_id: 'wic' }, { ...single, program_id: 'broken' }, { ...single, household: { facts: { household_size: 4 } } }] },
        headers: auth(calculator),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.summary).toEqual({ total: 4, succeeded: 1, failed: 3 });
      expect(res.body.data.results.map((r: any) => r.status === 'ok' ? 'ok' : r.error.code)).toEqual(['ok', 'unsupported_program', 'runtime_error', 'invalid_household']);
      const invalid = await t.request('POST', '/v1/calculate/batch', { json: { requests: [single, { ...single, jurisdiction: '' }] }, headers: auth(calculator) });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.message).toMatch(/^requests\[1\]/);
      const arrayHousehold = await t.request('POST', '/v1/calculate/batch', { json: { requests: [single, { ...single, household: [] }] }, headers: auth(calculator) });
      expect(arrayHousehold.status).toBe(400);
      expect(arrayHousehold.body.error.message).toBe('requests[1].household: must be a JSON object, not an array');
      const badVariable = await t.request('POST', '/v1/calculate/batch', { json: { requests: [single, { ...single, variables: ['nope'] }] }, headers: auth(calculator) });
      expect(badVariable.body.error.message).toMatch(/^requests\[1\]: unknown variables/);
      expect((await t.request('POST', '/v1/calculate/batch', { json: { requests: [] }, headers: auth(calculator) })).status).toBe(400);
      expect((await t.request('POST', '/v1/calculate/batch', { json: { requests: new Array(26).fill(single) }, headers: auth(calculator) })).status).toBe(400);
      expect((await t.request('POST', '/v1/calculate/batch', { json: { requests: new Array(400).fill(single) }, headers: auth(calculator) })).status).toBe(413);
    });

    it('POST /v1/jobs/calculate 202, GET /v1/jobs/{id} 200 for its key and 404 otherwise', async (ctx) => {
      const t = app(ctx);
      const submitted = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [earner, single, { ...single, program_id: 'wic' }] }, headers: auth(calculator) });
      expect(submitted.status).toBe(202);
      expect(submitted.body.data).toMatchObject({ total: 3, durable: store === 'redis' });
      expect(['pending', 'running', 'succeeded']).toContain(submitted.body.data.status);
      const url = submitted.body.data.status_url;
      expect(url).toBe(`/v1/jobs/${submitted.body.data.job_id}`);
      let record = (await t.request('GET', url, { headers: auth(calculator) })).body.data;
      for (let i = 0; i < 200 && record.status !== 'succeeded'; i += 1) {
        await new Promise((r) => setTimeout(r, 25));
        record = (await t.request('GET', url, { headers: auth(calculator) })).body.data;
      }
      expect(record).toMatchObject({ status: 'succeeded', total: 3, completed: 3, api_key_id: 'calc-user' });
      expect(record.results.map((r: any) => r.status)).toEqual(['ok', 'ok', 'error']);
      expect(record.started_at).toBeDefined();
      expect(record.finished_at).toBeDefined();
      const foreign = await t.request('GET', url, { headers: auth(other) });
      expect(foreign.status).toBe(404);
      const unknown = await t.request('GET', '/v1/jobs/does-not-exist', { headers: auth(calculator) });
      expect(unknown.status).toBe(404);
      expect(foreign.body.error.code).toBe('not_found');
      const invalid = await t.request('POST', '/v1/jobs/calculate', { json: { requests: new Array(51).fill(single) }, headers: auth(calculator) });
      expect(invalid.status).toBe(400);
      const badVariable = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [single, single, { ...single, variables: ['nope'] }] }, headers: auth(calculator) });
      expect(badVariable.body.error.message).toMatch(/^requests\[2\]: unknown variables/);
      const big = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [{ ...single, household: { facts: { household_size: 1 }, padding: 'x'.repeat(30_000) } }] }, headers: auth(calculator) });
      expect(big.status).toBe(413);
      expect((await t.request('GET', `/v1/jobs/${'x'.repeat(201)}`, { headers: auth(calculator) })).status).toBe(400);
      expect((await t.request('GET', url, { headers: auth(reader) })).status).toBe(403);
      expect((await t.request('GET', url)).status).toBe(401);
    });
  });
}

describe('job routes with an unreachable Redis', () => {
  it('answer 503 store_unavailable', async () => {
    const t = await build(`redis://127.0.0.1:${await freePort()}`, uniquePrefix('calc-down'));
    try {
      const submitted = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [single] }, headers: auth(calculator) });
      expect(submitted.status).toBe(503);
      expect(submitted.body.error.code).toBe('store_unavailable');
      const poll = await t.request('GET', '/v1/jobs/some-id', { headers: auth(calculator) });
      expect(poll.status).toBe(503);
    } finally {
      await t.close();
    }
  });
});
