/** The assumptions criterion at the mapping level (docs/calculation.md "Assumptions"). */
import { describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape, type HouseholdShape } from '../../../../core/domain/household/shape.js';
import { assumptionsWarning } from '../../../../core/domain/household/assumptions.js';

const shape: HouseholdShape = {
  default_period: '2026-01',
  entities: [
    {
      entity: 'Household',
      id_template: 'household',
      inputs: [
        { name: 'resources', dtype: 'Money', default: 0, alias: 'countable_resources', material: { reason: 'the resource test applies', unless_output: 'categorical' } },
        { name: 'rent', dtype: 'Money', default: 0 },
      ],
      aliases: { countable_resources: 'resources' },
    },
    {
      entity: 'Person',
      id_template: 'person-{n}',
      count: 0,
      inputs: [
        { name: 'age', dtype: 'Integer', default: 30 },
        { name: 'status', dtype: 'Text', default: 'citizen', alias: 'citizenship_status', material: { reason: 'status decides membership' } },
        { name: 'student', dtype: 'Boolean', default: false, alias: 'is_student', material: { reason: 'students 18-49 are excluded', ages: [18, 49] } },
      ],
      aliases: { citizenship_status: 'status', is_student: 'student' },
      relations: [{ name: 'member_of_household', tuple: ['Person', 'Household'] }],
    },
  ],
};
const index = indexShape(shape);
const names = (household: unknown): string[] =>
  mapHousehold(index, household).assumptions.map((p) => `${p.assumption.entity_id}.${p.assumption.input}${p.unless_output ? ` unless ${p.unless_output}` : ''}`);

describe('material defaults a household relied on', () => {
  it('lists omitted material facts per person, within the age band, and household facts with their unless_output', () => {
    expect(names({ people: { adult: { age: 34 }, child: { age: 6 } } })).toEqual([
      'household.countable_resources unless categorical',
      'adult.citizenship_status',
      'adult.is_student',
      'child.citizenship_status',
    ]);
  });

  it('a fact given, per person or once in facts, is not assumed', () => {
    expect(names({ facts: { countable_resources: 100, citizenship_status: 'citizen' }, people: { adult: { age: 34, is_student: false } } })).toEqual([]);
  });

  it('an assumption says what was used, why it matters and where to give it', () => {
    const [first] = mapHousehold(index, { facts: { countable_resources: 0 }, people: { p1: { age: 20 } } }).assumptions;
    expect(first.assumption).toEqual({
      input: 'citizenship_status',
      entity: 'Person',
      entity_id: 'p1',
      assumed_value: 'citizen',
      message: 'Person p1: citizenship_status not given, assumed "citizen"; it matters because status decides membership. Give household.people.p1.citizenship_status to confirm or correct it.',
    });
    expect(assumptionsWarning([first.assumption])).toContain('relies on 1 default for facts not given');
  });

  it('person facts in facts with nobody listed are not used, and the household is told', () => {
    const mapped = mapHousehold(index, { facts: { citizenship_status: 'ineligible_noncitizen', rent: 5 } });
    expect(mapped.warnings).toContain('household.facts.citizenship_status: person facts apply to each person in household.people; no people are listed, so they were not used.');
  });
});
