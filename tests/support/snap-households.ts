/**
 * Shared by the fast-path property tests and bench/engine-fastpath.ts: the seeded PRNG their random SNAP
 * households are drawn from, loading one composed program package from a rules root, the random households
 * themselves (randomSnapHouseholds) and the comparison of both paths over them (compareFastAndExplain).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FsRuleRepository } from '../../adapters/rulespec-fs/fs-rule-repository.js';
import { composeProgram, evaluatePackage, parseProgramSpec, type PackageRequest, type RuntimePackage } from '../../core/engine/package/index.js';
import { loadRuleRepository } from '../../core/engine/load/load-repository.js';
import { evaluatePackageBatch, type HouseholdColumns } from '../../core/engine/fast/evaluate/batch.js';
import { evaluatePackageFast } from '../../core/engine/fast/evaluate/package.js';
import { PackageSession } from '../../core/engine/fast/evaluate/session.js';
import { relationName } from '../../core/engine/syntax/ids.js';
import { mulberry32 } from './prng.js';

export { mulberry32 };

/** The package composed from program spec `file` (relative to `root`) over the rules under `root`; throws with the diagnostics. */
export async function loadProgramPackage(root: string, file: string): Promise<RuntimePackage> {
  const repo = await loadRuleRepository(new FsRuleRepository(root));
  const spec = parseProgramSpec(file, readFileSync(join(root, file), 'utf8'));
  if (!spec.ok) throw new Error(`${file}: ${JSON.stringify(spec.diagnostics)}`);
  const pkg = composeProgram(repo, spec.spec);
  if (!pkg.ok) throw new Error(`${file}: ${JSON.stringify(pkg.diagnostics)}`);
  return pkg.package;
}

/**
 * The person-level eligibility facts of the bundled SNAP packages at their common-case defaults
 * (docs/snap-package-contract.md section 8). A raw engine request has no defaults, so every listed person needs them.
 */
export const PERSON_FACT_DEFAULTS = {
  citizenship_status: 'citizen',
  is_higher_ed_student: false,
  student_exemption: false,
  abawd_time_limit_exhausted: false,
  abawd_exempt: false,
  work_rule_disqualified: false,
  self_employment_income: 0,
  self_employment_costs: 0,
  self_employment_is_farm: false,
  ipv_disqualified: false,
  drug_felony_disqualified: false,
  ssn_noncompliant: false,
  // What the person pays or holds (7 CFR 273.11(c), (d)); added to the household's figures.
  shelter_costs: 0,
  dependent_care_costs: 0,
  child_support_paid: 0,
  countable_resources: 0,
} as const;

/** The same facts as batch columns for `n` people. */
export function personFactColumns(n: number): Record<string, Float64Array | Uint8Array | string[]> {
  return {
    citizenship_status: Array.from({ length: n }, () => 'citizen'),
    is_higher_ed_student: new Uint8Array(n),
    student_exemption: new Uint8Array(n),
    abawd_time_limit_exhausted: new Uint8Array(n),
    abawd_exempt: new Uint8Array(n),
    work_rule_disqualified: new Uint8Array(n),
    self_employment_income: new Float64Array(n),
    self_employment_costs: new Float64Array(n),
    self_employment_is_farm: new Uint8Array(n),
    ipv_disqualified: new Uint8Array(n),
    drug_felony_disqualified: new Uint8Array(n),
    ssn_noncompliant: new Uint8Array(n),
    shelter_costs: new Float64Array(n),
    dependent_care_costs: new Float64Array(n),
    child_support_paid: new Float64Array(n),
    countable_resources: new Float64Array(n),
  };
}

/** Random SNAP households drawn for one package: batch columns, the same households as requests, and why some leave the kernel. */
export interface RandomHouseholds {
  readonly columns: HouseholdColumns;
  readonly requests: PackageRequest[];
  /** Households built to leave the fast envelope: a 7-decimal amount or a missing person fact. */
  readonly outside: Set<number>;
  /**
   * Households with a member whose income may count pro rata (a non-citizen, an ABAWD past the time limit, an SSN
   * non-compliant member): a share like 2/3 is not exact at the kernel's scale, so the kernel may hand such a
   * household back (7 CFR 273.11(c)).
   */
  readonly divided: Set<number>;
  /** The month every household is computed for. */
  readonly period: string;
}

