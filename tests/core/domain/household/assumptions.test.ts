/** The assumptions criterion at the mapping level (docs/calculation.md "Assumptions"). */
import { describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape, type HouseholdShape } from '../../../../core/domain/household/shape.js';
import { AssumptionWords, assumptionsWarning, settled } from '../../../../core/domain/household/assumptions.js';

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

  it('kept words give the same frozen assumption to every household relying on the same default', () => {
    const words = new AssumptionWords();
    const first = mapHousehold(index, { facts: { countable_resources: 0 }, people: { p1: { age: 20 } } }, words).assumptions.map((p) => p.assumption);
    const again = mapHousehold(index, { facts: { countable_resources: 0 }, people: { p1: { age: 44 } } }, words).assumptions.map((p) => p.assumption);
    expect(again).toEqual(first);
    expect(again[0]).toBe(first[0]);
    expect(Object.isFrozen(first[0])).toBe(true);
    // Another person id is another assumption, with its own words.
    const other = mapHousehold(index, { facts: { countable_resources: 0 }, people: { p2: { age: 20 } } }, words).assumptions[0].assumption;
    expect(other).not.toBe(first[0]);
    expect(other.message).toContain('household.people.p2.citizenship_status');
    // Without kept words nothing is shared, and the words are the same.
    const fresh = mapHousehold(index, { facts: { countable_resources: 0 }, people: { p1: { age: 20 } } }).assumptions[0].assumption;
    expect(fresh).not.toBe(first[0]);
    expect(fresh).toEqual(first[0]);
  });

  it('kept words stay bounded however many ids callers send', () => {
    const words = new AssumptionWords();
    const entity = shape.entities[1];
    const input = entity.inputs[1];
    const firstOne = words.of(entity, 'id-0', input, 'citizen', true);
    for (let i = 1; i <= 600; i++) words.of(entity, `id-${i}`, input, 'citizen', true);
    // Past 512 kept entries the cache starts again: the first id's assumption is written afresh, with the same words.
    const later = words.of(entity, 'id-0', input, 'citizen', true);
    expect(later).not.toBe(firstOne);
    expect(later).toEqual(firstOne);
  });

  it('person facts in facts with nobody listed are not used, and the household is told', () => {
    const mapped = mapHousehold(index, { facts: { citizenship_status: 'ineligible_noncitizen', rent: 5 } });
    expect(mapped.warnings).toContain('household.facts.citizenship_status: person facts apply to each person in household.people; no people are listed, so they were not used.');
  });
});

describe('facts the rules tell apart as given or not (issue #27)', () => {
  const flagged: HouseholdShape = {
    default_period: '2026-01',
    entities: [
      {
        entity: 'Household',
        id_template: 'household',
        inputs: [
          { name: 'receives_snap', dtype: 'Boolean', default: false, alias: 'receives_snap', material: { reason: 'SNAP receipt qualifies', unless_output: 'moot', inferred_from: 'snap_computed' } },
          { name: 'receives_snap_given', dtype: 'Boolean', default: false, given_of: 'receives_snap' },
        ],
      },
    ],
  };
  const flaggedIndex = indexShape(flagged);

  it('the service sets the flag from whether the household gave the fact', () => {
    expect(mapHousehold(flaggedIndex, {}).inputs.household).toEqual({ receives_snap: false, receives_snap_given: false });
    expect(mapHousehold(flaggedIndex, { facts: { receives_snap: false } }).inputs.household).toEqual({ receives_snap: false, receives_snap_given: true });
    expect(mapHousehold(flaggedIndex, { facts: { receives_snap: true } }).inputs.household).toEqual({ receives_snap: true, receives_snap_given: true });
  });

  it('a caller cannot set the flag itself', () => {
    expect(() => mapHousehold(flaggedIndex, { facts: { receives_snap_given: true } })).toThrow(
      'household.facts.receives_snap_given: set by the service from whether receives_snap is given; give receives_snap instead',
    );
  });

  it('an inferred fact reports the value the rules used and where it came from', () => {
    const [pending] = mapHousehold(flaggedIndex, {}).assumptions;
    expect(pending.inferred_from).toBe('snap_computed');
    expect(pending.unless_output).toBe('moot');
    const inferred = pending.inferred!(true);
    expect(inferred.assumed_value).toBe(true);
    expect(inferred.message).toBe(
      'The household: receives_snap not given, assumed true, inferred from snap_computed computed for this household; it matters because SNAP receipt qualifies. Give household.facts.receives_snap to confirm or correct it.',
    );
    // The default's own words stay available (a calculation that did not compute the output).
    expect(pending.assumption.message).toContain('assumed false; it matters');
    expect(mapHousehold(flaggedIndex, { facts: { receives_snap: true } }).assumptions).toEqual([]);
  });
});

describe('a person\'s fact inferred from that person\'s output', () => {
  // receives_medicaid of each person is read, when not given, from the person output medicaid_computed (WIC's link).
  const inferredShape: HouseholdShape = {
    default_period: '2026-01',
    entities: [
      { entity: 'Household', id_template: 'household', inputs: [], aliases: {} },
      {
        entity: 'Person', id_template: 'person-{n}', count: 0,
        inputs: [
          { name: 'age', dtype: 'Integer', default: 30 },
          { name: 'medicaid', dtype: 'Boolean', default: false, alias: 'receives_medicaid', material: { reason: 'Medicaid makes the person eligible', unless_output: 'moot', inferred_from: 'medicaid_computed' } },
        ],
        aliases: { receives_medicaid: 'medicaid' },
        relations: [{ name: 'member_of_household', tuple: ['Person', 'Household'] }],
      },
    ],
  };
  const pending = mapHousehold(indexShape(inferredShape), { people: { mom: { age: 28 }, dad: { age: 30 } } }).assumptions;

  it('reports each person\'s own value, not a household output of the same name', () => {
    const out = settled(pending, { moot: false, medicaid_computed: false }, { mom: { medicaid_computed: true }, dad: { medicaid_computed: false } });
    expect(out.map((a) => `${a.entity_id}=${JSON.stringify(a.assumed_value)}`)).toEqual(['mom=true', 'dad=false']);
    expect(out[0].message).toContain('receives_medicaid not given, assumed true, inferred from medicaid_computed computed for this person');
  });

  it('without that person\'s output, falls back to the household output, else to the default; moot drops it', () => {
    expect(settled(pending, { moot: false }, { mom: {} }).map((a) => a.assumed_value)).toEqual([false, false]);
    expect(settled(pending, { moot: false, medicaid_computed: true }).map((a) => a.assumed_value)).toEqual([true, true]);
    expect(settled(pending, { moot: true }, { mom: { medicaid_computed: true } })).toEqual([]);
  });
});
