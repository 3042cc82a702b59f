/**
 * Property test: 10,000 random households for a bundled State SNAP package (rules/programs/us-co/snap) give the
 * same outputs and errors on the fast path (columnar batch, and one at a time) as on the explain path.
 * Also runs the shared corpus's us-co/snap program when ../shared is present.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatePackage, type PackageRequest, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { evaluatePackageBatch, type HouseholdColumns } from '../../../../core/engine/fast/batch.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/package.js';
import { PackageSession } from '../../../../core/engine/fast/session.js';
import { loadProgramPackage as loadPackage, mulberry32 as rng, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const SHARED = resolve(import.meta.dirname, '../../../../../shared/corpora/rulespec-us');

interface Generated {
  readonly columns: HouseholdColumns;
  readonly requests: PackageRequest[];
  /** Households built to leave the fast envelope: a 7-decimal amount or a missing person fact. */
  readonly outside: Set<number>;
  /**
   * Households with a member whose income may count pro rata (a non-citizen, an ABAWD past the time limit): a share
   * like 2/3 is an inexact quotient, which the kernel rounds exactly as the rule's `rounding` says (7 CFR 273.11(c));
   * they stay on generated code like every other household inside the envelope.
   */
  readonly divided?: Set<number>;
}

const MONEY_HH = ['earned_income', 'unearned_income', 'shelter_costs', 'dependent_care_costs', 'medical_costs', 'child_support_paid', 'countable_resources'];
const BOOL_HH = ['has_elderly_or_disabled_member', 'is_homeless', 'all_members_receive_tanf_or_ssi'];
/** Vehicle facts (7 CFR 273.8(f)): the first vehicle's value, a second one's value, debt and equity-test exemption. */
const VEHICLE_HH = ['vehicle_fair_market_value', 'second_vehicle_fair_market_value', 'second_vehicle_amount_owed', 'second_vehicle_exempt_from_equity_test'];
const UTILITIES = ['heating_cooling', 'limited', 'telephone', 'none'];

