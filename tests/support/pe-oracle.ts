/**
 * PolicyEngine-US test cases (../shared/oracle, read only) as wire households: shared by the agreement tests of the
 * compatibility endpoint (tests/adapters/http-h3/routes/compat/pe-*-agreement.test.ts, through pe-agreement.ts).
 */
import { stateCodeOf } from '../../core/domain/compat/states.js';
import type { EntityGroup } from '../../core/domain/compat/variables.js';

const ENTITY_GROUP: Record<string, EntityGroup> = {
  person: 'people', spm_unit: 'spm_units', household: 'households', tax_unit: 'tax_units', family: 'families', marital_unit: 'marital_units',
};
const SINGLE_ID: Record<EntityGroup, string> = {
  people: 'person1', spm_units: 'spm_unit', households: 'household', tax_units: 'tax_unit', families: 'family', marital_units: 'marital_unit',
};

export interface OracleCase {
  name: string;
  period: number | string;
  absolute_error_margin: number | null;
  reforms: unknown[];
  parameter_overrides: Record<string, unknown>;
  input_kind: 'flat' | 'household';
  input: Record<string, any>;
  output: Record<string, unknown>;
}

/** The test files write some amounts as arithmetic ("2_000 * 12"): + - * / and parentheses over numbers. */
export function arithmetic(text: string): number | null {
  const tokens = text.replace(/_/g, '').match(/\d+(?:\.\d+)?|[-+*/()]/g);
  if (tokens === null || tokens.join('') !== text.replace(/[_\s]/g, '')) return null;
  let i = 0;
  const primary = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++;
      return v;
    }
    if (t === '-') return -primary();
    return Number(t);
  };
  const product = (): number => {
    let v = primary();
    while (tokens[i] === '*' || tokens[i] === '/') v = tokens[i++] === '*' ? v * primary() : v / primary();
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+' || tokens[i] === '-') v = tokens[i++] === '+' ? v + product() : v - product();
    return v;
  };
  const value = sum();
  return i === tokens.length && Number.isFinite(value) ? value : null;
}

export function literal(value: unknown): unknown {
  if (typeof value === 'string') return arithmetic(value) ?? value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literal(v)]));
  return value;
}

/** The test's input as a wire household (flat inputs go onto one entity per group, sharing one person). */
export function toHousehold(test: OracleCase, meta: Record<string, { entity: string }>): Record<string, Record<string, Record<string, unknown>>> {
  const household: Record<string, Record<string, Record<string, unknown>>> = {};
  if (test.input_kind === 'household') {
    for (const [group, entities] of Object.entries(test.input)) {
      household[group] = Object.fromEntries(Object.entries(entities as Record<string, Record<string, unknown>>).map(([id, e]) => [id, literal(e) as Record<string, unknown>]));
    }
  } else {
    household.people = { person1: {} };
    for (const [name, value] of Object.entries(test.input)) {
      const group = ENTITY_GROUP[meta[name]?.entity ?? 'person'];
      household[group] ??= {};
      household[group][SINGLE_ID[group]] ??= group === 'people' ? {} : { members: ['person1'] };
      household[group][SINGLE_ID[group]][name] = literal(value);
    }
  }
  household.spm_units ??= { spm_unit: { members: Object.keys(household.people ?? {}) } };
  // PolicyEngine's default State is California (state_name's default): a case without one is a California case.
  if (stateOfTest(household) === null) {
    const [id, entity] = Object.entries(household.households ?? {})[0] ?? ['household', { members: Object.keys(household.people ?? {}) }];
    household.households = { ...household.households, [id]: { ...entity, state_code: 'CA' } };
  }
  return household;
}

export function stateOfTest(household: Record<string, Record<string, Record<string, unknown>>>): string | null {
  for (const entity of Object.values(household.households ?? {})) {
    for (const name of ['state_code', 'state_code_str', 'state_name']) {
      const raw = entity[name];
      const value = raw !== null && typeof raw === 'object' ? Object.values(raw)[0] : raw;
      if (typeof value === 'string' && stateCodeOf(value) !== null) return stateCodeOf(value);
    }
  }
  return null;
}
