import { describe, expect, it } from 'vitest';
import { mapHousehold, type MappedHousehold } from '../../../../core/domain/household/map.js';
import { indexShape, type HouseholdShape, type JsonValue } from '../../../../core/domain/household/shape.js';
import { fiscalYearOf, periodEnd } from '../../../../core/domain/household/period.js';
import { isServiceError } from '../../../../core/domain/errors.js';

/** The mapped inputs by entity kind (kind -> id -> values), from the engine's form (id -> values, id -> kind). */
function byKind(mapped: MappedHousehold): Record<string, Record<string, Record<string, JsonValue>>> {
  const kinds: Record<string, Record<string, Record<string, JsonValue>>> = {};
  for (const [id, values] of Object.entries(mapped.inputs)) (kinds[mapped.kinds[id]] ??= {})[id] = values;
  return kinds;
}

const shape: HouseholdShape = {
  default_period: '2026-01',
  household_aliases: { household_size: 'snap_household_size', earned_income: 'snap_earned_income' },
  entities: [
    {
      entity: 'Household',
      id_template: 'household',
      inputs: [
        { name: 'snap_household_size', dtype: 'Integer', minimum: 1 },
        { name: 'snap_earned_income', dtype: 'Money', default: 0 },
        { name: 'snap_rent', dtype: 'Money', default: 0 },
        { name: 'state_code', dtype: 'Text', default: 'CO', values: ['CO', 'TX'] },
        { name: 'snap_categorically_eligible', dtype: 'Judgment', default: false },
      ],
    },
    {
      entity: 'Person',
      id_template: 'person-{n}',
      count_from: 'snap_household_size',
      inputs: [
        { name: 'age', dtype: 'Integer', default: 30 },
        { name: 'is_disabled', dtype: 'Boolean', default: false },
      ],
      relations: [{ name: 'member_of_household', tuple: ['Person', 'Household'] }],
    },
  ],
};
const index = indexShape(shape);

function problem(household: unknown): string {
  try {
    mapHousehold(index, household);
  } catch (error) {
    if (isServiceError(error) && error.code === 'invalid_household') return error.message;
    throw error;
  }
  throw new Error('expected invalid_household');
}