/** Random households: mostly cents, some zeros, a few with 3 or 7 decimals, a few with missing person facts. */
function households(n: number, seed: number, hasSlot: (s: string) => boolean): Generated {
  const r = rng(seed);
  const outside = new Set<number>();
  const divided = new Set<number>();
  let k = 0;
  const money = (max: number): number => {
    const u = r();
    if (u < 0.3) return 0;
    if (u < 0.31) return Math.round(r() * max * 1000) / 1000;
    if (u < 0.315) {
      const v = Math.round(r() * max * 1e7) / 1e7;
      if (!Number.isInteger(v * 1e6)) outside.add(k);
      return v;
    }
    return Math.round(r() * max * 100) / 100;
  };
  const hh: Record<string, (number | boolean | string)[]> = { household_size: [], utility_type: [] };
  for (const s of [...MONEY_HH, ...BOOL_HH, ...VEHICLE_HH]) hh[s] = [];
  const offsets = new Int32Array(n + 1);
  const people: Record<string, (number | boolean | string | undefined)[]> = { age: [], is_disabled: [], earned_income: [], unearned_income: [], medical_costs: [] };
  for (const s of Object.keys(PERSON_FACT_DEFAULTS)) people[s] = [];
  const STATUSES = ['eligible_noncitizen', 'refugee_or_asylee', 'ineligible_noncitizen', 'undocumented_or_temporary'];
  const requests: PackageRequest[] = [];
  for (k = 0; k < n; k++) {
    const inputs: Record<string, Record<string, unknown>> = { household: {} };
    const set = (s: string, v: number | boolean | string): void => {
      hh[s].push(v);
      inputs.household[s] = v;
    };
    set('household_size', Math.floor(r() * 13));
    for (const s of MONEY_HH) set(s, money(s === 'countable_resources' ? 12000 : s === 'earned_income' ? 9000 : 2500));
    for (const s of BOOL_HH) set(s, r() < 0.15);
    set('utility_type', UTILITIES[Math.floor(r() * UTILITIES.length)]);
    // Vehicles: mostly none, sometimes one or two, some debt, sometimes another adult's (no equity test). Whole
    // cents, so the envelope statistics above stay those of the money facts.
    const cents = (max: number): number => Math.round(r() * max * 100) / 100;
    set('vehicle_fair_market_value', r() < 0.6 ? 0 : cents(30000));
    set('second_vehicle_fair_market_value', r() < 0.8 ? 0 : cents(15000));
    set('second_vehicle_amount_owed', r() < 0.5 ? 0 : cents(15000));
    set('second_vehicle_exempt_from_equity_test', r() < 0.3);
    const count = r() < 0.5 ? 0 : Math.floor(r() * 6);
    const tuples: [string, string][] = [];
    for (let j = 0; j < count; j++) {
      const id = `person-${j + 1}`;
      const rec: Record<string, unknown> = {
        age: Math.floor(r() * 95),
        is_disabled: r() < 0.1,
        earned_income: money(4000),
        unearned_income: money(1500),
        medical_costs: money(600),
        // Person-level eligibility facts: mostly the defaults, sometimes an exclusion or self-employment.
        citizenship_status: r() < 0.9 ? 'citizen' : STATUSES[Math.floor(r() * STATUSES.length)],
        is_higher_ed_student: r() < 0.1,
        student_exemption: r() < 0.3,
        abawd_time_limit_exhausted: r() < 0.1,
        abawd_exempt: r() < 0.2,
        work_rule_disqualified: r() < 0.05,
        self_employment_income: r() < 0.85 ? 0 : money(3000),
        self_employment_costs: r() < 0.85 ? 0 : money(3000),
        self_employment_is_farm: r() < 0.5,
        ipv_disqualified: r() < 0.02,
        drug_felony_disqualified: r() < 0.02,
        ssn_noncompliant: r() < 0.005, // pro rata like a non-citizen: a share such as 2/3, rounded to the cent
        // What the person pays or holds: prorated, left out or counted in full by 7 CFR 273.11(c), (d).
        shelter_costs: r() < 0.8 ? 0 : money(1500),
        dependent_care_costs: r() < 0.9 ? 0 : money(800),
        child_support_paid: r() < 0.9 ? 0 : money(600),
        countable_resources: r() < 0.8 ? 0 : money(5000),
      };
      if (r() < 0.01) {
        delete rec.medical_costs; // explain: missing input error; the fast path must hand it back
        outside.add(k);
      }
      if (rec.citizenship_status !== 'citizen' || rec.abawd_time_limit_exhausted || rec.ssn_noncompliant) divided.add(k);
      for (const s of Object.keys(people)) people[s].push(rec[s] as number | boolean | string | undefined);
      inputs[id] = rec;
      tuples.push([id, 'household']);
    }
    offsets[k + 1] = offsets[k] + count;
    requests.push({ period: '2026-01', inputs, relations: { member_of_snap_household: tuples } });
  }
  const column = (vals: (number | boolean | string | undefined)[]) =>
    typeof vals.find((v) => v !== undefined) === 'number'
      ? Float64Array.from(vals, (v) => (v === undefined ? NaN : (v as number)))
      : typeof vals.find((v) => v !== undefined) === 'boolean'
        ? Uint8Array.from(vals, (v) => (v === undefined ? 255 : v ? 1 : 0))
        : vals;
  const household = Object.fromEntries(Object.entries(hh).filter(([s]) => hasSlot(s)).map(([s, v]) => [s, column(v)]));
  // NaN in a Float64Array column means "not given", as an absent key does in the request.
  const personCols = Object.fromEntries(Object.entries(people).map(([s, v]) => [s, column(v) as Float64Array | Uint8Array | string[]]));
  return { columns: { size: n, household, people: { offsets, inputs: personCols } }, requests, outside, divided };
}

