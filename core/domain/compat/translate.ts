/**
 * One SPM unit in one month -> a SNAP package household (docs/snap-package-contract.md §4): the unit's members
 * become `people` (age, disability, incomes, medical costs, eligibility facts), unit-wide costs and flags become
 * `facts`. Every input that does not reach the package is returned in `ignored` with the reason.
 */
import { chooseSources, readEntity, type IgnoredInput, type Reading } from './readings.js';
export type { Reading } from './readings.js';
import { stateCodeOf } from './states.js';
import type { InputTarget } from './variables.js';
import { addTo, cents, ignore, type Accumulator, type PackageInputs } from './accumulator.js';
export type { PackageInputs } from './accumulator.js';
import { regionFacts, singleUtilityFacts, utilitiesPaidFacts, utilityType, vehicleFacts } from './unit-facts.js';
import { membersOf, valueForMonth, type WireEntity, type WireHousehold } from './wire.js';

/** Input levels another program's run reads (program-runs.ts), never the SNAP translation. */
const PROGRAM_ONLY: ReadonlySet<string> = new Set(['lifeline', 'wic', 'school_meals']);

export interface UnitContext {
  unitId: string;
  unit: WireEntity;
  /** Person ids of the unit. */
  members: string[];
  /** The household entity the unit lives in, and its id, if any. */
  household: WireEntity | null;
  householdId: string | null;
}

/** Facts about the unit that decide which documented PolicyEngine differences apply (differences.ts). */
export interface UnitProfile {
  month: string;
  state: string;
  utilityType: string;
  hasElderlyOrDisabledMember: boolean;
  /** A member aged 65+, blind or disabled without an SSI amount given. */
  ssiCandidateWithoutSsi: boolean;
  /** A member under 18 and no TANF amount given. */
  childWithoutTanf: boolean;
  hasSelfEmployment: boolean;
  /** A vehicle value reached the package's vehicle_fair_market_value. */
  vehicleGiven: boolean;
  /** Set after the run: the State gives the SUA through energy assistance and Pub. L. 119-21 sec. 10103 withheld it. */
  heatAndEatDenied?: boolean;
}

/** A type (not an interface) so it is assignable to the calculator's Record<string, unknown> household. */
export type TranslatedUnit = {
  period: string;
  facts: Record<string, unknown>;
  people: Record<string, Record<string, unknown>>;
};

export type Translation =
  | { ok: true; household: TranslatedUnit; ignored: IgnoredInput[]; notes: string[]; profile: UnitProfile; read: Reading[]; kept: Reading[] }
  | { ok: false; reason: string };

/** The unit's members (its `members`, else every person when it is the only unit) and its household. */
export function unitContext(wire: WireHousehold, unitId: string): UnitContext {
  const unit = wire.spm_units?.[unitId] ?? {};
  const people = Object.keys(wire.people ?? {});
  const onlyUnit = Object.keys(wire.spm_units ?? {}).length === 1;
  const members = membersOf(unit) ?? (onlyUnit ? people : []);
  const households = Object.entries(wire.households ?? {});
  const found =
    households.find(([, h]) => (membersOf(h) ?? []).some((m) => members.includes(m))) ?? (households.length === 1 ? households[0] : undefined);
  return { unitId, unit, members, household: found?.[1] ?? null, householdId: found?.[0] ?? null };
}

/** Upper-case State code from the household's state_code / state_code_str / state_name for the month's year. */
export function stateOf(ctx: UnitContext, month: string): string | null {
  if (ctx.household === null) return null;
  for (const name of ['state_code', 'state_code_str', 'state_name']) {
    const value = valueForMonth(ctx.household[name], month, 'year', true);
    if (typeof value === 'string') {
      const code = stateCodeOf(value);
      if (code !== null) return code;
    }
  }
  return null;
}

