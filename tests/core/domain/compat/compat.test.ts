import { describe, expect, it } from 'vitest';
import { jurisdictionOf, stateCodeOf } from '../../../../core/domain/compat/states.js';
import { differencesFor } from '../../../../core/domain/compat/differences.js';
import { stateOf, translateUnit, unitContext, type PackageInputs, type Translation } from '../../../../core/domain/compat/translate.js';
import { readKey, unmappedInputs, unreadInputs } from '../../../../core/domain/compat/unused.js';
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

/** The aliases of a package with the person-level eligibility facts (docs/snap-package-contract.md §8), and one without. */
const FULL: PackageInputs = {
  jurisdiction: 'us-tx',
  inputs: new Set(['household_size', 'earned_income', 'unearned_income', 'shelter_costs', 'utility_type', 'citizenship_status', 'is_higher_ed_student', 'student_exemption',
    'abawd_time_limit_exhausted', 'abawd_exempt', 'work_rule_disqualified', 'self_employment_income', 'self_employment_costs', 'self_employment_is_farm',
    'vehicle_fair_market_value']),
};
const BASIC: PackageInputs = { jurisdiction: 'us-tx', inputs: new Set(['household_size', 'earned_income', 'unearned_income', 'shelter_costs', 'utility_type']) };

function ok(out: Translation): Extract<Translation, { ok: true }> {
  if (!out.ok) throw new Error(out.reason);
  return out;
}

/** One person `a` (plus `b` when given) in unit `u` in Texas; translated for January 2026. */
function translate(a: Record<string, unknown>, unit: Record<string, unknown> = {}, b?: Record<string, unknown>, pkg = FULL, month = '2026-01') {
  const people: Record<string, Record<string, unknown>> = { a: { age: 30, ...a } };
  if (b !== undefined) people.b = { age: 30, ...b };
  const wire: WireHousehold = { people, spm_units: { u: { members: Object.keys(people), ...unit } }, households: { h: { members: Object.keys(people), state_code: 'TX' } } };
  return ok(translateUnit(wire, unitContext(wire, 'u'), month, 'TX', pkg));
}