const MONEY_HH = ['earned_income', 'unearned_income', 'shelter_costs', 'dependent_care_costs', 'medical_costs', 'child_support_paid', 'countable_resources'];
const BOOL_HH = ['has_elderly_or_disabled_member', 'is_homeless', 'all_members_receive_tanf_or_ssi'];
/** Vehicle facts (7 CFR 273.8(f)): the first vehicle's value; a second and a third one's value, debt and equity-test exemption. */
const VEHICLE_HH = ['vehicle_fair_market_value', 'second_vehicle_fair_market_value', 'second_vehicle_amount_owed', 'second_vehicle_exempt_from_equity_test',
  'third_vehicle_fair_market_value', 'third_vehicle_amount_owed', 'third_vehicle_exempt_from_equity_test'];
const DRAWN_HH = new Set(['household_size', 'utility_type', ...MONEY_HH, ...BOOL_HH, ...VEHICLE_HH]);
const NON_CITIZEN = ['eligible_noncitizen', 'refugee_or_asylee', 'ineligible_noncitizen', 'undocumented_or_temporary'];
type Fact = number | boolean | string;

/** The package's own list of values for a text input (input_values), e.g. Alaska's regions and allotment areas. */
function allowedValues(pkg: RuntimePackage, slot: string): readonly string[] | undefined {
  const values = (pkg.spec.extensions.input_values ?? {}) as Record<string, readonly string[] | undefined>;
  return values[slot];
}

/** An integer within the package's input_limits for `slot` (household_size: 1 to 13), else 0 to 12. */
function drawInteger(pkg: RuntimePackage, slot: string, r: () => number): number {
  const limits = (pkg.spec.extensions.input_limits ?? {}) as Record<string, { minimum?: number; maximum?: number } | undefined>;
  const low = limits[slot]?.minimum ?? 0;
  const high = Math.min(limits[slot]?.maximum ?? low + 12, low + 12);
  return low + Math.floor(r() * (high - low + 1));
}

/** A value of the package's `slot` drawn by its dtype; text only from the package's listed values (else its default). */
function drawByType(pkg: RuntimePackage, slot: string, dtype: string, r: () => number, money: (max: number) => number, fallback: unknown): Fact {
  if (dtype === 'bool') return r() < 0.15;
  // The spec's input_types decide where they are stated: the API refuses a fraction for an Integer input.
  const declared = (pkg.spec.extensions.input_types as Record<string, string> | undefined)?.[slot];
  if (dtype === 'integer' || declared === 'Integer') return drawInteger(pkg, slot, r);
  if (dtype === 'decimal') return money(2500);
  const values = allowedValues(pkg, slot);
  if (values && values.length > 0) return values[Math.floor(r() * values.length)];
  return fallback as Fact;
}

/**
 * `n` random households for `pkg`, reproducible from `seed`: mostly cents, some zeros, a few with 3 or 7 decimals, a
 * few with a missing person fact, person-level eligibility facts mostly at their defaults; integers within the
 * package's input_limits, text from its input_values, so every household is one the API accepts. The SNAP facts every bundled
 * package reads are drawn first, in a fixed order (so one seed draws the same households for us-co as before this
 * generator read packages); then every other input the package declares (Alaska's region and allotment area, New
 * York's region, Maryland's member aged 62) by its dtype, text only from the package's input_values.
 */
