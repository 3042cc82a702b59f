/**
 * One PolicyEngine tax unit for one tax year -> a household of the federal credit packages (docs/tax-credits.md):
 * the unit's members with their roles (`relationship_to_head`), ages, annual incomes as the packages' monthly facts
 * (the annual amount / 12; the packages multiply by 12) and identification, and the filing status when stated.
 * What the unit gives and the credits do not read is returned in `ignored` with the reason; what they read in `used`.
 */
import { keepHighestRanked, type IgnoredInput } from './readings.js';
import {
  FILING_STATUSES, NOT_GROSS_INCOME, own, ROLE_INPUTS, TAX_INCOMES, UNPLACED_INCOMES, VALID_SSN_CARDS,
  type TaxIncomeSource, type TaxProgram,
} from './tax-credits.js';
import type { EntityGroup } from './variables.js';
import { membersOf, valueForMonth, type WireEntity, type WireHousehold, type WireValue } from './wire.js';

export interface UsedInput {
  group: EntityGroup;
  id: string;
  name: string;
}

export type TaxUnitTranslation =
  | { ok: true; household: { period: string; facts: Record<string, unknown>; people: Record<string, Record<string, unknown>> }; used: UsedInput[]; ignored: IgnoredInput[]; notes: string[] }
  | { ok: false; reason: string };

type Role = 'head' | 'spouse' | 'child';

/** The variable's annual value for the tax year: the year key, or the sum of its month keys (a flow), else a scalar. */
function annual(value: unknown, year: string, stock: boolean): WireValue | undefined {
  if (stock) return valueForMonth(value, `${year}-12`, 'year', true);
  let total: number | undefined;
  for (let m = 1; m <= 12; m += 1) {
    const v = valueForMonth(value, `${year}-${String(m).padStart(2, '0')}`, 'year', false);
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError('must be a number');
    total = (total ?? 0) + v;
  }
  return total;
}

/** PolicyEngine's declared default age (its `age` variable: default_value 40), used for a member without one and said so. */
const PE_DEFAULT_AGE = 40;

/** A reader of one entity's values, recording what the translation used. */
class EntityReader {
  constructor(private readonly entity: WireEntity, private readonly group: EntityGroup, private readonly id: string, private readonly year: string, private readonly used: UsedInput[]) {}

  has(name: string): boolean {
    return Object.hasOwn(this.entity, name) && this.value(name, true) !== undefined;
  }

  value(name: string, stock: boolean): WireValue | undefined {
    if (!Object.hasOwn(this.entity, name)) return undefined;
    try {
      return annual(this.entity[name], this.year, stock);
    } catch {
      throw new TypeError(`household.${this.group}.${this.id}.${name}: must be a number`);
    }
  }

  flag(name: string): boolean | undefined {
    const v = this.value(name, true);
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') throw new TypeError(`household.${this.group}.${this.id}.${name}: must be true or false`);
    return v;
  }

  text(name: string): string | undefined {
    const v = this.value(name, true);
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new TypeError(`household.${this.group}.${this.id}.${name}: must be a string`);
    return v;
  }

  use(name: string): void {
    this.used.push({ group: this.group, id: this.id, name });
  }
}

/**
 * Roles: as stated (is_tax_unit_head, is_tax_unit_spouse, is_tax_unit_dependent, is_tax_unit_head_or_spouse), else
 * as PolicyEngine derives them: the first adult (18 or over) listed heads the unit, the next adult listed is the
 * spouse, everyone else is a dependant. A dependant is sent as the filers' `child` (26 U.S.C. 152(c)(2)).
 */
