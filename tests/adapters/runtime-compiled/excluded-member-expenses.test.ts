/**
 * Excluded members' expenses and the State option for ineligible non-citizens (issue #12, Build 2; 7 CFR 273.11(c)
 * and (d)), end to end through the calculation service on the compiled runtime. Figures for January 2026 (FY2026),
 * 48 States: maximum allotment 546 for 2 and 785 for 3, standard deduction 209, excess shelter cap 744, 20% earned
 * income deduction, benefit = maximum - ceil(30% of net income) (7 U.S.C. 2017(a)). SUAs: California 663, Maine
 * 1,096; Hawaii: maximum allotment for 2 = 929, standard deduction 295, electricity standard for 2 = 324.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
let service: CalculationService;
beforeAll(async () => {
  service = new CalculationService([await CompiledRuntime.load([rulesRoot])]);
});

const CONFIRMED = { citizenship_status: 'citizen', is_higher_ed_student: false, abawd_time_limit_exhausted: false, work_rule_disqualified: false };
const PAYS_NOTHING = { shelter_costs: 0, dependent_care_costs: 0, child_support_paid: 0 };

async function calculate(jurisdiction: string, household: Record<string, unknown>): Promise<CalculateResponse> {
  return service.calculate({
    program_id: 'snap',
    jurisdiction,
    household: household as never,
    variables: ['snap_allotment', 'snap_eligible', 'snap_household_size', 'snap_gross_income', 'snap_net_income'],
  });
}

/** A parent earning 2,000 and two children (6 and 9), heating/cooling costs, plus `extra` people; rent as given. */
function californiaFamily(extra: Record<string, Record<string, unknown>>, householdRent = 0): Record<string, unknown> {
  const facts = { ...CONFIRMED, ...PAYS_NOTHING };
  return {
    period: '2026-01',
    facts: { shelter_costs: householdRent, utility_type: 'heating_cooling' },
    people: { parent: { age: 34, earned_income: 2000, ...facts }, child_1: { age: 9, ...facts }, child_2: { age: 6, ...facts }, ...extra },
  };
}

/** Parent earning 2,000 and a child with an undocumented adult who earns 600 and pays the whole rent of 900. */
function mixedStatus(): Record<string, unknown> {
  const facts = { ...CONFIRMED, ...PAYS_NOTHING };
  return {
    period: '2026-01',
    facts: { shelter_costs: 0, utility_type: 'heating_cooling' },
    people: {
      parent: { age: 34, earned_income: 2000, ...facts },
      child: { age: 9, ...facts },
      other_adult: { age: 40, earned_income: 600, ...facts, citizenship_status: 'undocumented_or_temporary', shelter_costs: 900 },
    },
  };
}

describe('excluded members: the expenses they pay (7 CFR 273.11(c)(2)(iii), (c)(1)(i), (d))', () => {
  it('rent paid by an ineligible non-citizen is prorated like the income, the trace naming the rule', async () => {
    // 4 live together, the uncle excluded: size 3. Earnings 800 x 3/4 = 600, rent 900 x 3/4 = 675 count.
    // Gross 2,600; earned deduction 520; adjusted 2,600 - 520 - 209 = 1,871; shelter 675 + 663 = 1,338 less half of
    // 1,871 (935.50) = 402.50; net 1,871 - 402.50 = 1,468.50; 30% = 440.55, up to 441; 785 - 441 = 344.
    const r = await calculate('us-ca', californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, ...PAYS_NOTHING, citizenship_status: 'ineligible_noncitizen', shelter_costs: 900 } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2600, snap_net_income: 1468.5, snap_allotment: 344 });
    expect(r.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:regulations/7-cfr/273/11/c#snap_pro_rata_shelter_costs', value: 675 }));
  });

  it('rent paid by a member disqualified for work rules counts in full', async () => {
    // Size 3; gross 2,800; earned deduction 560; adjusted 2,031; shelter 900 + 663 = 1,563 less 1,015.50 = 547.50;
    // net 1,483.50; 30% = 445.05, up to 446; 785 - 446 = 339 (as when the household states the rent itself).
    const r = await calculate('us-ca', californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, ...PAYS_NOTHING, work_rule_disqualified: true, shelter_costs: 900 } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 3, snap_net_income: 1483.5, snap_allotment: 339 });
    expect(r.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:regulations/7-cfr/273/11/c#snap_members_shelter_costs', value: 900 }));
  });

  it("an ineligible student's dependent care costs do not count; a parent's do", async () => {
    // Student pays 200: nothing counts, the family's allotment stays 590 (rent 900 stated by the household).
    const student = { age: 20, ...CONFIRMED, ...PAYS_NOTHING, is_higher_ed_student: true };
    const byStudent = await calculate('us-ca', californiaFamily({ student: { ...student, dependent_care_costs: 200 } }, 900));
    expect(byStudent.outputs).toMatchObject({ snap_household_size: 3, snap_allotment: 590 });
    // Parent pays 200: adjusted 2,000 - 400 - 209 - 200 = 1,191; shelter 1,563 - 595.50 = 967.50, capped at 744;
    // net 447; 30% = 134.10, up to 135; 785 - 135 = 650.
    const family = californiaFamily({ student }, 900) as { people: Record<string, Record<string, unknown>> };
    family.people.parent.dependent_care_costs = 200;
    const byParent = await calculate('us-ca', family);
    expect(byParent.outputs).toMatchObject({ snap_net_income: 447, snap_allotment: 650 });
  });

  it('with an excluded member, who pays the rent is reported as an assumption when not given', async () => {
    const people = californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, citizenship_status: 'ineligible_noncitizen' } }, 900) as { people: Record<string, Record<string, unknown>> };
    delete people.people.parent.shelter_costs;
    const r = await calculate('us-ca', people);
    expect(r.assumptions).toContainEqual(expect.objectContaining({ input: 'shelter_costs', entity_id: 'uncle', assumed_value: 0 }));
    expect(r.assumptions).toContainEqual(expect.objectContaining({ input: 'shelter_costs', entity_id: 'parent', assumed_value: 0 }));
    // Nobody excluded pro rata: who pays does not matter, nothing is reported.
    const plain = californiaFamily({}, 900) as { people: Record<string, Record<string, unknown>> };
    delete plain.people.parent.shelter_costs;
    const quiet = await calculate('us-ca', plain);
    expect(quiet.assumptions?.some((a) => a.input === 'shelter_costs')).toBe(false);
  });
});