export function randomSnapHouseholds(pkg: RuntimePackage, n: number, seed: number, period = '2026-01'): RandomHouseholds {
  const r = mulberry32(seed);
  const outside = new Set<number>();
  const divided = new Set<number>();
  const hhDefaults = (pkg.spec.extensions.input_defaults ?? {}) as Record<string, unknown>;
  const personDefaults = (pkg.spec.extensions.person_input_defaults ?? {}) as Record<string, unknown>;
  const extraHh = pkg.inputs.filter((i) => !i.relation && !DRAWN_HH.has(i.slot));
  const utilities = allowedValues(pkg, 'utility_type') ?? ['heating_cooling', 'limited', 'telephone', 'none'];
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
  const hh: Record<string, Fact[]> = {};
  const offsets = new Int32Array(n + 1);
  const people: Record<string, (Fact | undefined)[]> = { age: [], is_disabled: [], earned_income: [], unearned_income: [], medical_costs: [] };
  for (const s of Object.keys(PERSON_FACT_DEFAULTS)) people[s] = [];
  const extraPerson = pkg.inputs.filter((i) => i.relation && !(i.slot in people));
  // The package's person relation by its local name (SNAP's member_of_snap_household, Medicaid's member_of_medicaid_household).
  const memberRelation = relationName(pkg.spec.profile.person.relation ?? 'member_of_snap_household');
  for (const i of extraPerson) people[i.slot] = [];
  const requests: PackageRequest[] = [];
  for (k = 0; k < n; k++) {
    const inputs: Record<string, Record<string, unknown>> = { household: {} };
    const set = (s: string, v: Fact): void => {
      (hh[s] ??= []).push(v);
      inputs.household[s] = v;
    };
    // Within the package's input_limits (at least 1): the API refuses a household size of 0.
    set('household_size', drawInteger(pkg, 'household_size', r));
    for (const s of MONEY_HH) set(s, money(s === 'countable_resources' ? 12000 : s === 'earned_income' ? 9000 : 2500));
    for (const s of BOOL_HH) set(s, r() < 0.15);
    set('utility_type', utilities[Math.floor(r() * utilities.length)]);
    // Vehicles: mostly none, sometimes one, two or three, some debt, sometimes another adult's (no equity test). Whole
    // cents, so the envelope statistics above stay those of the money facts.
    const cents = (max: number): number => Math.round(r() * max * 100) / 100;
    set('vehicle_fair_market_value', r() < 0.6 ? 0 : cents(30000));
    set('second_vehicle_fair_market_value', r() < 0.8 ? 0 : cents(15000));
    set('second_vehicle_amount_owed', r() < 0.5 ? 0 : cents(15000));
    set('second_vehicle_exempt_from_equity_test', r() < 0.3);
    set('third_vehicle_fair_market_value', r() < 0.9 ? 0 : cents(12000));
    set('third_vehicle_amount_owed', r() < 0.5 ? 0 : cents(12000));
    set('third_vehicle_exempt_from_equity_test', r() < 0.3);
    const count = r() < 0.5 ? 0 : Math.floor(r() * 6);
    const tuples: [string, string][] = [];
    for (let j = 0; j < count; j++) {
      const id = `person-${j + 1}`;
      const rec = randomPerson(r, money);
      for (const i of extraPerson) rec[i.slot] = drawByType(pkg, i.slot, i.dtype, r, money, personDefaults[i.slot]);
      if (r() < 0.01) {
        delete rec.medical_costs; // explain: missing input error; the fast path must hand it back
        outside.add(k);
      }
      if (rec.citizenship_status !== 'citizen' || rec.abawd_time_limit_exhausted || rec.ssn_noncompliant) divided.add(k);
      for (const s of Object.keys(people)) people[s].push(rec[s] as Fact | undefined);
      inputs[id] = rec;
      tuples.push([id, 'household']);
    }
    // The package's own household inputs, drawn after everything else so the draws above do not depend on them.
    for (const i of extraHh) set(i.slot, drawByType(pkg, i.slot, i.dtype, r, money, hhDefaults[i.slot]));
    offsets[k + 1] = offsets[k] + count;
    requests.push({ period, inputs, relations: { [memberRelation]: tuples } });
  }
  const hasSlot = (s: string): boolean => pkg.inputs.some((i) => i.slot === s);
  const household = Object.fromEntries(Object.entries(hh).filter(([s]) => hasSlot(s)).map(([s, v]) => [s, asColumn(v)]));
  const personCols = Object.fromEntries(Object.entries(people).map(([s, v]) => [s, asColumn(v)]));
  return { columns: { size: n, household, people: { offsets, inputs: personCols } }, requests, outside, divided, period };
}

/**
 * The draw with only the inputs the package reads: a package without SNAP (Lifeline in Puerto Rico, American Samoa,
 * the Northern Mariana Islands; WIC) reads none of the SNAP facts the draw also gives, and the API refuses them there.
 */
export function onlyPackageInputs(pkg: RuntimePackage, draw: RandomHouseholds): RandomHouseholds {
  const unit = new Set(pkg.inputs.filter((i) => !i.relation).map((i) => i.slot));
  const member = new Set(pkg.inputs.filter((i) => i.relation).map((i) => i.slot));
  const only = (record: Record<string, unknown>, keep: Set<string>): Record<string, unknown> => Object.fromEntries(Object.entries(record).filter(([k]) => keep.has(k)));
  const requests = draw.requests.map((req) => ({
    ...req,
    inputs: Object.fromEntries(Object.entries(req.inputs ?? {}).map(([id, rec]) => [id, only(rec as Record<string, unknown>, id === 'household' ? unit : member)])),
  }));
  const people = draw.columns.people === undefined ? undefined : { ...draw.columns.people, inputs: only(draw.columns.people.inputs, member) };
  return { ...draw, requests, columns: { ...draw.columns, household: only(draw.columns.household, unit), people } as RandomHouseholds['columns'] };
}

