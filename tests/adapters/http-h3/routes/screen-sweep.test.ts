/**
 * POST /v1/screen/sweep over HTTP (every response checked against the OpenAPI document by the harness): the combined
 * sweep of a screen, its refusals (scope, a bad axis, the limits, programs it cannot screen) and its compute units.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ONLY } from '../../../../composition/app.js';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { KeyStores } from '../../../../core/ports/key-stores.js';
import { CU_PER_REQUEST, CU_PER_SWEEP } from '../../../../core/domain/keys/compute-units.js';
import { createTestApp, testKey, type TestApp } from '../../../support/http-harness.js';

const RULES = fileURLToPath(new URL('../../../../rules', import.meta.url));
const user = testKey('screen-sweep-user', ['calculate:run']);
const reader = testKey('screen-sweep-reader', ['rules:read']);
const headers = { 'x-api-key': user.key };
/** The FY2027 hand-worked Texas household (docs/screening.md): SNAP $455 at $2,000 of earnings. */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000, relationship_to_head: 'head' }, child_1: { age: 8, relationship_to_head: 'child' }, child_2: { age: 5, relationship_to_head: 'child' } },
};
/** The same people without the relationships only the tax credits read (a screen refuses a fact no program screened reads). */
const stateHousehold = { ...household, people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } } };
const request = (axis: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ json: { jurisdiction: 'us-tx', household, axis, ...extra }, headers });

let stores: KeyStores;
let t: TestApp;

beforeAll(async () => {
  const runtime = await CompiledRuntime.load([RULES], { companionTests: 'off' });
  stores = createMemoryStores();
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([user.entry, reader.entry]), TENET_CALC_TIME_LIMIT_MS: '60000' },
    overrides: { ...PLATFORM_ONLY, keys: { stores }, calculation: { calculators: () => [runtime] } },
  });
}, 120_000);
afterAll(async () => t?.close());

