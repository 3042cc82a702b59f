/**
 * Property test over the bundled federal EITC and CTC packages (rules/programs/us/eitc, us/ctc; issue #28): random households drawn
 * from the package's own inputs (relationship_to_head and filing_status among their values, ages, monthly wages,
 * self-employment, investment and other income, the SSN, student, disability and residence facts) give the same
 * outputs, errors and trace on the fast path (traced kernel, columnar batch, session, untraced single) as on the
 * explain path, in December of each tax year encoded (2024, 2025, 2026).
 *
 * Normal suite: 60 households per year. `TENET_PARITY_FULL=1`: 3,334 per tax year (10,002 per package over the three years, issue #26's bar).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, mulberry32, type RandomHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_YEAR = FULL ? 3_334 : 60;
/** The kernel must carry most households itself (the SNAP tests' bar); measured 2026-11-28: all 60 of 60 each year. */
const MIN_CARRIED = 0.8;

type Fact = number | boolean | string;
const STATUSES = ['single', 'joint', 'separate', 'head_of_household'];

/**
 * `n` random tax households for December of `year`: mostly a head (sometimes none, to test the empty unit), a spouse
 * half the time, up to four children of 0 to 25 (some listed as other_relative), monthly wages across the whole
 * phase-in and phaseout, some self-employment (a loss too), investment income around the limit, and the SSN, student,
 * disability and residence facts mostly at their defaults; filing status stated half the time.
 */
function randomTaxHouseholds(n: number, seed: number, period: string): RandomHouseholds {
  const r = mulberry32(seed);
  const cents = (max: number): number => (r() < 0.3 ? 0 : Math.round(r() * max * 100) / 100);
  const household: Record<string, Fact[]> = { filing_status: [], filing_status_given: [] };
  const people: Record<string, Fact[]> = {};
  const offsets = new Int32Array(n + 1);
  const requests: RandomHouseholds['requests'] = [];
  for (let k = 0; k < n; k++) {
    const given = r() < 0.5;
    const hh = { filing_status: given ? STATUSES[Math.floor(r() * 4)] : 'single', filing_status_given: given };
    household.filing_status.push(hh.filing_status);
    household.filing_status_given.push(hh.filing_status_given);
    const members: Record<string, Record<string, Fact>> = {};
    const person = (relationship: string, age: number): Record<string, Fact> => ({
      age, relationship_to_head: relationship,
      earned_income: relationship === 'head' || relationship === 'spouse' ? cents(6000) : cents(400),
      self_employment_income: r() < 0.85 ? 0 : cents(3000), self_employment_costs: r() < 0.85 ? 0 : cents(3000),
      investment_income: r() < 0.8 ? 0 : cents(1200), other_taxable_income: r() < 0.8 ? 0 : cents(1500),
      has_valid_ssn: r() < 0.9, is_full_time_student: r() < 0.2, is_permanently_and_totally_disabled: r() < 0.05,
      lived_with_filer_over_half_year: r() < 0.9,
    });
    if (r() < 0.9) members.head = person('head', 18 + Math.floor(r() * 60));
    if (r() < 0.4) members.spouse = person('spouse', 18 + Math.floor(r() * 60));
    const children = Math.floor(r() * 5);
    for (let j = 1; j <= children; j++) members[`child_${j}`] = person(r() < 0.85 ? 'child' : 'other_relative', Math.floor(r() * 26));
    const ids = Object.keys(members);
    for (const id of ids) for (const [slot, v] of Object.entries(members[id])) (people[slot] ??= []).push(v);
    offsets[k + 1] = offsets[k] + ids.length;
    requests.push({ period, inputs: { household: hh, ...members }, relations: { member_of_snap_household: ids.map((id) => [id, 'household']) } });
  }
  const column = (vals: Fact[]): Float64Array | Uint8Array | Fact[] =>
    typeof vals[0] === 'number' ? Float64Array.from(vals as number[]) : typeof vals[0] === 'boolean' ? Uint8Array.from(vals, (v) => (v ? 1 : 0)) : vals;
  const columns = {
    size: n,
    household: Object.fromEntries(Object.entries(household).map(([s, v]) => [s, column(v)])),
    people: { offsets, inputs: Object.fromEntries(Object.entries(people).map(([s, v]) => [s, column(v)])) },
  } as RandomHouseholds['columns'];
  return { columns, requests, outside: new Set(), divided: new Set(), period };
}

const CASES = ['eitc', 'ctc'].flatMap((program) => ([['2024-12', 0x2024], ['2025-12', 0x2025], ['2026-12', 0x2026]] as const).map(([period, seed]) => [program, period, seed] as const));

describe(`Tax credit property: fast path = explain path on ${PER_YEAR} random households per package and tax year`, () => {
  it.each(CASES)('us/%s in %s: traced, batch, session and single evaluations agree', async (program, period, seed) => {
    const pkg = await loadProgramPackage(ROOT, `programs/us/${program}/tax-years-2024-2026.yaml`);
    const draw = randomTaxHouseholds(PER_YEAR, 20261128 ^ seed, period);
    const result = compareFastAndExplain(pkg, draw);
    expect(result.mismatches, period).toEqual([]);
    expect(result.mismatchCount).toBe(0);
    expect(result.batchFallback, period).toEqual([]);
    expect(result.sessionCarried, period).toBeGreaterThan(PER_YEAR * MIN_CARRIED);
    expect(result.tracedCarried, period).toBeGreaterThan(PER_YEAR * MIN_CARRIED);
  }, FULL ? 3_600_000 : 120_000);
});