function applyPerson(acc: Accumulator, r: Reading, pkg: PackageInputs): void {
  const t = r.def.target;
  const record = (acc.people[r.entityId] ??= {});
  if (t.level !== 'person') return;
  switch (t.slot) {
    case 'earned_income':
    case 'unearned_income':
    case 'medical_costs':
      if (r.name === 'ssi_reported') acc.ssiReported.set(r.entityId, r);
      else addTo(record, t.slot, r.value as number);
      return;
    case 'self_employment_income':
      return; // applySelfEmployment
    case 'age':
      record.age = Math.floor(r.value as number);
      return;
    case 'is_disabled':
      record.is_disabled = record.is_disabled === true || r.value === true;
      return;
    case 'is_elderly':
      if (r.value === true) acc.elderlyByFlag.add(r.entityId);
      return;
    case 'receives_ssi':
      if (r.value === true) acc.flags[`ssi:${r.entityId}`] = true;
      return;
    case 'uses_reported_ssi':
      if (r.value === true) acc.usesReportedSsi.add(r.entityId);
      return;
    case 'weekly_hours':
      acc.weeklyHours.set(r.entityId, r);
      return;
    case 'fact':
      applyFact(acc, r, record, t, pkg);
  }
}

function applyFact(acc: Accumulator, r: Reading, record: Record<string, unknown>, t: Extract<InputTarget, { slot: 'fact' }>, pkg: PackageInputs): void {
  if (!pkg.inputs.has(t.alias)) return ignore(acc, r, `the ${pkg.jurisdiction} SNAP package has no input ${t.alias} (docs/snap-package-contract.md §8)`);
  if (t.before !== undefined && acc.month >= t.before) {
    return ignore(acc, r, `${r.name} no longer gives an ABAWD exemption from ${t.before} (Pub. L. 119-21 sec. 10102; 7 U.S.C. 2015(o)(3))`);
  }
  if (t.alias === 'abawd_time_limit_exhausted' || t.alias === 'work_rule_disqualified') acc.workRulesStated.add(r.entityId);
  const key = String(r.value);
  if (!Object.hasOwn(t.values, key)) {
    if (t.kind === 'text') ignore(acc, r, `${r.value} is not a value Tenet can convert (known: ${Object.keys(t.values).join(', ')}); the package default was used`);
    // A flag's other value states the fact false (the packages' default), unless another input set it true: so the
    // fact counts as given and is not reported as assumed (tenet.assumptions).
    else record[t.alias] = record[t.alias] === true;
    return;
  }
  const value = t.values[key];
  record[t.alias] = t.kind === 'boolean' ? record[t.alias] === true || value === true : value;
}

/**
 * Hours worked a week: a higher-education student working 20 hours or more is exempt (7 CFR 273.5(b)(5)); 20 hours
 * or more also meets the ABAWD work requirement (7 CFR 273.24(a)(1)(i)), which is the packages' default. Fewer hours
 * for a member of working age cannot be converted: whether the ABAWD time limit is used up depends on months the
 * household does not state (PolicyEngine counts none and makes the member ineligible at once). Where the household
 * states the work-rule outcome itself (meets_snap_abawd_work_requirements, is_snap_work_registration_noncompliant),
 * the hours decide nothing more.
 */
function applyWeeklyHours(acc: Accumulator, pkg: PackageInputs): void {
  for (const [pid, r] of acc.weeklyHours) {
    const record = acc.people[pid];
    const hours = r.value as number;
    const age = typeof record.age === 'number' ? record.age : undefined;
    if (record.is_higher_ed_student === true && pkg.inputs.has('student_exemption')) {
      if (hours >= 20) record.student_exemption = true;
    } else if (hours < 20 && (age === undefined || (age >= 16 && age < 65)) && !acc.workRulesStated.has(pid)) {
      ignore(acc, r, `fewer than 20 hours a week: whether ${pid} has used up the ABAWD time limit (7 CFR 273.24(b)) depends on months the household does not state; give meets_snap_abawd_work_requirements false if the member is past the limit`);
    }
  }
}

/**
 * Self-employment: to a package with the self_employment_income fact, gross receipts per person and the unit's
 * costs shared in proportion to receipts; otherwise receipts net of nothing, a loss counted as 0, into earned income.
 */
