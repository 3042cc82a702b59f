/**
 * One PolicyEngine unit (the tax unit listing the person, else the SPM unit) in one month -> a household of the State
 * Medicaid package (docs/medicaid-coverage.md: every person listed is one MAGI household, 42 CFR 435.603(f)): each
 * member's age, MAGI income as monthly amounts, immigration status (citizenship_status, SNAP's values), pregnancy and
 * the children expected. What the unit gives and the package does not read is returned in `ignored` with why; the
 * reasons of inputs that cannot change a MAGI result say "changes nothing here".
 */
import { keepHighestRanked, type IgnoredInput } from './readings.js';
import { MAGI_INCOMES, NOT_MAGI, type MagiSource } from './medicaid.js';
import { stateCodeOf, stateCodeOfFips } from './states.js';
import { CITIZENSHIP, type EntityGroup } from './variables.js';
import { membersOf, valueForMonth, type WireEntity, type WireHousehold, type WireValue } from './wire.js';

/** The unit whose members form the MAGI household: a tax unit or an SPM unit of the request. */
export interface MedicaidUnit {
  group: 'tax_units' | 'spm_units';
  id: string;
  members: string[];
}

export type MedicaidTranslation =
  | { ok: true; state: string; household: { period: string; facts: Record<string, unknown>; people: Record<string, Record<string, unknown>> }; used: Array<{ group: EntityGroup; id: string; name: string }>; ignored: IgnoredInput[]; notes: string[] }
  | { ok: false; reason: string };

/** PolicyEngine's declared default age (its `age` variable: default_value 40), used for a member without one and said so. */
const PE_DEFAULT_AGE = 40;

/** The person's unit: the tax unit listing them (or the only one, listing none), else the SPM unit likewise. */
export function medicaidUnitOf(wire: WireHousehold, personId: string): MedicaidUnit | null {
  for (const group of ['tax_units', 'spm_units'] as const) {
    const units = Object.entries(wire[group] ?? {});
    const listing = units.find(([, unit]) => (membersOf(unit) ?? []).includes(personId));
    if (listing !== undefined) return { group, id: listing[0], members: membersOf(listing[1])! };
    if (units.length === 1 && membersOf(units[0][1]) === undefined) return { group, id: units[0][0], members: Object.keys(wire.people ?? {}) };
  }
  return null;
}

/** The State of the household the unit's members live in (state_code, state_code_str, state_name, else state_fips). */
function stateOfMembers(wire: WireHousehold, members: string[], month: string, used: MedicaidTranslationUsed): string | null {
  const households = Object.entries(wire.households ?? {});
  const found = households.find(([, h]) => (membersOf(h) ?? []).some((m) => members.includes(m))) ?? (households.length === 1 ? households[0] : undefined);
  if (found === undefined) return null;
  for (const name of ['state_code', 'state_code_str', 'state_name', 'state_fips']) {
    const value = valueForMonth(found[1][name], month, 'year', true);
    const code = name === 'state_fips' ? stateCodeOfFips(value) : typeof value === 'string' ? stateCodeOf(value) : null;
    if (code !== null) {
      used.push({ group: 'households', id: found[0], name });
      return code;
    }
  }
  return null;
}

type MedicaidTranslationUsed = Array<{ group: EntityGroup; id: string; name: string }>;

/** The value for the month: a month key, else the year value (a flow divided by 12; a stock as it is). */
function monthly(entity: WireEntity, name: string, month: string, stock: boolean): WireValue | undefined {
  if (!Object.hasOwn(entity, name)) return undefined;
  return valueForMonth(entity[name], month, 'year', stock) ?? undefined;
}

