import { describe, expect, it } from 'vitest';
import { jurisdictionOf, stateCodeOf } from '../../../../core/domain/compat/states.js';
import { stateOf, translateUnit, unitContext, unmappedInputs } from '../../../../core/domain/compat/translate.js';
import { parseRequest, valueForMonth, type WireHousehold } from '../../../../core/domain/compat/wire.js';

describe('wire values for a month', () => {
  it('divides annual flows by 12, keeps monthly flows and stocks, prefers a month key', () => {
    expect(valueForMonth({ 2026: 24_000 }, '2026-03', 'year', false)).toBe(2000);
    expect(valueForMonth(24_000, '2026-03', 'year', false)).toBe(2000);
    expect(valueForMonth({ 2026: 24_000, '2026-03': 500 }, '2026-03', 'year', false)).toBe(500);
    expect(valueForMonth({ '2026-03': 700 }, '2026-03', 'month', false)).toBe(700);
    expect(valueForMonth({ 2026: 1200 }, '2026-03', 'month', false)).toBe(100);
    expect(valueForMonth({ 2026: 34 }, '2026-03', 'year', true)).toBe(34);
    expect(valueForMonth({ 2025: 24_000 }, '2026-03', 'year', false)).toBeUndefined();
    expect(valueForMonth(null, '2026-03', 'year', false)).toBeUndefined();
    expect(valueForMonth({ '2026-03': null }, '2026-03', 'month', false)).toBeUndefined();
  });
});

describe('parseRequest', () => {
  it('accepts the entity groups and refuses axes, unknown groups and unknown members', () => {
    expect(parseRequest({ household: { people: { a: { age: 3 } } } })).toEqual({ people: { a: { age: 3 } } });
    expect(() => parseRequest({ household: {}, axes: [] })).toThrow(/axes/);
    expect(() => parseRequest({ household: { axes: [] } })).toThrow(/axes/);
    expect(() => parseRequest({ household: { units: {} } })).toThrow(/unknown entity group/);
    expect(() => parseRequest({ household: { people: {}, spm_units: { u: { members: ['x'] } } } })).toThrow(/not in people/);
    expect(() => parseRequest({ household: { people: { a: { age: { 2026: [1] } } } } })).toThrow(/age\.2026/);
    expect(() => parseRequest([])).toThrow(/JSON object/);
    expect(() => parseRequest({ household: {}, extra: 1 })).toThrow(/extra/);
  });
});

describe('states', () => {
  it('reads codes and names in any case', () => {
    expect(stateCodeOf('co')).toBe('CO');
    expect(stateCodeOf('New York')).toBe('NY');
    expect(stateCodeOf('NEW_YORK')).toBe('NY');
    expect(stateCodeOf('District of Columbia')).toBe('DC');
    expect(stateCodeOf('XX')).toBeNull();
    expect(jurisdictionOf('CO')).toBe('us-co');
  });
});

describe('translateUnit', () => {
  const base = (unit: Record<string, unknown> = {}, people: Record<string, Record<string, unknown>> = {}): WireHousehold => ({
    people: { a: { age: 70, social_security: 12_000, medical_out_of_pocket_expenses: 1200, rent: 6000, ...people.a }, b: { age: 40, employment_income: 18_000, child_support_expense: 2400, ...people.b } },
    spm_units: { u: { members: ['a', 'b'], ...unit } },
    households: { h: { members: ['a', 'b'], state_code: 'TX' } },
  });

  it('maps people, monthly amounts, shelter and the State', () => {
    const wire = base();
    const ctx = unitContext(wire, 'u');
    expect(stateOf(ctx, '2026-01')).toBe('TX');
    const out = translateUnit(wire, ctx, '2026-01');
    expect(out).toEqual({
      ok: true,
      household: {
        period: '2026-01',
        facts: { household_size: 2, shelter_costs: 500, dependent_care_costs: 0, child_support_paid: 200, countable_resources: 0, utility_type: 'none' },
        people: { a: { age: 70, unearned_income: 1000, medical_costs: 100 }, b: { age: 40, earned_income: 1500 } },
      },
    });
  });

  it('a stated housing_cost replaces the components; utility type from the allowance type or the expenses', () => {
    const lua = base({ snap_utility_allowance_type: 'LUA' });
    const stated = translateUnit(lua, unitContext(lua, 'u'), '2026-01');
    expect(stated.ok && stated.household.facts).toMatchObject({ utility_type: 'limited' });
    const wire = base({ housing_cost: 12_000, heating_cooling_expense: 600 });
    const derived = translateUnit(wire, unitContext(wire, 'u'), '2026-01');
    expect(derived.ok && derived.household.facts).toMatchObject({ shelter_costs: 1000, utility_type: 'heating_cooling' });
    const phone = base({ phone_expense: 600 });
    const tua = translateUnit(phone, unitContext(phone, 'u'), '2026-01');
    expect(tua.ok && tua.household.facts.utility_type).toBe('telephone');
  });

  it('reports an allowance type without an equivalent, and a unit without members', () => {
    const iua = base({ snap_utility_allowance_type: 'IUA' });
    expect(translateUnit(iua, unitContext(iua, 'u'), '2026-01')).toMatchObject({ ok: false, reason: expect.stringMatching(/IUA/) });
    const empty: WireHousehold = { people: {}, spm_units: { u: {}, v: {} } };
    expect(translateUnit(empty, unitContext(empty, 'u'), '2026-01')).toMatchObject({ ok: false, reason: expect.stringMatching(/no members/) });
  });

  it('type errors name the path', () => {
    const wire = base({}, { a: { rent: 'lots' } });
    expect(() => translateUnit(wire, unitContext(wire, 'u'), '2026-01')).toThrow('household.people.a.rent: must be a number');
  });

  it('lists non-null inputs without a mapping by name, ignoring requested values', () => {
    const wire: WireHousehold = { people: { a: { age: 3, is_pregnant: true, snap: { '2026-01': null } } }, tax_units: { t: { members: ['a'], filing_status: 'SINGLE' } } };
    expect(unmappedInputs(wire)).toEqual(['people.is_pregnant', 'tax_units.filing_status']);
  });
});

describe('request-supplied names', () => {
  it('never resolve to Object.prototype members', () => {
    const wire: WireHousehold = { people: { a: { constructor: 5, toString: 1 } }, spm_units: { u: { members: ['a'], snap_utility_allowance_type: 'CONSTRUCTOR' } } };
    expect(unmappedInputs(wire)).toEqual(['people.constructor', 'people.toString']);
    expect(translateUnit(wire, unitContext(wire, 'u'), '2026-01')).toMatchObject({ ok: false, reason: expect.stringMatching(/CONSTRUCTOR/) });
  });
});