describe('disqualifications as person facts (7 CFR 273.11(c)(1), (2))', () => {
  it('an IPV or drug felony disqualification counts in full, an SSN refusal pro rata, each named in the trace', async () => {
    // IPV: size 3; all of the uncle's 800 counts, as for work rules: gross 2,800, net 1,483.50, allotment 339
    // (rent 900 stated by the household).
    const ipv = await calculate('us-ca', californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, ...PAYS_NOTHING, ipv_disqualified: true } }, 900));
    expect(ipv.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2800, snap_allotment: 339 });
    expect(ipv.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:statutes/7/2012/m#snap_person_excluded_as_disqualified', entity_id: 'uncle', value: true }));
    const felony = await calculate('us-ca', californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, ...PAYS_NOTHING, drug_felony_disqualified: true } }, 900));
    expect(felony.outputs).toMatchObject({ snap_household_size: 3, snap_allotment: 339 });
    // SSN: size 3; 800 x 3/4 = 600 counts: gross 2,600; adjusted 2,600 - 520 - 209 = 1,871; shelter 1,563 - 935.50
    // = 627.50; net 1,243.50; 30% = 373.05, up to 374; 785 - 374 = 411.
    const ssn = await calculate('us-ca', californiaFamily({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, ...PAYS_NOTHING, ssn_noncompliant: true } }, 900));
    expect(ssn.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2600, snap_net_income: 1243.5, snap_allotment: 411 });
    expect(ssn.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:statutes/7/2012/m#snap_person_excluded_for_ssn', entity_id: 'uncle', value: true }));
  });
});

describe("the State's option for undocumented or temporary non-citizens (7 CFR 273.11(c)(3)(i))", () => {
  it('Maine counts all of the income and the rent (10-144 C.M.R. ch. 301, FS 444-4 A)', async () => {
    // Size 2. Gross 2,000 + 600 = 2,600; earned deduction 520; adjusted 2,600 - 520 - 209 = 1,871; shelter
    // 900 + 1,096 = 1,996 less 935.50 = 1,060.50, capped at 744; net 1,127; 30% = 338.10, up to 339; 546 - 339 = 207.
    const r = await calculate('us-me', mixedStatus());
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_gross_income: 2600, snap_net_income: 1127, snap_allotment: 207 });
    expect(r.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:regulations/7-cfr/273/11/c#snap_person_noncitizen_counted_in_full', entity_id: 'other_adult', value: true }));
  });

  it('California keeps the pro rata default for the same household', async () => {
    // Size 2. Earnings 600 x 2/3 = 400 and rent 900 x 2/3 = 600 count. Gross 2,400; earned deduction 480;
    // adjusted 2,400 - 480 - 209 = 1,711; shelter 600 + 663 = 1,263 less 855.50 = 407.50; net 1,303.50;
    // 30% = 391.05, up to 392; 546 - 392 = 154.
    const r = await calculate('us-ca', mixedStatus());
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_gross_income: 2400, snap_net_income: 1303.5, snap_allotment: 154 });
  });

  it('Hawaii counts all of the income for the gross income test only (Haw. Code R. 17-663-82.2(a)(1), (3))', async () => {
    // Size 2. Gross 2,400 as in California; the gross income tests see 2,400 + 600 x 1/3 = 2,600. Earned deduction
    // 480; adjusted 2,400 - 480 - 295 = 1,625; shelter 600 + 324 = 924 less 812.50 = 111.50; net 1,513.50;
    // 30% = 454.05, up to 455; 929 - 455 = 474.
    const r = await calculate('us-hi', mixedStatus());
    expect(r.outputs).toMatchObject({ snap_gross_income: 2400, snap_net_income: 1513.5, snap_allotment: 474 });
    expect(r.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:statutes/7/2014/d#snap_gross_income_for_gross_test', value: 2600 }));
  });
});
