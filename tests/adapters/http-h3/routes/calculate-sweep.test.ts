/**
 * POST /v1/calculate/sweep over HTTP (every response checked against the OpenAPI document): the exact description
 * of a Colorado household's benefit, its refusals, parameter_overrides, and the compute units a trial key pays.
 */
import { PLATFORM_ONLY } from '../../../../composition/app.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { KeyStores } from '../../../../core/ports/key-stores.js';
import { createTestApp, testKey, type TestApp } from '../../../support/http-harness.js';

const RULES = fileURLToPath(new URL('../../../../rules', import.meta.url));
const user = testKey('sweep-user', ['calculate:run']);
const headers = { 'x-api-key': user.key };
/** A family of three in Colorado renting for $900 with heating costs; the parent's earnings are swept. */
const household = { facts: { shelter_costs: 900, utility_type: 'heating_cooling' }, people: { parent: { age: 34, earned_income: 0 }, child_1: { age: 9 }, child_2: { age: 6 } } };
const body = { program_id: 'snap', jurisdiction: 'us-co', household, axis: { input: 'earned_income', person: 'parent', from: 0, to: 6000 }, outputs: ['snap', 'snap_eligible'] };

let stores: KeyStores;
let t: TestApp;

beforeAll(async () => {
  stores = createMemoryStores();
  const runtime = await CompiledRuntime.load([RULES], { companionTests: 'off' });
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([user.entry]) },
    overrides: { ...PLATFORM_ONLY, keys: { stores }, calculation: { calculators: () => [runtime] } },
  });
}, 120_000);
afterAll(async () => t?.close());

async function calculateAt(earned: number): Promise<Record<string, unknown>> {
  const people = { ...household.people, parent: { age: 34, earned_income: earned } };
  const res = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-co', household: { ...household, people }, variables: ['snap', 'snap_eligible'] }, headers });
  expect(res.status).toBe(200);
  return res.body.data.outputs;
}

describe('POST /v1/calculate/sweep', () => {
  it('describes the benefit exactly: segments cover the range, breakpoints agree with calculations a cent apart', async () => {
    const res = await t.request('POST', '/v1/calculate/sweep', { json: body, headers });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.axis).toEqual({ input: expect.any(String), person: 'parent', from: 0, to: 6000, step: 0.01 });
    expect(data.package_digest).toMatch(/^sha256:/);
    expect(data.warnings.length).toBeGreaterThan(0);
    const eligible = data.outputs.snap_eligible;
    // One flip: Colorado's broad-based categorical eligibility gross limit (200% of poverty for three).
    expect(eligible.breakpoints).toHaveLength(1);
    const cliff = eligible.breakpoints[0];
    expect(cliff).toMatchObject({ before: true, after: false });
    expect(cliff.rule_id).toMatch(/gross_income_limit/);
    expect(cliff.sources.length).toBeGreaterThan(0);
    expect((await calculateAt(cliff.at - 0.01)).snap_eligible).toBe(true);
    expect((await calculateAt(cliff.at)).snap_eligible).toBe(false);
    const benefit = data.outputs.snap;
    expect(benefit.segments[0]).toMatchObject({ from: 0, value: (await calculateAt(0)).snap });
    expect(benefit.segments.at(-1).to).toBe(6000);
    // Whole-dollar steps: every segment of the allotment is flat, and each step is one whole dollar or the cliff.
    expect(benefit.segments.every((s: { slope: number }) => s.slope === 0)).toBe(true);
    const step = benefit.breakpoints[Math.floor(benefit.breakpoints.length / 2)];
    expect(step.rule_id).toMatch(/snap_expected_contribution/);
    expect((await calculateAt(step.at - 0.01)).snap).toBe(step.before);
    expect((await calculateAt(step.at)).snap).toBe(step.after);
  });

  it('refuses a bad axis with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ input: 'utility_type', from: 0, to: 10 }, 'axis.input'],
      [{ input: 'earned_income', from: 0.001, to: 10 }, 'axis.from'],
      [{ input: 'earned_income', from: 10, to: 10 }, 'axis.to'],
      [{ input: 'earned_income', from: 0, to: 200_000 }, 'at most 10000000'],
      [{ input: 'earned_income', from: 0, to: 10, person: 'nobody' }, 'axis.person'],
      [{ input: 'earned_income', from: -5, to: 10 }, 'axis.from'],
      // Past 10^13 (issue #25: 1e21 and more answered 500); the schema names the limit.
      [{ input: 'earned_income', person: 'parent', from: 1e300, to: 1000 }, 'axis.from: must be at most 10000000000000 in magnitude'],
      [{ input: 'earned_income', person: 'parent', from: 0, to: Number('123456789012345678901234567890') }, 'axis.to: must be at most 10000000000000 in magnitude'],
      [{ input: 'earned_income', person: 'parent', from: 1e20, to: 1e20 + 16384 }, 'axis.from: must be at most 10000000000000 in magnitude'],
    ];
    for (const [axis, expected] of cases) {
      const res = await t.request('POST', '/v1/calculate/sweep', { json: { ...body, axis }, headers });
      expect(res.status, JSON.stringify(axis)).toBe(400);
      expect(res.body.error.message).toContain(expected);
    }
    const unknown = await t.request('POST', '/v1/calculate/sweep', { json: { ...body, outputs: ['no_such_output'] }, headers });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('no_such_output');
    const missing = await t.request('POST', '/v1/calculate/sweep', { json: { ...body, jurisdiction: 'us-zz' }, headers });
    expect(missing.status).toBe(422);
  });

  it('sweeps the package as parameter_overrides change it', async () => {
    const plain = await t.request('POST', '/v1/calculate/sweep', { json: body, headers });
    const changed = await t.request('POST', '/v1/calculate/sweep', { json: { ...body, parameter_overrides: { snap_benefit_reduction_rate: 0.25 } }, headers });
    expect(changed.status).toBe(200);
    expect(changed.body.data.package_digest).not.toBe(plain.body.data.package_digest);
    expect(changed.body.data.parameter_overrides.current_law).toBe(false);
    // A smaller reduction rate (25% of net income, not 30%) leaves more benefit at the same earnings.
    const at = (segments: Array<{ from: number; to: number; value: number }>, x: number) => segments.find((s) => s.from <= x && x <= s.to)?.value as number;
    expect(at(changed.body.data.outputs.snap.segments, 2500)).toBeGreaterThan(at(plain.body.data.outputs.snap.segments, 2500));
  });

  it('charges a trial key 1 CU for the request and 10 for the sweep', async () => {
    const minted = await t.request('POST', '/v1/keys/trial', { clientAddress: '192.0.2.9' });
    const trial = minted.body.data as { key: string; key_id: string };
    const res = await t.request('POST', '/v1/calculate/sweep', { json: body, headers: { 'x-api-key': trial.key } });
    expect(res.status).toBe(200);
    expect(await stores.counters.get(`cu:${trial.key_id}`)).toBe(11);
  });
});