function rolesOf(members: string[], readers: Map<string, EntityReader>, ages: Map<string, number>): { roles: Map<string, Role>; derived: string[] } {
  const roles = new Map<string, Role>();
  const notFiler = new Set<string>();
  const notSpouse = new Set<string>();
  for (const pid of members) {
    const r = readers.get(pid)!;
    for (const name of ROLE_INPUTS) if (r.has(name)) r.use(name);
    if (r.flag('is_tax_unit_head') === true) roles.set(pid, 'head');
    else if (r.flag('is_tax_unit_spouse') === true) roles.set(pid, 'spouse');
    else if (r.flag('is_tax_unit_dependent') === true || r.flag('is_tax_unit_head_or_spouse') === false) roles.set(pid, 'child');
    if (r.flag('is_tax_unit_head') === false && r.flag('is_tax_unit_head_or_spouse') !== true) notFiler.add(pid);
    if (r.flag('is_tax_unit_spouse') === false) notSpouse.add(pid);
  }
  const derived: string[] = [];
  const taken = (role: Role): boolean => [...roles.values()].includes(role);
  const adult = (pid: string): boolean => (ages.get(pid) ?? 0) >= 18;
  const open = (pid: string): boolean => !roles.has(pid);
  if (!taken('head')) {
    const head = members.find((pid) => open(pid) && adult(pid) && !notFiler.has(pid)) ?? members.find((pid) => open(pid) && !notFiler.has(pid));
    if (head !== undefined) {
      roles.set(head, 'head');
      derived.push(head);
    }
  }
  if (!taken('spouse')) {
    const spouse = members.find((pid) => open(pid) && adult(pid) && !notSpouse.has(pid) && readers.get(pid)!.flag('is_tax_unit_head_or_spouse') !== false);
    if (spouse !== undefined) {
      roles.set(spouse, 'spouse');
      derived.push(spouse);
    }
  }
  for (const pid of members) {
    if (!roles.has(pid)) {
      roles.set(pid, 'child');
      derived.push(pid);
    }
  }
  return { roles, derived };
}

/** The person's incomes, as the packages' monthly facts (annual / 12), and which inputs were used or not placed. */
function incomesOf(r: EntityReader, entity: WireEntity, pid: string, ignored: IgnoredInput[]): Record<string, number> {
  const given = Object.keys(entity).map((name) => [name, own(TAX_INCOMES, name)] as const).filter((e): e is readonly [string, TaxIncomeSource] => e[1] !== undefined && r.has(e[0]));
  const totals: Record<string, number> = {};
  for (const [name, s] of keepHighestRanked(given, pid, ignored)) {
    totals[s.fact] = (totals[s.fact] ?? 0) + (r.value(name, false) as number);
    r.use(name);
  }
  for (const name of Object.keys(entity)) {
    if (NOT_GROSS_INCOME.has(name)) r.use(name);
    const why = own(UNPLACED_INCOMES, name);
    if (why === undefined || !r.has(name)) continue;
    if (r.value(name, false) === 0) r.use(name);
    else ignored.push({ entity_group: 'people', entity_id: pid, variable: name, reason: `ignored by the EITC and CTC: ${why}` });
  }
  // Not rounded: the packages multiply by 12 and round the annual amount to the cent, so annual / 12 comes back exactly.
  const facts: Record<string, number> = {};
  for (const fact of ['earned_income', 'investment_income', 'other_taxable_income'] as const) if (totals[fact] !== undefined) facts[fact] = totals[fact] / 12;
  // Net self-employment income: a profit is gross receipts with no costs, a loss costs with no receipts (the packages
  // net them; a loss reduces earned income and AGI, docs/tax-credits.md).
  const net = totals.self_employment;
  if (net !== undefined && net > 0) facts.self_employment_income = net / 12;
  if (net !== undefined && net < 0) facts.self_employment_costs = -net / 12;
  return facts;
}

/** Identification: the person's SSN valid for employment (26 U.S.C. 24(h)(7), 32(m)). */
function identificationOf(r: EntityReader, pid: string, program: TaxProgram, ignored: IgnoredInput[]): boolean | undefined {
  const eitcOwn = r.flag('meets_eitc_identification_requirements');
  if (eitcOwn !== undefined && program === 'eitc') {
    r.use('meets_eitc_identification_requirements');
    return eitcOwn;
  }
  const card = r.text('ssn_card_type');
  if (card === undefined) return undefined;
  const valid = own(VALID_SSN_CARDS, card);
  if (valid === undefined) {
    ignored.push({ entity_group: 'people', entity_id: pid, variable: 'ssn_card_type', reason: `ignored: ${card} is not a card type Tenet can convert (known: ${Object.keys(VALID_SSN_CARDS).join(', ')})` });
    return undefined;
  }
  r.use('ssn_card_type');
  return valid;
}

