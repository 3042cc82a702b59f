/**
 * Person-level SNAP eligibility end to end (issue #12): the bundled California package through the calculation
 * service, on the compiled runtime. Figures for California, January 2026 (FY2026): maximum allotment for 3 = 785,
 * standard deduction for 3 = 209, heating/cooling SUA = 663, excess shelter cap = 744, 20% earned income deduction,
 * benefit = maximum - ceil(30% of net income) (7 U.S.C. 2017(a)). The base household is the package sample: a parent
 * earning 2,000 with two children (6 and 9), rent 900: allotment 590.
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

const CONFIRMED = { citizenship_status: 'citizen', is_disabled: false, is_higher_ed_student: false, abawd_time_limit_exhausted: false, work_rule_disqualified: false };

function household(extra: Record<string, Record<string, unknown>>, confirmed = true): Record<string, unknown> {
  const facts = confirmed ? CONFIRMED : {};
  return {
    period: '2026-01',
    facts: { shelter_costs: 900, utility_type: 'heating_cooling' },
    people: { parent: { age: 34, earned_income: 2000, ...facts }, child_1: { age: 9, ...facts }, child_2: { age: 6, ...facts }, ...extra },
  };
}

async function calculate(h: Record<string, unknown>): Promise<CalculateResponse> {
  return service.calculate({
    program_id: 'snap',
    jurisdiction: 'us-ca',
    household: h as never,
    variables: ['snap_allotment', 'snap_eligible', 'snap_household_size', 'snap_gross_income', 'snap_net_income'],
  });
}

describe('person-level SNAP eligibility through the calculation', () => {
  it('an ineligible non-citizen is left out of the size and their earnings count pro rata, the trace naming the rule', async () => {
    // 4 live together, 1 excluded: size 3. Uncle's 800 x 3/4 = 600 counts: gross 2,000 + 600 = 2,600.
    // Earned deduction 520; adjusted 2,600 - 520 - 209 = 1,871; shelter 900 + 663 = 1,563 less half of 1,871
    // (935.50) = 627.50 (under the cap); net 1,871 - 627.50 = 1,243.50; 30% = 373.05, up to 374; 785 - 374 = 411.
    const r = await calculate(household({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, citizenship_status: 'ineligible_noncitizen' } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2600, snap_net_income: 1243.5, snap_allotment: 411, snap_eligible: true });
    expect(r.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:statutes/7/2012/m#snap_person_excluded_as_noncitizen', entity: 'Person', entity_id: 'uncle', value: true }));
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_person_excluded_as_noncitizen', entity_id: 'parent', value: false }));
  });

  it('a member disqualified for work rules is left out of the size but all of their income counts', async () => {
    // Size 3; gross 2,800; earned deduction 560; adjusted 2,800 - 560 - 209 = 2,031; excess shelter 1,563 - 1,015.50
    // = 547.50; net 1,483.50; 30% = 445.05, up to 446; 785 - 446 = 339.
    const r = await calculate(household({ uncle: { age: 40, earned_income: 800, ...CONFIRMED, work_rule_disqualified: true } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2800, snap_net_income: 1483.5, snap_allotment: 339 });
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_person_excluded_for_work_rules', entity_id: 'uncle', value: true }));
  });

  it('an ineligible student is not a member: neither counted nor their income', async () => {
    const r = await calculate(household({ student: { age: 20, earned_income: 500, ...CONFIRMED, is_higher_ed_student: true } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 3, snap_gross_income: 2000, snap_allotment: 590 });
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_person_excluded_as_student', entity_id: 'student', value: true }));
  });

  it('a student with an exemption stays a member', async () => {
    const r = await calculate(household({ student: { age: 20, earned_income: 500, ...CONFIRMED, is_higher_ed_student: true, student_exemption: true } }));
    expect(r.outputs).toMatchObject({ snap_household_size: 4, snap_gross_income: 2500 });
  });

  it('an ABAWD past the time limit living alone: nobody left to certify, not eligible', async () => {
    const r = await calculate({ period: '2026-01', people: { adult: { age: 40, earned_income: 0, ...CONFIRMED, abawd_time_limit_exhausted: true } } });
    expect(r.outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_person_abawd_past_time_limit', entity_id: 'adult', value: true }));
  });

  it('a citizenship_status outside the published values is refused, naming them', async () => {
    const bad = calculate(household({ uncle: { age: 40, citizenship_status: 'alien' } }));
    await expect(bad).rejects.toMatchObject({ code: 'invalid_household' });
    await expect(bad).rejects.toThrow(/citizenship_status.*ineligible_noncitizen/);
  });

  it('a non-farm self-employment loss does not reduce wages', async () => {
    const r = await calculate(household({}, true));
    const withLoss = await calculate({ ...household({}), people: { ...(household({}).people as object), parent: { age: 34, earned_income: 2000, ...CONFIRMED, self_employment_income: 100, self_employment_costs: 400 } } });
    expect(withLoss.outputs.snap_gross_income).toBe(2000);
    expect(withLoss.outputs.snap_allotment).toBe(r.outputs.snap_allotment);
  });

  it('a farm loss comes off after the earned income deduction, not before it (7 CFR 273.11(a)(2)(iii)(B))', async () => {
    // Parent: wages 2,000 and a farm 200 - 500 = -300; no other self-employment, so all 300 waits for step (B).
    // Deduction 2,000 x 0.20 = 400 (netting first would give 1,700 x 0.20 = 340). Gross 2,000 - 300 = 1,700;
    // adjusted 1,700 - 400 - 209 = 1,091; shelter 900 + 663 = 1,563 less half of 1,091 (545.50) = 1,017.50, capped
    // at 744; net 1,091 - 744 = 347; 30% = 104.10 -> 105; allotment 785 - 105 = 680 (netting first gave 662).
    const farmer = { age: 34, earned_income: 2000, ...CONFIRMED, self_employment_income: 200, self_employment_costs: 500, self_employment_is_farm: true };
    const r = await calculate({ ...household({}), people: { ...(household({}).people as object), parent: farmer } });
    expect(r.outputs).toMatchObject({ snap_gross_income: 1700, snap_net_income: 347, snap_allotment: 680 });
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_farm_loss_after_earned_income_deduction', value: 300 }));
    expect(r.trace).toContainEqual(expect.objectContaining({ variable: 'snap_earned_income_deduction', value: 400 }));
  });
});

describe('assumptions: the material defaults a result relied on', () => {
  it('lists the unconfirmed facts that could matter for each person, and says so in a warning', async () => {
    const r = await calculate(household({}, false));
    const listed = r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();
    // Citizenship and disability matter for everyone; student, ABAWD and work rules only within their age bands
    // (34 is; 6 and 9 are not).
    expect(listed).toEqual([
      'child_1.citizenship_status="citizen"',
      'child_1.is_disabled=false',
      'child_2.citizenship_status="citizen"',
      'child_2.is_disabled=false',
      'parent.abawd_time_limit_exhausted=false',
      'parent.citizenship_status="citizen"',
      'parent.is_disabled=false',
      'parent.is_higher_ed_student=false',
      'parent.work_rule_disqualified=false',
    ]);
    expect(r.assumptions[0]).toMatchObject({ entity: 'Person' });
    expect(r.assumptions.find((a) => a.entity_id === 'parent' && a.input === 'citizenship_status')?.message).toContain('household.people.parent.citizenship_status');
    expect(r.warnings.some((w) => w.includes('relies on 9 defaults'))).toBe(true);
  });

  it('is empty when the household gives every material fact', async () => {
    const r = await calculate(household({}));
    expect(r.assumptions).toEqual([]);
    expect(r.warnings.some((w) => w.includes('relies on'))).toBe(false);
  });

  it('a person listed without an age is computed as 30, and the result says so (with the age-banded facts 30 reaches)', async () => {
    const h = household({});
    const r = await calculate({ ...h, people: { ...(h.people as object), grandparent: { citizenship_status: 'citizen', is_disabled: false } } });
    const grandparent = r.assumptions.filter((a) => a.entity_id === 'grandparent').map((a) => `${a.input}=${JSON.stringify(a.assumed_value)}`).sort();
    expect(grandparent).toEqual(['abawd_time_limit_exhausted=false', 'age=30', 'is_higher_ed_student=false', 'work_rule_disqualified=false']);
    const age = r.assumptions.find((a) => a.entity_id === 'grandparent' && a.input === 'age');
    expect(age?.message).toContain('household.people.grandparent.age');
    expect(age?.message).toContain('60 or older');
    // Given as 70, the same person is elderly: no age assumption, and none of the bands that stop at 64 reach them.
    const elderly = await calculate({ ...h, people: { ...(h.people as object), grandparent: { age: 70, citizenship_status: 'citizen', is_disabled: false } } });
    expect(elderly.assumptions.filter((a) => a.entity_id === 'grandparent')).toEqual([]);
  });

  it('a fact given once in household.facts counts as given for every person', async () => {
    const h = household({}, false);
    const r = await calculate({ ...h, facts: { ...(h.facts as object), citizenship_status: 'citizen' } });
    expect(r.assumptions.some((a) => a.input === 'citizenship_status')).toBe(false);
  });

  it('resources are listed only where the resource test applies (not for a categorically eligible household)', async () => {
    // California's BBCE limit is 200% of poverty (4,441.67 for 3 in FY2026): 2,000 is under it, 5,000 is over.
    const under = await calculate(household({}));
    expect(under.assumptions.some((a) => a.input === 'countable_resources')).toBe(false);
    const h = household({});
    const over = await calculate({ ...h, people: { ...(h.people as object), parent: { age: 34, earned_income: 5000, ...CONFIRMED } } });
    expect(over.assumptions).toContainEqual(expect.objectContaining({ input: 'countable_resources', entity: 'Household', entity_id: 'household', assumed_value: 0 }));
    // The output that settled it is not reported unless asked for.
    expect(Object.keys(over.outputs)).not.toContain('snap_categorically_eligible');
  });
});

describe('a member who is both an ineligible student and an ineligible non-citizen', () => {
  // Worked by hand. A citizen parent earning 2,000 and a child of 9 live with Sam, 20, a higher-education student
  // with no exemption who is also undocumented (citizenship_status undocumented_or_temporary) and earns 600.
  // California (pro_rata; the packages' default ranking): Sam is excluded as the student, so nothing of Sam's
  // counts (7 CFR 273.5(a), 273.11(d)): size 2, gross income 2,000.
  // Pennsylvania's SNAP Handbook 555.3 deems the non-citizen's pro rata share "even if the ineligible noncitizen is an
  // ineligible student": size 2, and Sam's 600 is divided among the 3 who live and eat together, 2 shares counted:
  // 600 x 2/3 = 400, gross income 2,000 + 400 = 2,400.
  const household = {
    period: '2026-01',
    facts: { shelter_costs: 900, utility_type: 'heating_cooling' },
    people: {
      parent: { age: 34, earned_income: 2000, ...CONFIRMED },
      child: { age: 9, ...CONFIRMED },
      sam: { ...CONFIRMED, age: 20, earned_income: 600, is_higher_ed_student: true, citizenship_status: 'undocumented_or_temporary' },
    },
  };
  const run = (jurisdiction: string) =>
    service.calculate({ program_id: 'snap', jurisdiction, household: household as never, variables: ['snap_household_size', 'snap_gross_income'] });
  const excludedAs = (r: CalculateResponse, why: string) => r.trace.find((t) => t.entity_id === 'sam' && t.variable === `snap_person_excluded_as_${why}`)?.value;

  it('is excluded as the student where the State does not rank them otherwise (California): nothing of theirs counts', async () => {
    const r = await run('us-ca');
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_gross_income: 2000 });
    expect(excludedAs(r, 'student')).toBe(true);
    expect(excludedAs(r, 'noncitizen')).toBe(false);
  });

  it("is excluded as the non-citizen in Pennsylvania, whose handbook deems the pro rata share", async () => {
    const r = await run('us-pa');
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_gross_income: 2400 });
    expect(excludedAs(r, 'noncitizen')).toBe(true);
    expect(excludedAs(r, 'student')).toBe(false);
    expect(r.trace.find((t) => t.entity_id === 'sam' && t.value === true && t.variable.startsWith('snap_person_excluded_as_'))?.rule_id).toBe('us:statutes/7/2012/m#snap_person_excluded_as_noncitizen');
  });
});
