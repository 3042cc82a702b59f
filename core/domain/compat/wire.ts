/**
 * The external household wire format: entity groups of entities whose variables map period keys to values
 * (null = compute). Checks the structure (400 on anything malformed) and reads values for one month.
 */
import { ServiceError } from '../errors.js';
import { isObject } from '../is-object.js';
import { ENTITY_GROUPS, type DefinitionPeriod, type EntityGroup } from './variables.js';

export type WireValue = number | boolean | string | null;
/** A variable: one value for every period, or period key -> value. */
export type WireEntity = Record<string, unknown>;
export type WireHousehold = Partial<Record<EntityGroup, Record<string, WireEntity>>>;

export const YEAR_KEY = /^\d{4}$/;
export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

function invalid(message: string): ServiceError {
  return new ServiceError('invalid_household', message);
}

function isScalar(value: unknown): value is WireValue {
  return value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string';
}

/** `{household}` with the structure of the wire format; `axes` (anywhere at the top) is refused. */
export function parseRequest(body: unknown): WireHousehold {
  if (!isObject(body)) throw new ServiceError('invalid_request', 'body: must be a JSON object {"household": {...}}');
  if ('axes' in body) throw new ServiceError('invalid_request', 'axes: not supported by this endpoint; send one household per request');
  const unknownTop = Object.keys(body).filter((k) => k !== 'household');
  if (unknownTop.length > 0) throw new ServiceError('invalid_request', `body: unknown field(s) ${unknownTop.join(', ')}; only household is accepted`);
  const household = body.household;
  if (!isObject(household)) throw new ServiceError('invalid_request', 'household: required, must be an object of entity groups');
  if ('axes' in household) throw new ServiceError('invalid_request', 'household.axes: not supported by this endpoint; send one household per request');
  const out: WireHousehold = {};
  for (const [group, entities] of Object.entries(household)) {
    if (!(ENTITY_GROUPS as readonly string[]).includes(group)) {
      throw invalid(`household.${group}: unknown entity group (expected ${ENTITY_GROUPS.join(', ')})`);
    }
    if (!isObject(entities)) throw invalid(`household.${group}: must be an object of entities keyed by id`);
    for (const [id, entity] of Object.entries(entities)) {
      const path = `household.${group}.${id}`;
      if (!isObject(entity)) throw invalid(`${path}: must be an object of variables`);
      for (const [name, value] of Object.entries(entity)) {
        if (name === 'members') {
          if (group === 'people') throw invalid(`${path}.members: people have no members`);
          if (!Array.isArray(value) || !value.every((m) => typeof m === 'string')) throw invalid(`${path}.members: must be an array of person ids`);
          continue;
        }
        if (isScalar(value)) continue;
        if (!isObject(value)) throw invalid(`${path}.${name}: must be a value or an object of period keys`);
        for (const [period, v] of Object.entries(value)) {
          if (!isScalar(v)) throw invalid(`${path}.${name}.${period}: must be a number, boolean, string or null`);
        }
      }
    }
    out[group as EntityGroup] = entities as Record<string, WireEntity>;
  }
  const people = out.people ?? {};
  for (const group of ENTITY_GROUPS) {
    if (group === 'people') continue;
    for (const [id, entity] of Object.entries(out[group] ?? {})) {
      for (const member of (entity.members as string[] | undefined) ?? []) {
        if (!(member in people)) throw invalid(`household.${group}.${id}.members: ${JSON.stringify(member)} is not in people`);
      }
    }
  }
  return out;
}

/**
 * The value of a variable for month `YYYY-MM`, as a monthly amount for flows. A month key wins over the
 * year key; a year-keyed (or unkeyed, year-defined) flow is divided by 12. Undefined when no value applies.
 */
export function valueForMonth(variable: unknown, month: string, period: DefinitionPeriod, stock: boolean): WireValue | undefined {
  const year = month.slice(0, 4);
  const monthly = (v: WireValue, annual: boolean): WireValue => (typeof v === 'number' && annual && !stock ? v / 12 : v);
  if (isScalar(variable)) return variable === null ? undefined : monthly(variable, period === 'year');
  if (!isObject(variable)) return undefined;
  const byMonth = variable[month];
  if (byMonth !== undefined && byMonth !== null) return byMonth as WireValue;
  const byYear = variable[year];
  if (byYear !== undefined && byYear !== null) return monthly(byYear as WireValue, true);
  return undefined;
}

/** Entity ids of a group's entity `members`, or null when the entity lists none. */
export function membersOf(entity: WireEntity): string[] | null {
  return Array.isArray(entity.members) ? (entity.members as string[]) : null;
}