function number(value: WireValue | undefined, path: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${path}: must be a number`);
  return value;
}

/** The person's MAGI income facts for the month (a year amount / 12), choosing among alternatives. */
function incomesOf(entity: WireEntity, pid: string, month: string, used: MedicaidTranslationUsed, ignored: IgnoredInput[]): Record<string, number> {
  const given = Object.keys(entity).filter((n) => Object.hasOwn(MAGI_INCOMES, n) && monthly(entity, n, month, false) !== undefined).map((n) => [n, MAGI_INCOMES[n]] as [string, MagiSource]);
  const totals: Record<string, number> = {};
  for (const [name, s] of keepHighestRanked(given, pid, ignored)) {
    totals[s.fact] = (totals[s.fact] ?? 0) + number(monthly(entity, name, month, false), `household.people.${pid}.${name}`)!;
    used.push({ group: 'people', id: pid, name });
  }
  for (const name of Object.keys(entity)) if (NOT_MAGI.has(name)) used.push({ group: 'people', id: pid, name });
  const facts: Record<string, number> = {};
  if (totals.earned_income !== undefined) facts.earned_income = totals.earned_income;
  if (totals.unearned_income !== undefined) facts.unearned_income = totals.unearned_income;
  // Net self-employment: a profit as receipts, a loss as costs (the package nets them).
  if ((totals.self_employment ?? 0) > 0) facts.self_employment_income = totals.self_employment;
  if ((totals.self_employment ?? 0) < 0) facts.self_employment_costs = -totals.self_employment;
  return facts;
}

/** Immigration status, pregnancy and the children expected. */
function statusFacts(entity: WireEntity, pid: string, month: string, used: MedicaidTranslationUsed, ignored: IgnoredInput[]): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  const status = ['immigration_status', 'immigration_status_str'].find((n) => monthly(entity, n, month, true) !== undefined);
  if (status !== undefined) {
    const value = String(monthly(entity, status, month, true));
    if (Object.hasOwn(CITIZENSHIP, value)) {
      facts.citizenship_status = CITIZENSHIP[value];
      used.push({ group: 'people', id: pid, name: status });
    } else ignored.push({ entity_group: 'people', entity_id: pid, variable: status, reason: `ignored: ${value} is not a status Tenet can convert (known: ${Object.keys(CITIZENSHIP).join(', ')}); the package default (citizen) was used` });
  }
  const pregnant = monthly(entity, 'is_pregnant', month, true);
  if (pregnant !== undefined) {
    if (typeof pregnant !== 'boolean') throw new TypeError(`household.people.${pid}.is_pregnant: must be true or false`);
    facts.is_pregnant = pregnant;
    used.push({ group: 'people', id: pid, name: 'is_pregnant' });
  }
  const expected = number(monthly(entity, 'current_pregnancies', month, true), `household.people.${pid}.current_pregnancies`);
  if (expected !== undefined && expected >= 1) {
    facts.expected_children_count = Math.floor(expected);
    used.push({ group: 'people', id: pid, name: 'current_pregnancies' });
  }
  return facts;
}

/** Builds the Medicaid package household of a unit for a month (YYYY-MM); a unit it cannot take gives the reason. */
export function translateMedicaidUnit(wire: WireHousehold, unit: MedicaidUnit, month: string): MedicaidTranslation {
  if (unit.members.length === 0) return { ok: false, reason: `the ${unit.group === 'tax_units' ? 'tax' : 'SPM'} unit ${unit.id} has no members` };
  const used: MedicaidTranslationUsed = [];
  const ignored: IgnoredInput[] = [];
  const notes: string[] = [];
  const state = stateOfMembers(wire, unit.members, month, used);
  if (state === null) return { ok: false, reason: 'no state on the household: set households.*.state_code or state_name' };
  const people: Record<string, Record<string, unknown>> = {};
  const defaulted: string[] = [];
  for (const pid of unit.members) {
    const entity = wire.people?.[pid] ?? {};
    const age = number(monthly(entity, 'age', month, true), `household.people.${pid}.age`);
    if (age === undefined) defaulted.push(pid);
    else used.push({ group: 'people', id: pid, name: 'age' });
    people[pid] = { age: Math.floor(age ?? PE_DEFAULT_AGE), ...incomesOf(entity, pid, month, used, ignored), ...statusFacts(entity, pid, month, used, ignored) };
  }
  if (defaulted.length > 0) notes.push(`No age given for ${defaulted.join(', ')}: taken as ${PE_DEFAULT_AGE}, PolicyEngine's default age; the Medicaid and CHIP groups go by age (42 CFR 435.118, 435.119): give age to change it.`);
  return { ok: true, state, household: { period: month, facts: {}, people }, used, ignored, notes };
}
