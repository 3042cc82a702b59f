import { describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { restrictHousehold } from '../../../../core/domain/household/restrict.js';
import { indexShape, type HouseholdShape, type PackageEntity } from '../../../../core/domain/household/shape.js';

const household = (inputs: PackageEntity['inputs']): PackageEntity => ({ entity: 'Household', id_template: 'household', inputs });
const person = (inputs: PackageEntity['inputs']): PackageEntity => ({ entity: 'Person', id_template: 'person-{n}', count: 0, inputs });
const shapeOf = (unit: PackageEntity, people: PackageEntity): HouseholdShape => ({ default_period: '2026-03', entities: [unit, people] });
const flag = (name: string) => ({ name, dtype: 'Boolean', default: false });

// A SNAP-like package: is_homeless of the household only. A school-meals-like one: of the household and of a person.
// A WIC-like one: receives_medicaid per person only, where the screen (Lifeline's) reads it on the household.
const snap = indexShape(shapeOf(household([flag('is_homeless'), flag('receives_medicaid')]), person([flag('is_disabled')])));
const meals = indexShape(shapeOf(household([flag('is_homeless')]), person([flag('is_homeless'), flag('is_in_school')])));
const wic = indexShape(shapeOf(household([]), person([flag('receives_medicaid')])));
const screen = indexShape(shapeOf(household([flag('is_homeless'), flag('receives_medicaid')]), person([flag('is_homeless'), flag('is_in_school'), flag('is_disabled'), flag('receives_medicaid')])));

describe('restrictHousehold', () => {
  it("keeps a fact only at the level the package reads it: a person's is_homeless never reaches a household-only package", () => {
    const given = { facts: { is_homeless: true }, people: { kid: { is_homeless: true, is_in_school: true, is_disabled: false } } };
    expect(restrictHousehold(snap, given)).toEqual({ facts: { is_homeless: true }, people: { kid: { is_disabled: false } } });
    expect(restrictHousehold(meals, given)).toEqual({ facts: { is_homeless: true }, people: { kid: { is_homeless: true, is_in_school: true } } });
    // Each restriction maps in its own package (before, SNAP's refused people.kid.is_homeless).
    expect(mapHousehold(snap, restrictHousehold(snap, given)).inputs.kid).toEqual({ is_disabled: false });
  });

  it("with a screen's index, a household fact the screen reads for the household is not given to the people of a package reading it only per person", () => {
    const given = { facts: { receives_medicaid: true } };
    // Alone, the WIC-like package gives household.facts.receives_medicaid to every person (docs/household.md).
    expect(restrictHousehold(wic, given)).toEqual(given);
    expect(restrictHousehold(wic, given, screen)).toEqual({ facts: {} });
    expect(restrictHousehold(snap, given, screen)).toEqual(given);
  });

  it('restricts spm_units and entities by level too, leaving out entity kinds the package lacks', () => {
    const given = { spm_units: { u: { is_homeless: true, is_in_school: true } }, entities: { Person: { kid: { is_homeless: true } }, TaxUnit: { t: { filer: true } } } };
    expect(restrictHousehold(snap, given)).toEqual({ spm_units: { u: { is_homeless: true } }, entities: { Person: { kid: {} } } });
  });
});
