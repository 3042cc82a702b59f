import { describe, expect, it } from 'vitest';
import { CompatAssumptions, compatAssumption } from '../../../../core/domain/compat/assumptions.js';
import { lifelineFacts } from '../../../../core/domain/compat/lifeline.js';
import { wicFacts } from '../../../../core/domain/compat/wic.js';
import { HEAD_START_SOURCES } from '../../../../core/domain/compat/head-start.js';
import { programFacts } from '../../../../core/domain/compat/program-facts.js';
import { schoolMealsFacts } from '../../../../core/domain/compat/school-meals.js';
import { translateUnit, unitContext, type PackageInputs } from '../../../../core/domain/compat/translate.js';
import { ASSUMED_INPUT_SOURCES, inputDefinition } from '../../../../core/domain/compat/variables.js';
import type { WireHousehold } from '../../../../core/domain/compat/wire.js';
import { pendingAssumptions, type Assumption } from '../../../../core/domain/household/assumptions.js';
import { materialInputsOf, type PackageEntity } from '../../../../core/domain/household/shape.js';

/** The calculation's own assumption (its message as core/domain/household/assumptions.ts writes it). */
function calculated(entity: 'Person' | 'Household', id: string, input: string, value: unknown, reason: string): Assumption {
  const shape: PackageEntity = { entity, id_template: entity === 'Person' ? '{n}' : 'household', inputs: [{ name: input, dtype: 'Text', default: value as never, material: { reason } }] };
  const [pending] = pendingAssumptions(shape, id, { [input]: value as never }, new Set(), { isPerson: entity === 'Person', material: materialInputsOf(shape) });
  return pending.assumption;
}

const UNIT = { unitId: 'su_a', householdId: 'casa' };

describe('compatAssumption: the calculation\'s assumption in the PolicyEngine household\'s terms', () => {
  it('a person fact: the person\'s id, the PolicyEngine variable, and the message saying where to give it', () => {
    const a = calculated('Person', 'ana', 'citizenship_status', 'citizen', 'an ineligible non-citizen is left out (7 CFR 273.4)');
    expect(a.message).toMatch(/Give household\.people\.ana\.citizenship_status to confirm or correct it\.$/);
    expect(compatAssumption(a, UNIT, '2026-01')).toEqual({
      spm_unit: 'su_a', entity_group: 'people', entity_id: 'ana', policyengine_variable: 'immigration_status', input: 'citizenship_status', entity: 'Person',
      assumed_value: 'citizen', months: ['2026-01'],
      message: 'Person ana: citizenship_status not given (PolicyEngine: immigration_status), assumed "citizen"; it matters because an ineligible non-citizen is left out (7 CFR 273.4). Give people.ana.immigration_status to confirm or correct it.',
    });
  });

  it('a fact of the SNAP household: on the SPM unit, or on the household entity where its variable lives; none: null and POST /v1/calculate', () => {
    const resources = compatAssumption(calculated('Household', 'household', 'countable_resources', 0, 'a resource test applies'), UNIT, '2026-01');
    expect(resources).toMatchObject({ entity_group: 'spm_units', entity_id: 'su_a', policyengine_variable: 'snap_assets' });
    expect(resources.message).toBe('SPM unit su_a: countable_resources not given (PolicyEngine: snap_assets), assumed 0; it matters because a resource test applies. Give spm_units.su_a.snap_assets to confirm or correct it.');
    const vehicle = compatAssumption(calculated('Household', 'household', 'vehicle_fair_market_value', 0, 'vehicles count'), UNIT, '2026-01');
    expect(vehicle).toMatchObject({ entity_group: 'households', entity_id: 'casa', policyengine_variable: 'household_vehicles_value' });
    expect(vehicle.message).toMatch(/Give households\.casa\.household_vehicles_value to confirm or correct it\.$/);
    // Without a household entity the unit's household fact stays on the unit, with no variable there to name.
    expect(compatAssumption(calculated('Household', 'household', 'vehicle_fair_market_value', 0, 'vehicles count'), { unitId: 'su_a', householdId: null }, '2026-01'))
      .toMatchObject({ entity_group: 'spm_units', entity_id: 'su_a', policyengine_variable: null });
    const head = compatAssumption(calculated('Household', 'household', 'head_of_household_work_rule_disqualified', false, 'the head bars it'), UNIT, '2026-01');
    expect(head).toMatchObject({ entity_group: 'spm_units', entity_id: 'su_a', policyengine_variable: null });
    expect(head.message).toBe(
      'SPM unit su_a: head_of_household_work_rule_disqualified not given, assumed false; it matters because the head bars it. PolicyEngine has no variable for it that this endpoint reads: give household.facts.head_of_household_work_rule_disqualified through POST /v1/calculate to confirm or correct it.',
    );
    // A member's share of the unit's costs: PolicyEngine's are added up for the unit, so none names it.
    expect(compatAssumption(calculated('Person', 'ana', 'shelter_costs', 0, 'shares'), UNIT, '2026-01')).toMatchObject({ entity_group: 'people', entity_id: 'ana', policyengine_variable: null });
  });

  it('a message of another form is kept, with where to give the fact appended', () => {
    const odd: Assumption = { input: 'age', entity: 'Person', entity_id: 'ana', assumed_value: 30, message: 'Age assumed.' };
    expect(compatAssumption(odd, UNIT, '2026-01').message).toBe('Age assumed. Give people.ana.age to confirm or correct it.');
  });
});