/** One random person: age, disability, money, and the eligibility facts mostly at their defaults. */
function randomPerson(r: () => number, money: (max: number) => number): Record<string, unknown> {
  return {
    age: Math.floor(r() * 95),
    is_disabled: r() < 0.1,
    earned_income: money(4000),
    unearned_income: money(1500),
    medical_costs: money(600),
    // Person-level eligibility facts: mostly the defaults, sometimes an exclusion or self-employment.
    citizenship_status: r() < 0.9 ? 'citizen' : NON_CITIZEN[Math.floor(r() * NON_CITIZEN.length)],
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
    ssn_noncompliant: r() < 0.005, // pro rata like a non-citizen
    // What the person pays or holds: prorated, left out or counted in full by 7 CFR 273.11(c), (d).
    shelter_costs: r() < 0.8 ? 0 : money(1500),
    dependent_care_costs: r() < 0.9 ? 0 : money(800),
    child_support_paid: r() < 0.9 ? 0 : money(600),
    countable_resources: r() < 0.8 ? 0 : money(5000),
  };
}

/** A batch column: NaN in a Float64Array (255 in a Uint8Array) means "not given", as an absent key does in a request. */
function asColumn(vals: readonly (Fact | undefined)[]): Float64Array | Uint8Array | (Fact | undefined)[] {
  const first = vals.find((v) => v !== undefined);
  if (typeof first === 'number') return Float64Array.from(vals, (v) => (v === undefined ? NaN : (v as number)));
  if (typeof first === 'boolean') return Uint8Array.from(vals, (v) => (v === undefined ? 255 : v ? 1 : 0));
  return [...vals];
}

/** What one comparison of the fast path with the explain path found over a set of households. */
export interface PathComparison {
  readonly households: number;
  /** Households the one-at-a-time session evaluated on generated code (the rest it hands back: undefined). */
  readonly sessionCarried: number;
  /** Households the traced fast path (`evaluatePackageFast` with trace) answered with path 'fast'. */
  readonly tracedCarried: number;
  /** Rows the columnar batch handed to the explain path, ascending. */
  readonly batchFallback: number[];
  /** The first few disagreements (household index, which evaluation, what it gave, what the explain path gave). */
  readonly mismatches: { k: number; via: string; got: unknown; expected: unknown }[];
  readonly mismatchCount: number;
}

/**
 * Every household on the explain path (traced) against the fast path three ways: the traced kernel (outputs, errors
 * and every trace entry), the columnar batch row, and a session (outputs, when it carries the household); every 20th
 * household also untraced through evaluatePackageFast. Collects disagreements instead of throwing, so a caller can
 * report the counts of a long run.
 */
export function compareFastAndExplain(pkg: RuntimePackage, draw: RandomHouseholds, keep = 5): PathComparison {
  const { columns, requests, period } = draw;
  const batch = evaluatePackageBatch(pkg, columns, { period });
  const session = new PackageSession(pkg, { period, decimals: 3 });
  const mismatches: PathComparison['mismatches'] = [];
  let mismatchCount = 0;
  let sessionCarried = 0;
  let tracedCarried = 0;
  const differ = (k: number, via: string, got: string, expected: string): void => {
    if (got === expected) return;
    if (mismatchCount++ < keep) mismatches.push({ k, via, got: JSON.parse(got), expected: JSON.parse(expected) });
  };
  for (let k = 0; k < columns.size; k++) {
    const explain = evaluatePackage(pkg, { ...requests[k], trace: true });
    const expected = JSON.stringify({ outputs: explain.outputs, errors: explain.errors });
    const traced = evaluatePackageFast(pkg, { ...requests[k], trace: true });
    if (traced.path === 'fast') tracedCarried++;
    differ(k, 'traced', JSON.stringify({ outputs: traced.outputs, errors: traced.errors }), expected);
    differ(k, 'trace', JSON.stringify(traced.trace), JSON.stringify(explain.trace));
    differ(k, 'batch', JSON.stringify(batch.row(k)), expected);
    if (k % 20 === 0) {
      const one = evaluatePackageFast(pkg, requests[k]);
      differ(k, 'single', JSON.stringify({ outputs: one.outputs, errors: one.errors }), expected);
    }
    const { household, ...members } = requests[k].inputs as Record<string, Record<string, unknown>>;
    const own = session.evaluate(household, Object.values(members));
    if (own) {
      sessionCarried++;
      differ(k, 'session', JSON.stringify({ outputs: own, errors: {} }), expected);
    }
  }
  const batchFallback = [...batch.fallback.keys()].sort((a, b) => a - b);
  return { households: columns.size, sessionCarried, tracedCarried, batchFallback, mismatches, mismatchCount };
}