/** The filing status stated on the tax unit (filing_status, else tax_unit_is_joint true), or nothing to derive it. */
function filingStatusOf(r: EntityReader, unitId: string, hasSpouse: boolean, ignored: IgnoredInput[]): string | undefined {
  const stated = r.text('filing_status');
  if (stated !== undefined) {
    const status = own(FILING_STATUSES, stated);
    if (status !== undefined) {
      r.use('filing_status');
      return status;
    }
    ignored.push({ entity_group: 'tax_units', entity_id: unitId, variable: 'filing_status', reason: `ignored: ${stated} has no value in the credit packages (single, joint, separate, head_of_household); the status was derived from the members` });
  }
  const joint = r.flag('tax_unit_is_joint');
  if (joint === true) {
    r.use('tax_unit_is_joint');
    return 'joint';
  }
  // false: the derivation gives single or head of household unless a spouse is listed, which it would make joint.
  if (joint === false && !hasSpouse) r.use('tax_unit_is_joint');
  else if (joint === false) ignored.push({ entity_group: 'tax_units', entity_id: unitId, variable: 'tax_unit_is_joint', reason: 'ignored: false with a spouse listed does not say which status applies (separate, or single as a separated spouse): give filing_status' });
  return undefined;
}

/** The tax unit's members: its `members`, or every person when it is the only tax unit and lists none. */
export function taxUnitMembers(wire: WireHousehold, unitId: string): string[] {
  const units = Object.keys(wire.tax_units ?? {});
  const listed = membersOf(wire.tax_units?.[unitId] ?? {});
  return listed ?? (units.length === 1 ? Object.keys(wire.people ?? {}) : []);
}

/** Builds the credit package household of a tax unit for a tax year (YYYY); a unit the packages cannot take gives the reason. */
export function translateTaxUnit(wire: WireHousehold, unitId: string, year: string, program: TaxProgram): TaxUnitTranslation {
  const members = taxUnitMembers(wire, unitId);
  if (members.length === 0) return { ok: false, reason: 'the tax unit has no members (list them in members, or send one tax unit)' };
  const used: UsedInput[] = [];
  const ignored: IgnoredInput[] = [];
  const notes: string[] = [];
  const readers = new Map(members.map((pid) => [pid, new EntityReader(wire.people?.[pid] ?? {}, 'people', pid, year, used)]));
  const ages = new Map<string, number>();
  const defaulted: string[] = [];
  for (const pid of members) {
    const age = readers.get(pid)!.value('age', true);
    if (age !== undefined && (typeof age !== 'number' || !Number.isFinite(age))) throw new TypeError(`household.people.${pid}.age: must be a number`);
    if (age === undefined) defaulted.push(pid);
    else readers.get(pid)!.use('age');
    ages.set(pid, Math.floor(age ?? PE_DEFAULT_AGE));
  }
  if (defaulted.length > 0) {
    notes.push(`Tax unit ${unitId}: no age given for ${defaulted.join(', ')}, taken as ${PE_DEFAULT_AGE}, PolicyEngine's default age; the credits' age tests (26 U.S.C. 24(c)(1), 32(c)(1)(A)(ii)(II), 152(c)(3)) depend on it: give age to change it.`);
  }
  const { roles, derived } = rolesOf(members, readers, ages);
  if (derived.length > 0) {
    notes.push(`Tax unit ${unitId}: roles not stated for ${derived.join(', ')}, taken as PolicyEngine derives them (the first adult listed heads the unit, the next adult listed is the spouse, the others are dependants); state is_tax_unit_head, is_tax_unit_spouse or is_tax_unit_dependent to change them.`);
  }
  if ([...roles.values()].includes('child')) {
    notes.push(`Tax unit ${unitId}: each dependant is taken as the filers' child (26 U.S.C. 152(c)(2)): PolicyEngine states dependency, not relationship. The packages count no qualifying relative (152(d)), so a dependant who is not a qualifying child (a parent, an adult relative) gets no credit for other dependents here.`);
  }
  const people: Record<string, Record<string, unknown>> = {};
  for (const pid of members) {
    const r = readers.get(pid)!;
    const entity = wire.people?.[pid] ?? {};
    const record: Record<string, unknown> = { age: ages.get(pid), relationship_to_head: roles.get(pid), ...incomesOf(r, entity, pid, ignored) };
    for (const name of ['is_full_time_student', 'is_permanently_and_totally_disabled']) {
      const v = r.flag(name);
      if (v === undefined) continue;
      record[name] = v;
      r.use(name);
    }
    const ssn = identificationOf(r, pid, program, ignored);
    if (ssn !== undefined) record.has_valid_ssn = ssn;
    people[pid] = record;
  }
  const unit = new EntityReader(wire.tax_units?.[unitId] ?? {}, 'tax_units', unitId, year, used);
  const status = filingStatusOf(unit, unitId, [...roles.values()].includes('spouse'), ignored);
  const facts: Record<string, unknown> = status === undefined ? {} : { filing_status: status };
  return { ok: true, household: { period: `${year}-12`, facts, people }, used, ignored, notes };
}