describe('mapHousehold', () => {
  it('fills package defaults and generates counted entities from the count input', () => {
    const mapped = mapHousehold(index, { facts: { snap_household_size: 2 } });
    expect(mapped.period).toBe('2026-01');
    expect(byKind(mapped).Household.household).toEqual({
      snap_household_size: 2,
      snap_earned_income: 0,
      snap_rent: 0,
      state_code: 'CO',
      snap_categorically_eligible: false,
    });
    expect(Object.keys(byKind(mapped).Person)).toEqual(['person-1', 'person-2']);
    expect(mapped.relations.member_of_household).toEqual([
      ['person-1', 'household'],
      ['person-2', 'household'],
    ]);
    expect(mapped.warnings).toEqual([]);
  });

  it('takes the first spm unit, then facts over it, then entities over both; aliases resolve', () => {
    const mapped = mapHousehold(index, {
      spm_units: { a: { household_size: 3, earned_income: 100 }, b: { earned_income: 5 } },
      facts: { earned_income: 200 },
      entities: { Household: { household: { snap_rent: 900 } } },
      period: '2026-03',
    });
    expect(mapped.period).toBe('2026-03');
    expect(byKind(mapped).Household.household).toMatchObject({ snap_household_size: 3, snap_earned_income: 200, snap_rent: 900 });
    expect(mapped.warnings.join(' ')).toContain('ignored: b');
  });

  it('maps people onto the person entity and derives the count input from them', () => {
    const mapped = mapHousehold(index, { people: { ann: { age: 70 }, bob: { is_disabled: true } }, facts: { is_disabled: false } });
    expect(byKind(mapped).Household.household.snap_household_size).toBe(2);
    expect(byKind(mapped).Person).toEqual({ ann: { age: 70, is_disabled: false }, bob: { age: 30, is_disabled: true } });
    expect(mapped.relations.member_of_household).toEqual([
      ['ann', 'household'],
      ['bob', 'household'],
    ]);
  });

  it('falls back to the default period with a warning on an invalid period', () => {
    const mapped = mapHousehold(index, { facts: { snap_household_size: 1 }, period: '2026-13' });
    expect(mapped.period).toBe('2026-01');
    // The month the engine is given is the one used, as dates (parsed once, here).
    expect(mapped.month).toEqual({ kind: 'month', start: '2026-01-01', end: '2026-01-31' });
    expect(mapHousehold(index, { facts: { snap_household_size: 1 }, period: '2028-02' }).month).toEqual({ kind: 'month', start: '2028-02-01', end: '2028-02-29' });
    expect(mapped.warnings[0]).toContain('2026-13');
    expect(mapped.warnings[0]).toContain('2026-01');
  });

  it('rejects semantic problems naming the input', () => {
    expect(problem({})).toContain('snap_household_size');
    expect(problem({ facts: { household_size: 2, earned_income: -5 } })).toMatch(/earned_income \(snap_earned_income\): must not be negative/);
    expect(problem({ facts: { household_size: '2' } })).toMatch(/household_size.*whole number|household_size.*number/);
    expect(problem({ facts: { snap_household_size: 1, snap_categorically_eligible: 'yes' } })).toContain('snap_categorically_eligible: must be a boolean');
    expect(problem({ facts: { snap_household_size: 1, nonsense: 1 } })).toContain('household.facts.nonsense');
    expect(problem({ facts: { snap_household_size: 1 }, entities: { Person: { 'person-9': { age: 1 } } } })).toContain('person-9');
    expect(problem({ facts: { snap_household_size: 1 }, entities: { Robot: {} } })).toContain('Robot');
    expect(problem({ facts: { snap_household_size: 1000 } })).toContain('maximum');
    expect(problem({ facts: { snap_household_size: 1 }, relations: { member_of_household: [['a']] } })).toContain('member_of_household[0]');
    expect(problem({ people: [] })).toContain('household.people');
  });

  it('refuses a package input at the top level, saying where it belongs; other unknown keys only warn', () => {
    expect(problem({ household_size: 3, earned_income: 2000 })).toBe(
      'household.household_size: an input of this package belongs at household.facts.household_size, not at the top level of the household; ' +
        'household.earned_income: an input of this package belongs at household.facts.earned_income, not at the top level of the household',
    );
    expect(problem({ facts: { snap_household_size: 1 }, snap_rent: 900 })).toContain('belongs at household.facts.snap_rent');
    expect(problem({ facts: { snap_household_size: 1 }, age: 70 })).toBe(
      'household.age: an input of this package belongs at household.people.<id>.age (one value per person; household.facts.age gives every person the same value), not at the top level of the household',
    );
    const mapped = mapHousehold(index, { facts: { snap_household_size: 1 }, notes: 'x', constructor: 1 });
    expect(mapped.warnings).toEqual([
      'household.notes is not a recognised household convention and was ignored.',
      'household.constructor is not a recognised household convention and was ignored.',
    ]);
  });

  it('names inherited object keys as unknown inputs, not as what a plain object inherits', () => {
    const withAliases = indexShape({ ...shape, entities: shape.entities.map((e) => ({ ...e, aliases: { years: 'age' } })) });
    const refused = (household: unknown): string => {
      try {
        mapHousehold(withAliases, household);
      } catch (error) {
        if (isServiceError(error) && error.code === 'invalid_household') return error.message;
        throw error;
      }
      throw new Error('expected invalid_household');
    };
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const household = JSON.parse(`{"facts":{"snap_household_size":1},"people":{"p1":{"${name}":1}}}`);
      expect(refused(household)).toBe(`household.people.p1.${name}: not an input of entity Person in this package`);
      expect(refused(JSON.parse(`{"facts":{"snap_household_size":1,"${name}":1}}`))).toBe(`household.facts.${name}: not an input of this package; remove it, or use a name the package detail lists (its entities' inputs and household_aliases)`);
    }
    // Real aliases still resolve.
    expect(byKind(mapHousehold(withAliases, { facts: { snap_household_size: 1 }, people: { p1: { years: 70 } } })).Person.p1.age).toBe(70);
  });

  it('refuses __proto__ as a person id (it would set a prototype, not a key, on the way to the engine); other odd ids map', () => {
    const household = JSON.parse('{"facts":{"snap_household_size":2},"people":{"__proto__":{"age":30},"b":{"age":5}}}');
    expect(() => mapHousehold(index, household)).toThrow('household.people.__proto__: __proto__ cannot be a person id; use another id such as p1');
    const odd = mapHousehold(index, JSON.parse('{"facts":{"snap_household_size":2},"people":{"constructor":{"age":30},"toString":{"age":5}}}'));
    expect(Object.keys(byKind(odd).Person)).toEqual(['constructor', 'toString']);
    const id: string = 'constructor';
    expect(byKind(odd).Person[id].age).toBe(30);
  });

  it('takes the calculation month from per-period values and checks enumerations and minimums', () => {
    const mapped = mapHousehold(index, { period: '2026-02', facts: { household_size: 1, earned_income: { '2026-01': 10, '2026-02': 20 } }, people: { ann: { age: { '2026-02': 61 } } } });
    expect(byKind(mapped).Household.household.snap_earned_income).toBe(20);
    expect(byKind(mapped).Person.ann.age).toBe(61);
    expect(problem({ period: '2026-03', facts: { household_size: 1, earned_income: { '2026-01': 10 } } })).toContain('no value for the calculation period 2026-03');
    expect(problem({ facts: { household_size: 1, state_code: 'ZZ' } })).toContain('must be one of CO, TX');
    expect(problem({ facts: { household_size: 0 } })).toContain('must be at least 1');
    expect(problem({ facts: { household_size: 1, earned_income: 1e300 } })).toContain('must be at most 10000000000000 in magnitude');
    expect(byKind(mapHousehold(index, { facts: { household_size: 1, earned_income: 1e13 } })).Household.household.snap_earned_income).toBe(1e13);
  });

  it('accepts explicit relation tuples for declared relations', () => {
    const mapped = mapHousehold(index, { facts: { snap_household_size: 1 }, relations: { member_of_household: [['person-1', 'household']] } });
    expect(mapped.relations.member_of_household).toEqual([['person-1', 'household']]);
  });
});

describe('period helpers', () => {
  it('knows month ends and fiscal years', () => {
    expect(periodEnd('2024-02')).toBe('2024-02-29');
    expect(fiscalYearOf('2025-10-01')).toBe(2026);
    expect(fiscalYearOf('2026-09-30')).toBe(2026);
  });

  it('gives the last day of every month from 1900 to 2400 as the calendar does (century leap years included)', () => {
    for (let year = 1900; year <= 2400; year++) {
      for (let month = 1; month <= 12; month++) {
        const period = `${year}-${String(month).padStart(2, '0')}`;
        expect(periodEnd(period)).toBe(`${period}-${new Date(Date.UTC(year, month, 0)).getUTCDate()}`);
      }
    }
  });
});