/** `minCarried`: the share of households the session and the traced kernel must carry themselves. */
function checkAgreement(pkg: RuntimePackage, n: number, seed: number, minCarried = 0.9): { fallback: number[]; outside: number[]; divided: Set<number> } {
  const hasSlot = (s: string) => pkg.inputs.some((i) => i.slot === s);
  const { columns, requests, outside, divided = new Set<number>() } = households(n, seed, hasSlot);
  const batch = evaluatePackageBatch(pkg, columns, { period: '2026-01' });
  const session = new PackageSession(pkg, { period: '2026-01', decimals: 3 });
  let sessionCarried = 0;
  let mismatches = 0;
  let traced = 0;
  for (let k = 0; k < n; k++) {
    const explain = evaluatePackage(pkg, { ...requests[k], trace: true });
    const expected = JSON.stringify({ outputs: explain.outputs, errors: explain.errors });
    // With a trace: the trace-mode kernel rebuilds the explain path's trace entry for entry.
    const withTrace = evaluatePackageFast(pkg, { ...requests[k], trace: true });
    if (withTrace.path === 'fast') traced++;
    if (JSON.stringify(withTrace.trace) !== JSON.stringify(explain.trace) && mismatches++ < 5) expect({ k, trace: withTrace.trace }).toEqual({ k, trace: explain.trace });
    expect(JSON.stringify({ outputs: withTrace.outputs, errors: withTrace.errors })).toBe(expected);
    const got = JSON.stringify(batch.row(k));
    if (got !== expected && mismatches++ < 5) expect({ k, got: JSON.parse(got) }).toEqual({ k, got: JSON.parse(expected) });
    if (k % 20 === 0) {
      const one = evaluatePackageFast(pkg, requests[k]);
      expect(JSON.stringify({ outputs: one.outputs, errors: one.errors })).toBe(expected);
    }
    // One at a time through a session: same outputs whenever it carries the household itself.
    const { household, ...people } = requests[k].inputs as Record<string, Record<string, unknown>>;
    const own = session.evaluate(household, Object.values(people));
    if (own) {
      sessionCarried++;
      expect(JSON.stringify({ outputs: own, errors: {} })).toBe(expected);
    }
  }
  expect(mismatches).toBe(0);
  expect(sessionCarried).toBeGreaterThan(n * minCarried);
  expect(traced).toBeGreaterThan(n * minCarried);
  return { fallback: [...batch.fallback.keys()].sort((a, b) => a - b), outside: [...outside].sort((a, b) => a - b), divided };
}

describe('SNAP property: fast path = explain path on 10,000 random households', () => {
  it('bundled us-co/snap: batch, single and traced evaluations agree on every output and trace entry', async () => {
    const pkg = await loadPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
    // About 6% of this draw is outside the envelope, handed back by design; the session carried 9,396 and the traced
    // kernel 9,455 of 10,000 when measured (2026-11-24; 8,972 to 9,017 before pro rata shares were rounded on generated code).
    const { fallback, outside, divided } = checkAgreement(pkg, 10_000, 20261121, 0.92);
    // Only households built to leave the envelope went to the explain path (some of those stay on the kernel: a
    // missing fact that no rule reads is no error); the kernel carried every other one, pro rata shares included.
    expect(outside.length).toBeGreaterThan(100);
    expect(divided.size).toBeGreaterThan(100);
    expect(fallback.filter((k) => !outside.includes(k))).toEqual([]);
    expect(fallback.length).toBeGreaterThan(outside.length / 2);
  }, 120_000);

  it('bundled us-tx/snap (a State vehicle rule, a BBCE asset limit that counts vehicles): batch, single and traced agree', async () => {
    const pkg = await loadPackage(ROOT, 'programs/us-tx/snap/fy-2026.yaml');
    // As for us-co: about 7% of the draw is outside the envelope (2,810 of 3,000 carried by the session when measured,
    // 2,666 before pro rata shares were rounded on generated code).
    const { fallback, outside, divided } = checkAgreement(pkg, 3_000, 20261124, 0.92);
    expect(divided.size).toBeGreaterThan(100);
    expect(fallback.filter((k) => !outside.includes(k))).toEqual([]);
  }, 120_000);

  it.skipIf(!existsSync(join(SHARED, 'programs/us-co/snap')))('shared corpus us-co/snap, every input random by dtype (skipped when ../shared is absent)', async () => {
    const pkg = await loadPackage(SHARED, 'programs/us-co/snap/fy-2026.yaml');
    const { columns, requests, relation } = genericHouseholds(pkg, 2_000, 11);
    const batch = evaluatePackageBatch(pkg, columns, { period: '2026-01', relation });
    for (let k = 0; k < columns.size; k++) {
      const explain = evaluatePackage(pkg, requests[k]);
      expect(JSON.stringify(batch.row(k))).toBe(JSON.stringify({ outputs: explain.outputs, errors: explain.errors }));
    }
    if (process.env.FP_DEBUG) {
      const errs = new Map<string, number>();
      for (const [, res] of batch.fallback) for (const m of Object.values(res.errors).length ? Object.values(res.errors) : ['(no error)']) errs.set(m.slice(0, 90), (errs.get(m.slice(0, 90)) ?? 0) + 1);
      console.log(batch.fallback.size, [...errs.entries()].slice(0, 10));
    }
    // Every input is supplied, so the kernel carries the households: at most a few fall back.
    expect(batch.fallback.size).toBeLessThan(columns.size / 10);
  }, 120_000);
});