function applySelfEmployment(acc: Accumulator, readings: Reading[], pkg: PackageInputs): void {
  const receipts = new Map<string, number>();
  for (const r of readings) if (r.def.target.slot === 'self_employment_income') receipts.set(r.entityId, (receipts.get(r.entityId) ?? 0) + (r.value as number));
  const costs = readings.filter((r) => r.def.target.slot === 'self_employment_costs');
  const native = pkg.inputs.has('self_employment_income') && pkg.inputs.has('self_employment_costs');
  const positive = [...receipts.values()].reduce((a, b) => a + Math.max(b, 0), 0);
  for (const [pid, amount] of receipts) {
    const record = acc.people[pid];
    if (native) {
      // A PolicyEngine loss (negative income) is receipts of 0 with costs of the loss: the rules then count a
      // non-farm loss as 0 (7 CFR 273.11(a)(2)(ii)).
      record.self_employment_income = cents(Math.max(amount, 0));
      const share = positive > 0 ? Math.max(amount, 0) / positive : 0;
      const unitCosts = costs.reduce((a, r) => a + (r.value as number), 0);
      const personCosts = share * unitCosts + Math.max(-amount, 0);
      if (personCosts > 0) record.self_employment_costs = cents(personCosts);
    } else {
      // A non-farm self-employment loss is not offset against other income (7 CFR 273.11(a)(2)(ii)).
      addTo(record, 'earned_income', Math.max(amount, 0));
      if (amount < 0) acc.notes.push(`A self-employment loss of ${pid} was counted as 0: a non-farm loss is not offset against other income (7 CFR 273.11(a)(2)(ii)).`);
    }
  }
  const unused = !native ? 'the package has no self-employment cost input; give self-employment income net of costs' : positive === 0 ? 'no member has self-employment receipts to share the costs among' : null;
  if (unused !== null) for (const r of costs) ignore(acc, r, unused);
}

function applyUnit(acc: Accumulator, r: Reading): void {
  const t = r.def.target;
  if (t.level === 'person') return;
  if (t.slot === 'utility_expense') {
    if ((r.value as number) > 0) acc.utilities.add(t.utility);
    else acc.unpaidUtilities.add(t.utility);
    return;
  }
  if (t.slot === 'self_employment_costs') return; // applySelfEmployment
  if (t.kind === 'money' || t.kind === 'number') acc.unit[t.slot] = (acc.unit[t.slot] ?? 0) + (r.value as number);
  else if (t.kind === 'boolean') acc.flags[t.slot] = acc.flags[t.slot] === true || r.value === true;
  else acc.texts[t.slot] = String(r.value);
}

/** PolicyEngine counts reported SSI only when use_reported_ssi is true; otherwise it computes SSI itself. */
function applyReportedSsi(acc: Accumulator): void {
  for (const [pid, r] of acc.ssiReported) {
    if (acc.usesReportedSsi.has(pid)) addTo(acc.people[pid], 'unearned_income', r.value as number);
    else ignore(acc, r, 'PolicyEngine counts ssi_reported only with use_reported_ssi true (it computes SSI itself otherwise, which Tenet does not); give ssi instead');
  }
}

/** Members counted elderly by flag (is_usda_elderly) whom the package would not count by age: their medical costs move to the unit. */
function elderlyByFlagMedical(acc: Accumulator): number {
  let moved = 0;
  for (const pid of acc.elderlyByFlag) {
    const record = acc.people[pid] ?? {};
    const age = record.age as number | undefined;
    if ((age === undefined || age < 60) && record.is_disabled !== true && typeof record.medical_costs === 'number') {
      moved += record.medical_costs;
      record.medical_costs = 0;
    }
  }
  return moved;
}

function profileOf(acc: Accumulator, month: string, state: string, utility: string, hasElderlyOrDisabled: boolean, readings: Reading[]): UnitProfile {
  const given = (names: string[]): boolean => readings.some((r) => names.includes(r.name));
  const people = Object.values(acc.people);
  return {
    month,
    state,
    utilityType: utility,
    hasElderlyOrDisabledMember: hasElderlyOrDisabled,
    ssiCandidateWithoutSsi: !given(['ssi', 'ssi_reported']) && people.some((p) => (typeof p.age === 'number' && p.age >= 65) || p.is_disabled === true),
    childWithoutTanf: !given(['tanf']) && people.some((p) => typeof p.age === 'number' && p.age < 18),
    hasSelfEmployment: readings.some((r) => r.def.target.slot === 'self_employment_income'),
    vehicleGiven: acc.vehicleGiven,
  };
}

/**
 * Builds the package household for a unit in a State. Type errors throw TypeError with the path (the caller
 * answers 400); a unit the package cannot represent gives `{ok: false, reason}`.
 */
