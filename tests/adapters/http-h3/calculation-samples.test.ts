/**
 * The fully wired app (default modules, bundled rules): every executable package's sample_request, as package
 * detail publishes it, calculates over HTTP with outputs, a trace naming legal sources, and warnings.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const user = testKey('samples-user', ['rules:read', 'calculate:run']);
const headers = { 'x-api-key': user.key };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SERVICE_API_KEYS: JSON.stringify([{ ...user.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }]),
      TENET_RUNTIME_FIXTURE: fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)),
    },
  });
});
afterAll(async () => t.close());

describe('sample requests of every executable package', () => {
  it('return 200 with outputs, sourced trace entries and warnings', async () => {
    const list = await t.request('GET', '/v1/runtime/packages', { headers });
    expect(list.status).toBe(200);
    const packages = (list.body.data.packages as Array<{ program_id: string; jurisdiction: string; status: string; mode: string }>).filter((p) => p.status === 'ready');
    expect(packages.length).toBeGreaterThan(0);
    for (const pkg of packages) {
      const detail = await t.request('GET', `/v1/runtime/packages/${pkg.jurisdiction}/${pkg.program_id}`, { headers });
      expect(detail.status).toBe(200);
      const sample = detail.body.data.package.sample_request;
      const result = await t.request('POST', '/v1/calculate', { json: sample, headers });
      const where = `${pkg.jurisdiction}/${pkg.program_id}`;
      expect(result.status, `${where}: ${result.text.slice(0, 300)}`).toBe(200);
      const data = result.body.data;
      expect(Object.keys(data.outputs).length, where).toBeGreaterThan(0);
      expect(data.trace.length, where).toBeGreaterThan(0);
      for (const entry of data.trace) expect(entry.sources.length, `${where} ${entry.rule_id}`).toBeGreaterThan(0);
      expect(data.warnings.length, where).toBeGreaterThan(0);
      // The answer is written from cached trace pieces (calculation-json.ts): the text must be JSON.stringify's.
      expect(result.text, where).toBe(JSON.stringify(result.body));
      expect(data.runtime.mode).toBe(pkg.mode);
    }
    // Every answer was written by the fast writer, from pieces kept per rule: none fell back to JSON.stringify.
    expect(t.app.services.calculationJson.slowEntries).toBe(0);
  }, 120_000);

  it('compute the worked example of the SNAP reference ($562 with a $445 utility allowance) and refuse absurd facts', async () => {
    const household = { period: '2026-01', facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, utility_type: 'heating_cooling' } };
    const worked = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-tx', household }, headers });
    expect(worked.status).toBe(200);
    expect(worked.body.data.outputs).toMatchObject({ snap_allotment: 562, snap_net_income: 741.5, snap_excess_shelter_deduction: 649.5, snap_eligible: true });
    const hugeSize = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-tx', household: { facts: { household_size: 1e308 } } }, headers });
    expect(hugeSize.status).toBe(400);
    expect(hugeSize.body.error.code).toBe('invalid_household');
    expect(hugeSize.body.error.message).toContain('household_size');
    const hugeIncome = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-tx', household: { facts: { household_size: 2, earned_income: 1e300 } } }, headers });
    expect(hugeIncome.status).toBe(400);
    expect(hugeIncome.body.error.message).toContain('earned_income');
  });

  it('lists compiled and fixture packages side by side; the fixture result says it is recorded', async () => {
    const list = await t.request('GET', '/v1/runtime/packages', { headers });
    const modes = new Set((list.body.data.packages as Array<{ mode: string }>).map((p) => p.mode));
    expect(modes).toEqual(new Set(['compiled', 'fixture']));
    const detail = await t.request('GET', '/v1/runtime/packages/us-fixture/snap', { headers });
    const result = await t.request('POST', '/v1/calculate', { json: detail.body.data.package.sample_request, headers });
    expect(result.status).toBe(200);
    expect(result.body.data.runtime.mode).toBe('fixture');
    expect(result.body.data.warnings.join(' ')).toContain('recorded');
    const ready = await t.request('GET', '/v1/ready');
    const runtime = (ready.body.data.dependencies as Array<{ name: string; status: string; detail?: string }>).find((d) => d.name === 'calculation runtime');
    expect(runtime?.status).toBe('ready');
    expect(runtime?.detail).toContain('fixture');
  });

  it('answers a job of every sample request with positional results', async () => {
    const list = await t.request('GET', '/v1/runtime/packages', { headers });
    const first = (list.body.data.packages as Array<{ program_id: string; jurisdiction: string }>).slice(0, 50);
    const requests: Array<{ jurisdiction: string }> = [];
    for (const pkg of first) requests.push((await t.request('GET', `/v1/runtime/packages/${pkg.jurisdiction}/${pkg.program_id}`, { headers })).body.data.package.sample_request);
    const submitted = await t.request('POST', '/v1/jobs/calculate', { json: { requests }, headers });
    expect(submitted.status).toBe(202);
    let record = (await t.request('GET', submitted.body.data.status_url, { headers })).body.data;
    for (let i = 0; i < 400 && record.status !== 'succeeded' && record.status !== 'failed'; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      record = (await t.request('GET', submitted.body.data.status_url, { headers })).body.data;
    }
    expect(record.status).toBe('succeeded');
    expect(record.completed).toBe(requests.length);
    record.results.forEach((r: { status: string; result?: { jurisdiction: string } }, i: number) => {
      expect(r.status).toBe('ok');
      expect(r.result?.jurisdiction).toBe(requests[i].jurisdiction);
    });
  }, 60_000);
});