describe('translateUnit: people, incomes and the State', () => {
  const wire: WireHousehold = {
    people: { a: { age: 70, social_security: 12_000, medical_out_of_pocket_expenses: 1200, rent: 6000 }, b: { age: 40, employment_income: 18_000, child_support_expense: 2400 } },
    spm_units: { u: { members: ['a', 'b'] } },
    households: { h: { members: ['a', 'b'], state_code: 'TX' } },
  };

  it('maps people, monthly amounts (annual / 12), shelter and the State', () => {
    const ctx = unitContext(wire, 'u');
    expect(stateOf(ctx, '2026-01')).toBe('TX');
    const out = ok(translateUnit(wire, ctx, '2026-01', 'TX', BASIC));
    // 6000 / 12 = 500 rent; 2400 / 12 = 200 child support; 12,000 / 12 = 1000; 1200 / 12 = 100; 18,000 / 12 = 1500.
    expect(out.household).toEqual({
      period: '2026-01',
      facts: { household_size: 2, shelter_costs: 500, dependent_care_costs: 0, child_support_paid: 200, utility_type: 'none' },
      people: { a: { age: 70, unearned_income: 1000, medical_costs: 100 }, b: { age: 40, earned_income: 1500 } },
    });
    expect(out.ignored).toEqual([]);
  });

  it('employment_income_before_lsr is the wage; a given employment_income replaces it', () => {
    expect(translate({ employment_income_before_lsr: 24_000 }).household.people.a.earned_income).toBe(2000);
    const both = translate({ employment_income_before_lsr: 24_000, employment_income: 12_000 });
    expect(both.household.people.a.earned_income).toBe(1000);
    expect(both.ignored).toEqual([{ entity_group: 'people', entity_id: 'a', variable: 'employment_income_before_lsr', reason: expect.stringMatching(/^ignored: replaced by employment_income given for the same person/) }]);
  });

  it('the alternative is chosen per person: one member\'s employment_income does not hide another\'s _before_lsr', () => {
    const out = translate({ employment_income: 12_000 }, {}, { employment_income_before_lsr: 6000 });
    expect(out.household.people.a.earned_income).toBe(1000);
    expect(out.household.people.b.earned_income).toBe(500);
    expect(out.ignored).toEqual([]);
  });

  it('self-employment goes to the package\'s self-employment facts, costs shared by receipts', () => {
    // Receipts 12,000 and 4,000 a year -> 1000 and 333.33 a month; unit costs 2,400 / 12 = 200 shared 3:1 -> 150 and 50.
    const out = translate({ self_employment_income_before_lsr: 12_000 }, { snap_self_employment_income_expense: 2400 }, { sstb_self_employment_income_before_lsr: 4000 });
    expect(out.household.people.a).toMatchObject({ self_employment_income: 1000, self_employment_costs: 150 });
    expect(out.household.people.b).toMatchObject({ self_employment_income: 333.33, self_employment_costs: 50 });
    expect(out.profile.hasSelfEmployment).toBe(true);
  });

  it('a self-employment loss is receipts of 0 and costs of the loss', () => {
    // -6000 / 12 = -500 a month.
    expect(translate({ self_employment_income_before_lsr: -6000 }).household.people.a).toMatchObject({ self_employment_income: 0, self_employment_costs: 500 });
  });

  it('without self-employment facts, receipts are earned income and a non-farm loss counts as 0 (7 CFR 273.11(a)(2)(ii))', () => {
    const out = translate({ employment_income: 12_000, self_employment_income_before_lsr: -6000 }, { snap_self_employment_income_expense: 1200 }, undefined, BASIC);
    expect(out.household.people.a.earned_income).toBe(1000);
    expect(out.notes.join(' ')).toMatch(/loss of a was counted as 0/);
    expect(out.ignored).toEqual([expect.objectContaining({ variable: 'snap_self_employment_income_expense', reason: expect.stringMatching(/no self-employment cost input/) })]);
  });

  it('self_employment_income is used only without the _before_lsr input', () => {
    const out = translate({ self_employment_income: 6000, self_employment_income_before_lsr: 12_000 });
    expect(out.household.people.a.self_employment_income).toBe(1000);
    expect(out.ignored.map((i) => i.variable)).toEqual(['self_employment_income']);
  });

  it('unearned income: social security parts unless the total is given, pensions, SSI (monthly), TANF at unit level', () => {
    // 1200 + 2400 = 3600 / 12 = 300 social security parts; pension 1200 / 12 = 100; ssi 50 a month; tanf 2400 / 12 = 200.
    const parts = translate({ social_security_retirement: 1200, social_security_disability: 2400, pension_income: 1200, ssi: 50 }, { tanf: 2400 });
    expect(parts.household.people.a.unearned_income).toBe(450);
    expect(parts.household.facts).toMatchObject({ unearned_income: 200, all_members_receive_tanf_or_ssi: true });
    const total = translate({ social_security_retirement: 1200, social_security: 6000 });
    expect(total.household.people.a.unearned_income).toBe(500);
    expect(total.ignored.map((i) => i.variable)).toEqual(['social_security_retirement']);
  });

  it('ssi_reported counts only with use_reported_ssi', () => {
    expect(translate({ ssi_reported: 1200, use_reported_ssi: true }).household.people.a.unearned_income).toBe(100);
    const unused = translate({ ssi_reported: 1200 });
    expect(unused.household.people.a.unearned_income).toBeUndefined();
    expect(unused.ignored[0]).toMatchObject({ variable: 'ssi_reported', reason: expect.stringMatching(/use_reported_ssi/) });
  });

  it('disability from is_disabled, is_usda_disabled or is_blind; is_usda_elderly makes the unit elderly and moves medical costs to it', () => {
    expect(translate({ is_blind: true }).household.people.a.is_disabled).toBe(true);
    const elderly = translate({ age: 55, is_usda_elderly: true, other_medical_expenses: 1200 });
    expect(elderly.household.facts).toMatchObject({ has_elderly_or_disabled_member: true, medical_costs: 100 });
    expect(elderly.household.people.a.medical_costs).toBe(0);
  });

  it('medical parts unless the total is given', () => {
    expect(translate({ health_insurance_premiums: 600, other_medical_expenses: 600 }).household.people.a.medical_costs).toBe(100);
    expect(translate({ other_medical_expenses: 600, medical_out_of_pocket_expenses: 2400 }).household.people.a.medical_costs).toBe(200);
  });
});