/** Households for any package: every input random by its dtype; per-member inputs on 0-4 people. */
function genericHouseholds(pkg: RuntimePackage, n: number, seed: number): Generated & { relation?: string } {
  const r = rng(seed);
  const relCount = new Map<string, number>();
  for (const i of pkg.inputs) if (i.relation) relCount.set(i.relation, (relCount.get(i.relation) ?? 0) + 1);
  const relation = [...relCount.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const value = (dtype: string): number | boolean | string =>
    dtype === 'bool' ? r() < 0.3 : dtype === 'integer' ? Math.floor(r() * 9) : dtype === 'decimal' ? (r() < 0.3 ? 0 : Math.round(r() * 300000) / 100) : dtype === 'date' ? '2025-06-15' : ['none', 'yes', 'no'][Math.floor(r() * 3)];
  const hhInputs = pkg.inputs.filter((i) => !i.relation || i.relation !== relation);
  const pInputs = pkg.inputs.filter((i) => relation && i.relation === relation);
  const hh: Record<string, (number | boolean | string)[]> = Object.fromEntries(hhInputs.map((i) => [i.slot, []]));
  const pp: Record<string, (number | boolean | string)[]> = Object.fromEntries(pInputs.map((i) => [i.slot, []]));
  const offsets = new Int32Array(n + 1);
  const requests: PackageRequest[] = [];
  for (let k = 0; k < n; k++) {
    const inputs: Record<string, Record<string, unknown>> = { household: {} };
    for (const i of hhInputs) {
      const v = value(i.dtype);
      hh[i.slot].push(v);
      inputs.household[i.slot] = v;
    }
    const count = Math.floor(r() * 5);
    const tuples: [string, string][] = [];
    for (let j = 0; j < count; j++) {
      const id = `person-${j + 1}`;
      inputs[id] = {};
      for (const i of pInputs) {
        const v = value(i.dtype);
        pp[i.slot].push(v);
        inputs[id][i.slot] = v;
      }
      tuples.push([id, 'household']);
    }
    offsets[k + 1] = offsets[k] + count;
    requests.push({ period: '2026-01', inputs, relations: relation ? { [relation]: tuples } : {} });
  }
  const column = (vals: (number | boolean | string)[]) =>
    vals.length > 0 && typeof vals[0] === 'number' ? Float64Array.from(vals as number[]) : vals.length > 0 && typeof vals[0] === 'boolean' ? Uint8Array.from(vals, (v) => (v ? 1 : 0)) : vals;
  return {
    columns: {
      size: n,
      household: Object.fromEntries(Object.entries(hh).map(([s, v]) => [s, column(v)])),
      people: { offsets, inputs: Object.fromEntries(Object.entries(pp).map(([s, v]) => [s, column(v)])) },
    },
    requests,
    outside: new Set(),
    relation,
  };
}