describe('POST /v1/screen/sweep', () => {
  it('describes the total and each program over the default axis, the SNAP gross limit a cliff', async () => {
    // Earnings of the parent (the first person with earnings) from $3,700 to $3,800 a month. SNAP's gross income
    // limit in Texas under broad-based categorical eligibility is 165% of the 2026 guideline for three, monthly and
    // rounded up: ceil((15,960 + 2 x 5,680) x 1.65 / 12) = ceil(3,756.50) = 3,757; "at most" ends SNAP at 3,757.01,
    // and with it the Lifeline and Head Start eligibility this household has only through SNAP. Shelter costs of
    // $2,000 keep the allotment above $0 up to the limit: a household of three whose allotment is $0 is denied
    // (7 CFR 273.10(e)(2)(iii)(A)) and so receives no SNAP to link (docs/snap-package-contract.md, snap_certified).
    const sheltered = { ...stateHousehold, facts: { ...stateHousehold.facts, shelter_costs: 2000 } };
    const res = await t.request('POST', '/v1/screen/sweep', request({ from: 3700, to: 3800 }, { household: sheltered, programs: ['snap', 'lifeline', 'head_start'] }));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.axis).toEqual({ input: 'earned_income', person: 'parent', from: 3700, to: 3800, step: 0.01, defaulted: true });
    expect(data.assumptions[0]).toMatchObject({ input: 'axis.input', entity_id: 'parent', assumed_value: 'earned_income' });
    const cliffs = data.cliffs.map((c: { at: number; program_id: string }) => `${c.program_id}@${c.at}`);
    expect(cliffs).toEqual(['head_start@3757.01', 'lifeline@3757.01', 'snap@3757.01']);
    const snapCliff = data.cliffs.find((c: { program_id: string }) => c.program_id === 'snap');
    expect(data.rules[snapCliff.rule_id].sources.length).toBeGreaterThan(0);
    const last = data.total.segments[data.total.segments.length - 1];
    expect(last).toMatchObject({ from: 3757.01, to: 3800, value: 0, slope: 0 });
    expect(data.programs.map((p: { program_id: string }) => p.program_id)).toEqual(['head_start', 'lifeline', 'snap']);
    expect(data.warnings[0]).toMatch(/experimental/);
    // Without assume_defaults the screen at axis.from finds SNAP decided by the vehicles not given, and says so.
    const snap = data.programs.find((p: { program_id: string }) => p.program_id === 'snap');
    expect(snap.undetermined_facts).toContain('household.facts.vehicle_fair_market_value');
    expect(data.warnings.some((w: string) => /^[a-z_, ]*\bsnap\b[a-z_, ]*: a fact not given decides the status at axis\.from/.test(w))).toBe(true);
  });

  it('sweeps a household input named by axis.input: SNAP rises with shelter costs until the shelter deduction cap', async () => {
    const res = await t.request('POST', '/v1/screen/sweep', request({ input: 'shelter_costs', from: 0, to: 3000 }, { household: stateHousehold, programs: ['snap'], assume_defaults: true }));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.axis).toEqual({ input: 'shelter_costs', from: 0, to: 3000, step: 0.01, defaulted: false });
    expect(data.assumptions.some((a: { input: string }) => a.input === 'axis.input')).toBe(false);
    expect(data.cliffs).toEqual([]);
    // The allotment never falls as shelter costs rise, and the total is the allotment (SNAP alone, monthly).
    const snap = data.programs[0];
    const values = snap.amount.segments.map((s: { value: number }) => s.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(data.total.segments.map((s: { value: number }) => s.value)).toEqual(values);
    expect(data.total.breakpoints.every((b: { program_id: string; rule_id: string }) => b.program_id === 'snap' && data.rules[b.rule_id].sources.length > 0)).toBe(true);
  });

  it('answers detail "total" with the full answer\'s total, cliffs, statuses and rules, far smaller', async () => {
    // Every program of Texas (the credits read relationship_to_head) over $3,000-4,000: the EITC's whole-dollar steps
    // (a twelfth each in the total) and the SNAP gross limit cliff at 3,757.01 are both inside.
    const axis = { from: 3000, to: 4000 };
    const [full, total] = await Promise.all([t.request('POST', '/v1/screen/sweep', request(axis)), t.request('POST', '/v1/screen/sweep', request(axis, { detail: 'total' }))]);
    expect([full.status, total.status]).toEqual([200, 200]);
    const [f, s] = [full.body.data, total.body.data];
    expect(s.total.segments).toEqual(f.total.segments);
    expect(s.cliffs).toEqual(f.cliffs);
    expect(s.cliffs.length).toBeGreaterThan(0);
    expect(s.total.breakpoints).toBeUndefined();
    // Each breakpoint counted once under every program and rule it names (first or in also); one fewer than segments.
    const counts = new Map<string, number>();
    for (const b of f.total.breakpoints) for (const c of [b, ...(b.also ?? [])]) counts.set(`${c.program_id} ${c.rule_id}`, (counts.get(`${c.program_id} ${c.rule_id}`) ?? 0) + 1);
    const causes = s.total.breakpoint_causes as Array<{ program_id: string; rule_id: string | null; breakpoints: number }>;
    expect(new Map(causes.map((c) => [`${c.program_id} ${c.rule_id}`, c.breakpoints]))).toEqual(counts);
    expect(causes.map((c) => c.breakpoints)).toEqual([...causes.map((c) => c.breakpoints)].sort((x, y) => y - x));
    expect(f.total.breakpoints.length).toBe(s.total.segments.length - 1);
    expect(causes.find((c) => c.program_id === 'eitc')?.breakpoints).toBeGreaterThan(100);
    // Each program keeps its status, warnings and errors; its amount description is left out.
    expect(s.programs.map(({ amount, ...p }: Record<string, unknown>) => [amount, p])).toEqual(f.programs.map(({ amount: _a, ...p }: Record<string, unknown>) => [undefined, p]));
    // Every rule the smaller answer names is there with the full answer's sources, and only those.
    const named = new Set([...causes, ...s.cliffs, ...s.programs.flatMap((p: { status: { breakpoints: unknown[] } | null }) => p.status?.breakpoints ?? [])].map((c: { rule_id: string | null }) => c.rule_id).filter(Boolean));
    expect(Object.keys(s.rules).sort()).toEqual([...named].sort());
    for (const id of named) expect(s.rules[id as string]).toEqual(f.rules[id as string]);
    expect({ ...s, total: undefined, programs: undefined, rules: undefined }).toEqual({ ...f, total: undefined, programs: undefined, rules: undefined });
    expect(total.text.length).toBeLessThan(full.text.length / 2);
    const bad = await t.request('POST', '/v1/screen/sweep', request(axis, { detail: 'cliffs' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/detail/);
  }, 120_000);

  it('refuses a bad axis, a range over the limits and programs it cannot screen, with the spec envelope', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ from: 100, to: 50 }, 400, /axis.to/],
      [{ from: 0.001, to: 50 }, 400, /axis.from/],
      [{ input: 'unicorns', person: 'parent', from: 0, to: 50 }, 400, /unicorns/],
      [{ person: 'nobody', from: 0, to: 50 }, 400, /nobody/],
      [{ input: 'utility_type', from: 0, to: 50 }, 400, /utility_type/],
      [{ from: 0, to: 200_000 }, 400, /at most 10000000/],
      [{ from: 0 }, 400, /axis/],
    ];
    for (const [axis, status, message] of cases) {
      const res = await t.request('POST', '/v1/screen/sweep', request(axis));
      expect(res.status, JSON.stringify(axis)).toBe(status);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(message);
    }
    const unknown = await t.request('POST', '/v1/screen/sweep', { json: { jurisdiction: 'us-zz', household, axis: { from: 0, to: 10 } }, headers });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unsupported_program');
    const scope = await t.request('POST', '/v1/screen/sweep', { json: { jurisdiction: 'us-tx', household, axis: { from: 0, to: 10 } }, headers: { 'x-api-key': reader.key } });
    expect(scope.status).toBe(403);
  });

  it('charges a trial key 1 for the request and 10 per program screened', async () => {
    const minted = await t.request('POST', '/v1/keys/trial', { clientAddress: '192.0.2.77' });
    expect(minted.status).toBe(201);
    const { key, key_id } = minted.body.data;
    const res = await t.request('POST', '/v1/screen/sweep', { json: { jurisdiction: 'us-tx', household: stateHousehold, programs: ['snap', 'lifeline'], axis: { from: 3000, to: 3100 } }, headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(await stores.counters.get(`cu:${key_id}`)).toBe(CU_PER_REQUEST + 2 * CU_PER_SWEEP);
    // A refused axis is checked before anything is charged beyond the request.
    const bad = await t.request('POST', '/v1/screen/sweep', { json: { jurisdiction: 'us-tx', household: stateHousehold, programs: ['snap'], axis: { from: 10, to: 5 } }, headers: { 'x-api-key': key } });
    expect(bad.status).toBe(400);
    expect(await stores.counters.get(`cu:${key_id}`)).toBe(2 * CU_PER_REQUEST + 2 * CU_PER_SWEEP);
  });
});
