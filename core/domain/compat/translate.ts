/**
 * One SPM unit in one month -> a SNAP package household (docs/snap-package-contract.md §4): the unit's members
 * become `people` (age, disability, incomes, medical costs), unit-wide costs and flags become `facts`.
 */
import { stateCodeOf } from './states.js';
import { INPUTS, inputDefinition, UTILITY_TYPES, utilityTypeOf, type EntityGroup, type InputDefinition } from './variables.js';
import { membersOf, valueForMonth, type WireEntity, type WireHousehold, type WireValue } from './wire.js';

export interface UnitContext {
  unitId: string;
  unit: WireEntity;
  /** Person ids of the unit. */
  members: string[];
  /** The household entity the unit lives in, if any. */
  household: WireEntity | null;
}

export type Translation =
  | { ok: true; household: { period: string; facts: Record<string, unknown>; people: Record<string, Record<string, unknown>> } }
  | { ok: false; reason: string };

/** The unit's members (its `members`, else every person when it is the only unit) and its household. */
export function unitContext(wire: WireHousehold, unitId: string): UnitContext {
  const unit = wire.spm_units?.[unitId] ?? {};
  const people = Object.keys(wire.people ?? {});
  const onlyUnit = Object.keys(wire.spm_units ?? {}).length === 1;
  const members = membersOf(unit) ?? (onlyUnit ? people : []);
  const households = Object.values(wire.households ?? {});
  const household =
    households.find((h) => (membersOf(h) ?? []).some((m) => members.includes(m))) ??
    (households.length === 1 ? households[0] : null);
  return { unitId, unit, members, household };
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

function read(entity: WireEntity, name: string, def: InputDefinition, month: string, path: string): WireValue | undefined {
  const value = valueForMonth(entity[name], month, def.period, def.stock === true);
  if (value === undefined) return undefined;
  const kind = def.target.kind;
  if ((kind === 'money' || kind === 'number') && (typeof value !== 'number' || !Number.isFinite(value))) throw new TypeError(`${path}.${name}: must be a number`);
  if (kind === 'boolean' && typeof value !== 'boolean') throw new TypeError(`${path}.${name}: must be true or false`);
  if (kind === 'text' && typeof value !== 'string') throw new TypeError(`${path}.${name}: must be a string`);
  return value;
}

/** Inputs present on an entity of `group`, with their definitions. */
function mappedInputs(entity: WireEntity, group: EntityGroup): Array<[string, InputDefinition]> {
  return Object.keys(entity)
    .map((name) => [name, inputDefinition(name)] as [string, InputDefinition | undefined])
    .filter((pair): pair is [string, InputDefinition] => pair[1] !== undefined && pair[1].group === group);
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * Builds the package household. Type errors throw TypeError with the path (the caller answers 400);
 * a unit the package cannot represent gives `{ok: false, reason}`.
 */
export function translateUnit(wire: WireHousehold, ctx: UnitContext, month: string): Translation {
  if (ctx.members.length === 0) return { ok: false, reason: 'the SPM unit has no members (list them in members, or send one SPM unit)' };
  const unitSums: Record<string, number> = {};
  const add = (slot: string, n: number): void => {
    unitSums[slot] = (unitSums[slot] ?? 0) + n;
  };
  const people: Record<string, Record<string, unknown>> = {};
  for (const pid of ctx.members) {
    const entity = wire.people?.[pid] ?? {};
    const record: Record<string, unknown> = {};
    for (const [name, def] of mappedInputs(entity, 'people')) {
      const value = read(entity, name, def, month, `household.people.${pid}`);
      if (value === undefined) continue;
      const t = def.target;
      if (t.level === 'person' && t.kind === 'money') record[t.slot] = cents(((record[t.slot] as number | undefined) ?? 0) + (value as number));
      else if (t.level === 'person' && t.slot === 'age') {
        // monthly_age is the more precise statement when both are given.
        if (name === 'monthly_age' || record.age === undefined) record.age = Math.floor(value as number);
      } else if (t.level === 'person' && t.slot === 'is_disabled') record.is_disabled = record.is_disabled === true || value === true;
      else if (t.level === 'unit' && t.kind === 'money') add(t.slot, value as number);
    }
    people[pid] = record;
  }

  const flags: Record<string, boolean> = {};
  let allowanceType: string | null = null;
  for (const [name, def] of mappedInputs(ctx.unit, 'spm_units')) {
    const value = read(ctx.unit, name, def, month, `household.spm_units.${ctx.unitId}`);
    if (value === undefined) continue;
    const t = def.target;
    if (t.slot === 'utility_allowance_type') allowanceType = String(value).toUpperCase();
    else if (t.kind === 'boolean') flags[t.slot] = value as boolean;
    else if (t.kind === 'money') add(t.slot, value as number);
  }

  let utility = 'none';
  if (allowanceType !== null) {
    const mapped = utilityTypeOf(allowanceType);
    if (mapped === undefined) return { ok: false, reason: `snap_utility_allowance_type ${allowanceType} has no equivalent in the package (supported: ${Object.keys(UTILITY_TYPES).join(', ')})` };
    utility = mapped;
  } else if ((unitSums.heating_cooling_expense ?? 0) > 0 || flags.has_heating_cooling_expense === true) utility = 'heating_cooling';
  else if ((unitSums.utility_expense ?? 0) > 0) utility = 'limited';
  else if ((unitSums.phone_expense ?? 0) > 0 || flags.has_phone_expense === true) utility = 'telephone';

  const facts: Record<string, unknown> = {
    household_size: ctx.members.length,
    // A stated housing_cost / childcare_expenses total replaces the sum of its components.
    shelter_costs: cents(unitSums.housing_cost_total ?? unitSums.shelter_costs ?? 0),
    dependent_care_costs: cents(unitSums.childcare_total ?? unitSums.dependent_care_costs ?? 0),
    child_support_paid: cents(unitSums.child_support_paid ?? 0),
    countable_resources: cents(unitSums.countable_resources ?? 0),
    utility_type: utility,
  };
  if (ctx.household !== null) {
    const homeless = read(ctx.household, 'is_homeless', INPUTS.is_homeless, month, 'household.households');
    if (homeless !== undefined) facts.is_homeless = homeless;
  }
  return { ok: true, household: { period: month, facts, people } };
}

/** Names of non-null inputs the endpoint does not map (reported as a warning, by name only). */
export function unmappedInputs(wire: WireHousehold): string[] {
  const names = new Set<string>();
  for (const [group, entities] of Object.entries(wire) as Array<[EntityGroup, Record<string, WireEntity>]>) {
    for (const entity of Object.values(entities)) {
      for (const [name, value] of Object.entries(entity)) {
        if (name === 'members') continue;
        const isRequest = value === null || (typeof value === 'object' && value !== null && Object.values(value).every((v) => v === null));
        if (isRequest) continue;
        const def = inputDefinition(name);
        if (def === undefined || def.group !== group) names.add(`${group}.${name}`);
      }
    }
  }
  return [...names].sort();
}