export function translateUnit(wire: WireHousehold, ctx: UnitContext, month: string, state: string, pkg: PackageInputs): Translation {
  if (ctx.members.length === 0) return { ok: false, reason: 'the SPM unit has no members (list them in members, or send one SPM unit)' };
  const raw: Reading[] = [
    ...ctx.members.flatMap((pid) => readEntity(wire.people?.[pid] ?? {}, 'people', pid, month)),
    ...readEntity(ctx.unit, 'spm_units', ctx.unitId, month),
    ...(ctx.household === null ? [] : readEntity(ctx.household, 'households', ctx.householdId ?? 'household', month)),
  ];
  const { kept, ignored } = chooseSources(raw);
  const acc: Accumulator = {
    people: Object.fromEntries(ctx.members.map((pid) => [pid, {}])), unit: {}, flags: {}, texts: {}, utilities: new Set(), unpaidUtilities: new Set(),
    elderlyByFlag: new Set(), ssiReported: new Map(), usesReportedSsi: new Set(), weeklyHours: new Map(), workRulesStated: new Set(), vehicleGiven: false, month, ignored, notes: [],
  };
  for (const r of kept) {
    if (PROGRAM_ONLY.has(r.def.target.level)) continue; // lifeline.ts, wic.ts, school-meals.ts: for their runs only
    if (r.def.target.level === 'person') applyPerson(acc, r, pkg);
    else applyUnit(acc, r);
  }
  applyReportedSsi(acc);
  applyWeeklyHours(acc, pkg);
  applySelfEmployment(acc, kept, pkg);
  const utility = utilityType(acc, kept, pkg);
  if ('reason' in utility) return { ok: false, reason: utility.reason };

  const statedSize = acc.unit.household_size;
  if (statedSize !== undefined && statedSize < ctx.members.length) {
    acc.notes.push(`spm_unit_size ${statedSize} is less than the ${ctx.members.length} members listed: the package counts every listed member.`);
  }
  const paidSsi = (pid: string): boolean =>
    kept.some((r) => r.entityId === pid && (r.name === 'ssi' || (r.name === 'ssi_reported' && acc.usesReportedSsi.has(pid))) && (r.value as number) > 0);
  const receivesSsi = (pid: string): boolean => acc.flags[`ssi:${pid}`] === true || paidSsi(pid);
  const tanfUnit = acc.flags.receives_tanf === true || (acc.unit.unearned_income ?? 0) > 0;
  const allOnAssistance = tanfUnit || ctx.members.every(receivesSsi);
  if (tanfUnit) acc.notes.push('TANF received by the SPM unit is taken as received by every member (PolicyEngine has no per-person TANF receipt); the unit is categorically eligible (7 CFR 273.2(j)(2)).');
  const elderlyMedical = elderlyByFlagMedical(acc);
  const hasElderlyOrDisabled =
    acc.flags.has_elderly_or_disabled_member === true || acc.elderlyByFlag.size > 0 ||
    Object.values(acc.people).some((p) => (typeof p.age === 'number' && p.age >= 60) || p.is_disabled === true);

  const facts: Record<string, unknown> = {
    household_size: Math.max(statedSize ?? 0, ctx.members.length),
    shelter_costs: cents(acc.unit.shelter_costs ?? 0),
    dependent_care_costs: cents(acc.unit.dependent_care_costs ?? 0),
    child_support_paid: cents(acc.unit.child_support_paid ?? 0),
    utility_type: utility.type,
    ...singleUtilityFacts(acc, utility, pkg),
    ...utilitiesPaidFacts(acc, utility, pkg),
    ...regionFacts(acc, kept, state, pkg),
    ...vehicleFacts(acc, kept, pkg),
  };
  // Resources only when given: the package's default (0) is then the calculation's, reported as an assumption where
  // a resource test applies (tenet.assumptions), not a value the endpoint states for the household.
  if (acc.unit.countable_resources !== undefined) facts.countable_resources = cents(acc.unit.countable_resources);
  if (acc.unit.unearned_income !== undefined) facts.unearned_income = cents(acc.unit.unearned_income);
  if (acc.flags.has_elderly_or_disabled_member === true || acc.elderlyByFlag.size > 0) facts.has_elderly_or_disabled_member = true;
  if (elderlyMedical > 0) facts.medical_costs = cents(elderlyMedical);
  if (allOnAssistance) facts.all_members_receive_tanf_or_ssi = true;
  if (acc.flags.is_homeless !== undefined) facts.is_homeless = acc.flags.is_homeless;
  return {
    ok: true,
    household: { period: month, facts, people: acc.people },
    ignored: acc.ignored,
    read: raw,
    kept,
    notes: acc.notes,
    profile: profileOf(acc, month, state, utility.type, hasElderlyOrDisabled, kept),
  };
}