describe('CompatAssumptions', () => {
  it('keeps each default once per SPM unit, entity and input, with its months in order', () => {
    const list = new CompatAssumptions();
    const ana = calculated('Person', 'ana', 'is_disabled', false, 'disability');
    const resources = calculated('Household', 'household', 'countable_resources', 0, 'a resource test applies');
    list.add([ana, resources], UNIT, '2026-02');
    list.add([ana], UNIT, '2026-01');
    list.add([ana], UNIT, '2026-01');
    list.add([resources], { unitId: 'su_b', householdId: 'casa' }, '2026-01');
    expect(list.list().map((a) => [a.spm_unit, a.entity_id, a.input, a.months])).toEqual([
      ['su_a', 'ana', 'is_disabled', ['2026-01', '2026-02']],
      ['su_a', 'su_a', 'countable_resources', ['2026-02']],
      ['su_b', 'su_b', 'countable_resources', ['2026-01']],
    ]);
  });
});

describe('ASSUMED_INPUT_SOURCES', () => {
  const pays = ['pays_electricity', 'pays_gas_or_fuel', 'pays_water', 'pays_sewage', 'pays_trash', 'pays_telephone'];
  // The Lifeline facts come from lifeline.ts (for Lifeline runs), over the same readings.
  const LIFELINE = ['receives_snap', 'receives_medicaid', 'receives_ssi', 'receives_head_start_income_qualified', 'receives_fdpir', 'tribal_land'];
  // The WIC facts come from wic.ts (for WIC runs); is_pregnant also states the SNAP ABAWD exemption.
  const WIC = ['is_pregnant', 'is_breastfeeding', 'nutritional_risk', 'expected_children_count'];
  // School meals and Head Start facts come from their sources (program-facts.ts, for their runs).
  const SCHOOL_MEALS = ['is_in_school'];
  const HEAD_START = ['is_in_foster_care', 'receives_tanf'];
  const pkg: PackageInputs = {
    jurisdiction: 'us-mi',
    inputs: new Set(['household_size', 'earned_income', 'shelter_costs', 'utility_type', 'citizenship_status', 'is_higher_ed_student', 'abawd_time_limit_exhausted',
      'work_rule_disqualified', 'countable_resources', 'vehicle_fair_market_value', 'abawd_exempt', ...pays, ...LIFELINE, ...WIC, ...SCHOOL_MEALS, ...HEAD_START]),
  };
  /** The value that states the fact the way the packages' default has it (so giving it settles the assumption). */
  const VALUES: Record<string, unknown> = {
    age: 30, is_disabled: false, immigration_status: 'CITIZEN', is_full_time_college_student: false, meets_snap_abawd_work_requirements: true,
    meets_snap_general_work_requirements: true, snap_assets: 0, household_vehicles_value: 0,
    electricity_expense: 0, gas_expense: 0, water_expense: 0, sewage_expense: 0, trash_expense: 0, phone_expense: 0,
    receives_snap: false, medicaid_enrolled: false, receives_ssi: false, head_start: false, fdpir: 0, is_on_tribal_land: false,
    is_pregnant: false, is_breastfeeding: false, is_wic_at_nutritional_risk: true, current_pregnancies: 1,
    is_in_k12_school: false, was_in_foster_care: false, receives_tanf: false,
  };

  it.each(Object.entries(ASSUMED_INPUT_SOURCES))('%s: the named PolicyEngine variable, given on its group, sends the input', (input, { group, variable }) => {
    expect(inputDefinition(variable)?.group).toBe(group);
    expect(Object.hasOwn(VALUES, variable)).toBe(true);
    const build = (given: boolean): WireHousehold => {
      const extra = given ? { [variable]: VALUES[variable] } : {};
      return {
        people: { a: group === 'people' ? extra : {} },
        // A limited household in a State that adds its individual standards reads the pays_* facts.
        spm_units: { u: { members: ['a'], snap_utility_allowance_type: 'LUA', ...(group === 'spm_units' ? extra : {}) } },
        households: { h: { members: ['a'], state_code: 'MI', ...(group === 'households' ? extra : {}) } },
      };
    };
    const sent = (wire: WireHousehold) => {
      // Before July 2025 was_in_foster_care also states the SNAP exemption Pub. L. 119-21 sec. 10102 ended.
      const out = translateUnit(wire, unitContext(wire, 'u'), input === 'is_in_foster_care' ? '2025-06' : '2026-01', 'MI', pkg);
      if (!out.ok) throw new Error(out.reason);
      expect(out.ignored).toEqual([]);
      if (LIFELINE.includes(input)) return lifelineFacts(out.kept, pkg).facts;
      if (WIC.includes(input)) return wicFacts(out.kept, pkg.inputs).people.a ?? {};
      if (SCHOOL_MEALS.includes(input)) return schoolMealsFacts(out.kept, pkg.inputs, out.household.people).people.a ?? {};
      if (HEAD_START.includes(input)) {
        const facts = programFacts(out.kept, pkg.inputs, ['a'], HEAD_START_SOURCES);
        return group === 'people' ? (facts.people.a ?? {}) : facts.facts;
      }
      return group === 'people' ? out.household.people.a : out.household.facts;
    };
    expect(sent(build(false))).not.toHaveProperty(input);
    expect(sent(build(true))).toHaveProperty(input);
  });
});