describe('translateUnit: unit costs, resources and the allowance', () => {
  it('shelter: rent (pre-subsidy rent only without rent), taxes, mortgage, insurance, fees; housing_cost replaces them all', () => {
    // rent 6000 + taxes 1200 + mortgage 2400 + insurance 1200 + fees 1200 = 12,000 / 12 = 1000.
    const parts = translate({ rent: 6000, pre_subsidy_rent: 9000, real_estate_taxes: 1200 }, { mortgage_payments: 2400, homeowners_insurance: 1200, homeowners_association_fees: 1200 });
    expect(parts.household.facts.shelter_costs).toBe(1000);
    expect(parts.ignored.map((i) => i.variable)).toEqual(['pre_subsidy_rent']);
    const total = translate({ rent: 6000 }, { housing_cost: 3600 });
    expect(total.household.facts.shelter_costs).toBe(300);
    expect(total.ignored.map((i) => i.variable)).toEqual(['rent']);
  });

  it('child care: childcare_expenses, else spm_unit_pre_subsidy_childcare_expenses, else the members\' pre-subsidy expenses', () => {
    expect(translate({ pre_subsidy_childcare_expenses: 1200 }).household.facts.dependent_care_costs).toBe(100);
    expect(translate({ pre_subsidy_childcare_expenses: 1200 }, { spm_unit_pre_subsidy_childcare_expenses: 2400 }).household.facts.dependent_care_costs).toBe(200);
    expect(translate({}, { spm_unit_pre_subsidy_childcare_expenses: 2400, childcare_expenses: 3600 }).household.facts.dependent_care_costs).toBe(300);
  });

  it('resources: snap_assets, else spm_unit_assets, else spm_unit_cash_assets, else members\' bank, stock and bond assets (never divided)', () => {
    expect(translate({ bank_account_assets: 1000, stock_assets: 500, bond_assets: 250 }).household.facts.countable_resources).toBe(1750);
    expect(translate({ bank_account_assets: 1000 }, { spm_unit_cash_assets: 3000 }).household.facts.countable_resources).toBe(3000);
    expect(translate({}, { spm_unit_cash_assets: 3000, snap_assets: 2000 }).household.facts.countable_resources).toBe(2000);
    expect(translate({}, { snap_assets: 0 }).household.facts.countable_resources).toBe(0);
    // Not given: not sent, so the package's default is the calculation's own and reported as assumed where it matters.
    expect(translate({}).household.facts).not.toHaveProperty('countable_resources');
  });

  it('allowance type: stated, else inferred from expenses (heating/cooling SUA; two utilities LUA; phone alone TUA)', () => {
    expect(translate({}, { snap_utility_allowance_type: 'LUA', electricity_expense: 1200 })).toMatchObject({
      household: { facts: { utility_type: 'limited' } },
      ignored: [expect.objectContaining({ variable: 'electricity_expense', reason: expect.stringMatching(/snap_utility_allowance_type is given/) })],
    });
    expect(translate({}, { heating_cooling_expense: 600 }).household.facts.utility_type).toBe('heating_cooling');
    expect(translate({}, { pre_subsidy_electricity_expense: 600, water_expense: 300 }).household.facts.utility_type).toBe('limited');
    expect(translate({}, { phone_cost: 600 }).household.facts.utility_type).toBe('telephone');
    expect(translate({}, { electricity_expense: 600, phone_cost: 600 }).household.facts.utility_type).toBe('limited');
    expect(translate({}, { count_distinct_utility_expenses: 2 }).household.facts.utility_type).toBe('limited');
    // One utility other than the telephone: PolicyEngine's IUA, the package's single_utility (7 CFR 273.9(d)(6)(iii)(A)(1)).
    const single = translate({}, { water_expense: 300 });
    expect(single.household.facts.utility_type).toBe('single_utility');
    expect(single.household.facts).not.toHaveProperty('single_utility_kind'); // FULL has no such input
    expect(translate({}, { count_distinct_utility_expenses: 1 }).household.facts.utility_type).toBe('single_utility');
  });

  it('single utility: single_utility_kind from the one utility expense, for a package whose standards differ by utility', () => {
    const pkg: PackageInputs = { jurisdiction: 'us-mi', inputs: new Set([...FULL.inputs, 'single_utility_kind']) };
    const unit = (extra: Record<string, unknown>): WireHousehold => ({ people: { a: {} }, spm_units: { u: { members: ['a'], ...extra } } });
    const run = (extra: Record<string, unknown>) => ok(translateUnit(unit(extra), unitContext(unit(extra), 'u'), '2026-01', 'MI', pkg));
    expect(run({ water_expense: 300 }).household.facts).toMatchObject({ utility_type: 'single_utility', single_utility_kind: 'water' });
    expect(run({ gas_expense: 300 }).household.facts).toMatchObject({ utility_type: 'single_utility', single_utility_kind: 'gas_or_fuel' });
    // IUA stated: the one utility expense names the utility and is not listed as ignored.
    const stated = run({ snap_utility_allowance_type: 'IUA', trash_expense: 240 });
    expect(stated.household.facts).toMatchObject({ utility_type: 'single_utility', single_utility_kind: 'trash' });
    expect(stated.ignored).toEqual([]);
    // IUA stated without an expense: the utility is unknown; the package gives 0 and warns, and a note says why.
    const bare = run({ snap_utility_allowance_type: 'IUA' });
    expect(bare.household.facts.utility_type).toBe('single_utility');
    expect(bare.household.facts).not.toHaveProperty('single_utility_kind');
    expect(bare.notes.join(' ')).toMatch(/depends on which utility/);
  });

  it('limited: pays_* facts from the utility expenses, for a package that adds the State\'s individual standards (MI, MN, AK)', () => {
    const pays = ['pays_electricity', 'pays_gas_or_fuel', 'pays_water', 'pays_sewage', 'pays_trash', 'pays_telephone'];
    const pkg: PackageInputs = { jurisdiction: 'us-mi', inputs: new Set([...FULL.inputs, ...pays]) };
    const unit = (extra: Record<string, unknown>): WireHousehold => ({ people: { a: {} }, spm_units: { u: { members: ['a'], ...extra } } });
    const run = (extra: Record<string, unknown>, p: PackageInputs = pkg) => ok(translateUnit(unit(extra), unitContext(unit(extra), 'u'), '2026-01', 'MI', p));
    // Inferred: two utilities (electricity and the telephone) make the household limited; each is named.
    expect(run({ electricity_expense: 600, phone_cost: 600 }).household.facts).toMatchObject({ utility_type: 'limited', pays_electricity: true, pays_telephone: true });
    expect(run({ electricity_expense: 600, phone_cost: 600 }).household.facts).not.toHaveProperty('pays_water');
    // An expense given as 0 (or has_phone_expense false) states that the utility is not paid.
    expect(run({ snap_utility_allowance_type: 'LUA', electricity_expense: 600, water_expense: 300, gas_expense: 0, has_phone_expense: false }).household.facts).toMatchObject({ pays_electricity: true, pays_water: true, pays_gas_or_fuel: false, pays_telephone: false });
    // LUA stated: the expenses still name the utilities and are not listed as ignored.
    const stated = run({ snap_utility_allowance_type: 'LUA', water_expense: 300, trash_expense: 240 });
    expect(stated.household.facts).toMatchObject({ utility_type: 'limited', pays_water: true, pays_trash: true });
    expect(stated.ignored).toEqual([]);
    // LUA stated without expenses: nothing is named; the package adds nothing and warns, and a note says why.
    const bare = run({ snap_utility_allowance_type: 'LUA' });
    expect(Object.keys(bare.household.facts).filter((k) => k.startsWith('pays_'))).toEqual([]);
    expect(bare.notes.join(' ')).toMatch(/adds the State's individual standards/);
    // A package without the facts (one limited allowance) gets none, and LUA's expenses stay ignored as before.
    const other = run({ snap_utility_allowance_type: 'LUA', water_expense: 300 }, FULL);
    expect(Object.keys(other.household.facts).filter((k) => k.startsWith('pays_'))).toEqual([]);
    expect(other.ignored.map((i) => i.variable)).toEqual(['water_expense']);
  });

  it('spm_unit_size sets the size (never below the members listed); has_snap_elderly_disabled_member sets the flag', () => {
    expect(translate({}, { spm_unit_size: 3, has_snap_elderly_disabled_member: true }).household.facts).toMatchObject({ household_size: 3, has_elderly_or_disabled_member: true });
    const small = translate({}, { spm_unit_size: 1 }, {});
    expect(small.household.facts.household_size).toBe(2);
    expect(small.notes.join(' ')).toMatch(/spm_unit_size 1 is less than the 2 members/);
  });

  it('SNAP utility regions map to the package\'s snap_region; a State-wide region is the default', () => {
    const pkg: PackageInputs = { jurisdiction: 'us-ny', inputs: new Set([...FULL.inputs, 'snap_region']) };
    const wire: WireHousehold = { people: { a: {} }, spm_units: { u: { members: ['a'] } }, households: { h: { members: ['a'], state_code: 'NY', snap_utility_region: 'NY_NAS', state_group: 'CONTIGUOUS_US' } } };
    const out = ok(translateUnit(wire, unitContext(wire, 'u'), '2026-01', 'NY', pkg));
    expect(out.household.facts.snap_region).toBe('nassau_suffolk');
    expect(out.ignored).toEqual([]);
    const wrong: WireHousehold = { ...wire, households: { h: { members: ['a'], state_code: 'NY', state_group: 'HI' } } };
    expect(ok(translateUnit(wrong, unitContext(wrong, 'u'), '2026-01', 'NY', pkg)).ignored).toEqual([expect.objectContaining({ variable: 'state_group', reason: expect.stringMatching(/does not match NY/) })]);
  });

  it('reports an allowance type without an equivalent, and a unit without members', () => {
    const wire: WireHousehold = { people: { a: {} }, spm_units: { u: { members: ['a'], snap_utility_allowance_type: 'XUA' } } };
    expect(translateUnit(wire, unitContext(wire, 'u'), '2026-01', 'TX', FULL)).toMatchObject({ ok: false, reason: expect.stringMatching(/XUA has no equivalent .*IUA/) });
    const empty: WireHousehold = { people: {}, spm_units: { u: {}, v: {} } };
    expect(translateUnit(empty, unitContext(empty, 'u'), '2026-01', 'TX', FULL)).toMatchObject({ ok: false, reason: expect.stringMatching(/no members/) });
  });

  it('type errors name the path', () => {
    const wire: WireHousehold = { people: { a: { rent: 'lots' } }, spm_units: { u: { members: ['a'] } } };
    expect(() => translateUnit(wire, unitContext(wire, 'u'), '2026-01', 'TX', FULL)).toThrow('household.people.a.rent: must be a number');
  });
});

describe('translateUnit: person-level eligibility facts', () => {
  it('immigration_status converts to citizenship_status', () => {
    expect(translate({ immigration_status: 'UNDOCUMENTED' }).household.people.a.citizenship_status).toBe('undocumented_or_temporary');
    expect(translate({ immigration_status: 'DACA_TPS' }).household.people.a.citizenship_status).toBe('undocumented_or_temporary');
    expect(translate({ immigration_status: 'PAROLED_ONE_YEAR' }).household.people.a.citizenship_status).toBe('ineligible_noncitizen');
    expect(translate({ immigration_status: 'LEGAL_PERMANENT_RESIDENT' }).household.people.a.citizenship_status).toBe('eligible_noncitizen');
    expect(translate({ immigration_status_str: 'REFUGEE' }).household.people.a.citizenship_status).toBe('refugee_or_asylee');
    const odd = translate({ immigration_status: 'MARTIAN' });
    expect(odd.household.people.a.citizenship_status).toBeUndefined();
    expect(odd.ignored[0].reason).toMatch(/MARTIAN is not a value/);
  });

  it('students: college flags, exemptions, and 20 hours of work (7 CFR 273.5(b)(5))', () => {
    expect(translate({ is_full_time_college_student: true, is_federal_work_study_participant: true }).household.people.a).toMatchObject({ is_higher_ed_student: true, student_exemption: true });
    expect(translate({ is_part_time_college_student: true, weekly_hours_worked_before_lsr: 20 }).household.people.a).toMatchObject({ is_higher_ed_student: true, student_exemption: true });
    expect(translate({ is_part_time_college_student: true, weekly_hours_worked_before_lsr: 10 }).household.people.a.student_exemption).toBeUndefined();
    expect(translate({ is_snap_ineligible_student: true }).household.people.a).toEqual({ age: 30, is_higher_ed_student: true });
    // false states the fact (not a student); any true among the flags wins, in either order.
    expect(translate({ is_full_time_college_student: false }).household.people.a).toEqual({ age: 30, is_higher_ed_student: false });
    expect(translate({ is_full_time_college_student: false, is_part_time_college_student: true }).household.people.a.is_higher_ed_student).toBe(true);
    expect(translate({ is_part_time_college_student: true, is_full_time_college_student: false }).household.people.a.is_higher_ed_student).toBe(true);
  });

  it('hours under 20 for a working-age non-student cannot be converted and are reported', () => {
    expect(translate({ weekly_hours_worked_before_lsr: 40 }).ignored).toEqual([]);
    expect(translate({ weekly_hours_worked_before_lsr: 10 }).ignored[0]).toMatchObject({ variable: 'weekly_hours_worked_before_lsr', reason: expect.stringMatching(/ABAWD time limit/) });
    // The work-rule outcome stated directly: the hours decide nothing more.
    expect(translate({ weekly_hours_worked_before_lsr: 0, is_snap_work_registration_noncompliant: true }).ignored).toEqual([]);
  });

  it('work rules and ABAWD exemptions; veteran and foster-care exemptions end 2025-07 (Pub. L. 119-21 sec. 10102)', () => {
    expect(translate({ meets_snap_abawd_work_requirements: false, is_snap_work_registration_noncompliant: true }).household.people.a).toMatchObject({ abawd_time_limit_exhausted: true, work_rule_disqualified: true });
    // The flag's other value states the fact false (so it is not reported as assumed), unless another input sets it true.
    expect(translate({ meets_snap_abawd_work_requirements: true }).household.people.a.abawd_time_limit_exhausted).toBe(false);
    expect(translate({ meets_snap_general_work_requirements: true, is_snap_work_registration_noncompliant: false }).household.people.a.work_rule_disqualified).toBe(false);
    expect(translate({ meets_snap_general_work_requirements: false, is_snap_work_registration_noncompliant: false }).household.people.a.work_rule_disqualified).toBe(true);
    expect(translate({ is_snap_work_registration_noncompliant: true, meets_snap_general_work_requirements: true }).household.people.a.work_rule_disqualified).toBe(true);
    expect(translate({}).household.people.a).not.toHaveProperty('abawd_time_limit_exhausted');
    expect(translate({ is_pregnant: true }).household.people.a.abawd_exempt).toBe(true);
    expect(translate({ is_veteran: true }, {}, undefined, FULL, '2025-06').household.people.a.abawd_exempt).toBe(true);
    const late = translate({ is_veteran: true }, {}, undefined, FULL, '2026-01');
    expect(late.household.people.a.abawd_exempt).toBeUndefined();
    expect(late.ignored[0].reason).toMatch(/sec\. 10102/);
  });

  it('a package without the facts reports them unused', () => {
    const out = translate({ immigration_status: 'UNDOCUMENTED' }, {}, undefined, BASIC);
    expect(out.household.people.a.citizenship_status).toBeUndefined();
    expect(out.ignored).toEqual([{ entity_group: 'people', entity_id: 'a', variable: 'immigration_status', reason: expect.stringMatching(/us-tx SNAP package has no input citizenship_status/) }]);
  });
});

describe('translateUnit: vehicles', () => {
  /** One adult in Texas whose household entity carries `household` (the vehicle variables live there). */
  function withHousehold(household: Record<string, unknown>, pkg = FULL) {
    const wire: WireHousehold = { people: { a: { age: 30 } }, spm_units: { u: { members: ['a'] } }, households: { h: { members: ['a'], state_code: 'TX', ...household } } };
    return ok(translateUnit(wire, unitContext(wire, 'u'), '2026-01', 'TX', pkg));
  }

  it('one vehicle\'s value is vehicle_fair_market_value, never divided by 12 (a stock)', () => {
    // PolicyEngine's household_vehicles_value is a yearly stock: 9,000 stays 9,000.
    const one = withHousehold({ household_vehicles_value: 9000, household_vehicles_owned: 1 });
    expect(one.household.facts.vehicle_fair_market_value).toBe(9000);
    expect(one.ignored).toEqual([]);
    expect(one.profile.vehicleGiven).toBe(true);
    // Without a count, the value is taken as one vehicle's.
    expect(withHousehold({ household_vehicles_value: 5000 }).household.facts.vehicle_fair_market_value).toBe(5000);
  });

  it('a total over two or more vehicles is reported, not split', () => {
    const two = withHousehold({ household_vehicles_value: 31_200, household_vehicles_owned: 2 });
    expect(two.household.facts.vehicle_fair_market_value).toBeUndefined();
    expect(two.profile.vehicleGiven).toBe(false);
    expect(two.ignored.map((i) => i.variable).sort()).toEqual(['household_vehicles_owned', 'household_vehicles_value']);
    expect(two.ignored[0].reason).toMatch(/total of 2 vehicles.*273\.8\(f\)/);
  });

  it('a count without a value, or a package without the fact, is reported', () => {
    expect(withHousehold({ household_vehicles_owned: 1 }).ignored[0].reason).toMatch(/alone gives no vehicle value/);
    const basic = withHousehold({ household_vehicles_value: 9000 }, BASIC);
    expect(basic.household.facts.vehicle_fair_market_value).toBeUndefined();
    expect(basic.ignored[0].reason).toMatch(/has no input vehicle_fair_market_value/);
  });
});

describe('unmappedInputs', () => {
  it('lists every non-null input without a mapping with the reason, ignoring requested values', () => {
    const wire: WireHousehold = {
      people: { a: { age: 3, snap_gross_income: 900, is_tax_unit_dependent: true, is_runaway_child: true, snap: { '2026-01': null } } },
      tax_units: { t: { members: ['a'], filing_status: 'SINGLE' } },
      spm_units: { u: { members: ['a'], rent: 100 } },
    };
    expect(unmappedInputs(wire)).toEqual([
      { entity_group: 'people', entity_id: 'a', variable: 'snap_gross_income', period: null, reason: expect.stringMatching(/intermediate of PolicyEngine's own SNAP computation/) },
      { entity_group: 'people', entity_id: 'a', variable: 'is_tax_unit_dependent', period: null, reason: expect.stringMatching(/tax-unit roles/) },
      { entity_group: 'people', entity_id: 'a', variable: 'is_runaway_child', period: null, reason: expect.stringMatching(/not to the SPM unit's tier/) },
      { entity_group: 'tax_units', entity_id: 't', variable: 'filing_status', period: null, reason: expect.stringMatching(/no mapping/) },
      { entity_group: 'spm_units', entity_id: 'u', variable: 'rent', period: null, reason: 'ignored: rent is read on people, not on spm_units; move it to the people entity' },
    ]);
  });

  it('a vehicle variable other than the two read says which are, and lives_in_vehicle points to is_homeless', () => {
    const wire: WireHousehold = { households: { h: { lives_in_vehicle: true, household_vehicles_value: 9000 } }, spm_units: { u: { ca_tanf_vehicle_value: 1 } } };
    expect(unmappedInputs(wire)).toEqual([
      { entity_group: 'households', entity_id: 'h', variable: 'lives_in_vehicle', period: null, reason: expect.stringMatching(/is_homeless/) },
      { entity_group: 'spm_units', entity_id: 'u', variable: 'ca_tanf_vehicle_value', period: null, reason: expect.stringMatching(/household_vehicles_value and household_vehicles_owned/) },
    ]);
  });

  it('lists mapped inputs no computed month read', () => {
    const wire: WireHousehold = { people: { a: { age: 30, rent: { 2024: 1200 }, snap: { '2026-01': null } } } };
    expect(unreadInputs(wire, new Set([readKey('people', 'a', 'age')]), true)).toEqual([
      { entity_group: 'people', entity_id: 'a', variable: 'rent', period: null, reason: expect.stringMatching(/no value for the month/) },
    ]);
    expect(unreadInputs(wire, new Set(), false).map((u) => u.reason)).toEqual([expect.stringMatching(/nothing was computed/), expect.stringMatching(/nothing was computed/)]);
  });

  it('request-supplied names never resolve to Object.prototype members', () => {
    const wire: WireHousehold = { people: { a: { constructor: 5, toString: 1 } }, spm_units: { u: { members: ['a'], snap_utility_allowance_type: 'CONSTRUCTOR' } } };
    expect(unmappedInputs(wire).map((u) => u.variable)).toEqual(['constructor', 'toString']);
    expect(translateUnit(wire, unitContext(wire, 'u'), '2026-01', 'TX', FULL)).toMatchObject({ ok: false, reason: expect.stringMatching(/CONSTRUCTOR/) });
  });
});

describe('documented PolicyEngine differences', () => {
  const profile = { month: '2026-01', state: 'CA', utilityType: 'heating_cooling', hasElderlyOrDisabledMember: false, ssiCandidateWithoutSsi: false, childWithoutTanf: false, hasSelfEmployment: false, vehicleGiven: false };
  it('names the ones that apply to the unit-month', () => {
    expect(differencesFor(profile)).toEqual([]);
    expect(differencesFor({ ...profile, month: '2026-11' })[0]).toMatch(/FY2027/);
    expect(differencesFor({ ...profile, childWithoutTanf: true })[0]).toMatch(/CalWORKs/);
    expect(differencesFor({ ...profile, ssiCandidateWithoutSsi: true })[0]).toMatch(/SSI/);
    expect(differencesFor({ ...profile, state: 'CO', utilityType: 'limited', heatAndEatDenied: true })[0]).toMatch(/CO gives the standard utility allowance .* sec\. 10103/);
    // PolicyEngine applies sec. 10103 in California itself: no difference there.
    expect(differencesFor({ ...profile, utilityType: 'limited', heatAndEatDenied: true })).toEqual([]);
    expect(differencesFor({ ...profile, hasSelfEmployment: true })[0]).toMatch(/self-employment/);
    expect(differencesFor({ ...profile, vehicleGiven: true })[0]).toMatch(/vehicles\).*273\.8\(f\)/);
    expect(differencesFor({ ...profile, utilityType: 'single_utility' })[0]).toMatch(/individual utility allowance\).*adds every individual standard/);
  });
});
