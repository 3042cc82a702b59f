/**
 * The SNAP link reads whether SNAP would certify the household, not bare eligibility (7 CFR 273.10(e)(2)(iii)(A)):
 * an eligible household of three or more whose allotment computes to $0 is denied, so it does not receive SNAP and
 * its members are not categorically eligible through it; a household of one or two receives at least the minimum
 * benefit (7 CFR 273.10(e)(2)(ii)(C)) and is linked. Checked for every program that links to SNAP: school meals,
 * Lifeline and Head Start in Texas (BBCE at 165% of the guideline), WIC in Colorado (BBCE at 200%, above WIC's 185%,
 * so the link can matter for WIC there). The arithmetic is worked by hand in each case.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let service: CalculationService;
beforeAll(async () => {
  service = new CalculationService([await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' })]);
}, 120_000);

// Each package takes only its own inputs: the household facts and person facts each program reads (SNAP's too, for the link).
const SNAP_FACTS = { shelter_costs: 0, countable_resources: 0 };
const FACTS: Record<string, Record<string, unknown>> = {
  snap: SNAP_FACTS,
  school_meals: { ...SNAP_FACTS, receives_tanf: false },
  lifeline: { ...SNAP_FACTS, receives_ssi: false },
  head_start: { ...SNAP_FACTS, receives_tanf: false, receives_ssi: false },
  wic: { ...SNAP_FACTS, receives_tanf: false },
};
const SCHOOL_FACT = new Set(['school_meals']);

type People = Record<string, Record<string, unknown>>;
function calc(program_id: string, jurisdiction: string, people: People, variables: string[]): Promise<CalculateResponse> {
  const own = Object.fromEntries(Object.entries(people).map(([id, p]) => [id, Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'is_in_school' || SCHOOL_FACT.has(program_id)))]));
  return service.calculate({ program_id, jurisdiction, household: { period: '2026-03', facts: FACTS[program_id], people: own } as never, variables });
}

// Texas, March 2026: FY2026 SNAP (48 States: standard deduction 209 for 1-3 people; maximum allotment 546 for 2,
// 785 for 3; minimum benefit 8% x 298 = 23.84 -> 24); Texas BBCE gross limit 165% of the 2025 guideline. No shelter costs, no resources, no TANF or SSI.
const adult = (unearned: number) => ({ age: 40, unearned_income: unearned, earned_income: 0, is_disabled: false, citizenship_status: 'citizen' });
// Head Start counts wages, business income, unemployment and pensions (45 CFR 1305.2), not other unearned income such
// as Social Security, so its households here earn wages.
const worker = (earned: number) => ({ age: 40, unearned_income: 0, earned_income: earned, is_disabled: false, citizenship_status: 'citizen' });

describe('three people whose SNAP allotment computes to $0 are not linked', () => {
  // Gross 3,500 <= 165% x 26,650 / 12 = 3,664.38 (BBCE): eligible. Net 3,500 - 209 = 3,291; 30% = 987.30 -> 988;
  // 785 - 988 < 0: allotment 0. Three people entitled to no benefits: denied (7 CFR 273.10(e)(2)(iii)(A)).
  const household: People = { parent: adult(3500), pupil: { age: 9, is_in_school: true }, little: { age: 4 } };

  it('SNAP: eligible, allotment 0, not certified', async () => {
    const r = await calc('snap', 'us-tx', household, ['snap_eligible', 'snap_allotment', 'snap_certified']);
    expect(r.outputs).toEqual({ snap_eligible: true, snap_allotment: 0, snap_certified: false });
  });

  it('school meals: the pupil is reduced price, not free through SNAP', async () => {
    // 2025-26 table for 3: free 2,888, reduced price 4,109 a month; 3,500 is between them.
    const r = await calc('school_meals', 'us-tx', household, ['school_meals_household_tier', 'school_meals_receives_snap', 'school_meals_snap_eligibility_computed']);
    expect(r.outputs).toEqual({ school_meals_household_tier: 'reduced_price', school_meals_receives_snap: false, school_meals_snap_eligibility_computed: false });
    expect(r.assumptions.find((a) => a.input === 'receives_snap')?.assumed_value).toBe(false);
  });

  it('Lifeline: not eligible through SNAP', async () => {
    // 3,500 x 12 = 42,000 > 135% x 27,320 = 36,882 (2026 guideline for 3). Medicaid (Texas): 42,000 / 27,320 = 154% of the
    // guideline, above the limits for a child of 4 and of 9, so the Medicaid link does not qualify the household either.
    const r = await calc('lifeline', 'us-tx', household, ['lifeline_eligible', 'lifeline_income_eligible', 'lifeline_receives_snap']);
    expect(r.outputs).toEqual({ lifeline_eligible: false, lifeline_income_eligible: false, lifeline_receives_snap: false });
  });

  it('Head Start: a child of 4 is not categorically eligible through SNAP', async () => {
    // Wages 3,600 a month: 43,200 > 27,320 (100% of the 2026 guideline for 3), not income-eligible. SNAP: gross 3,600 <=
    // 3,664.38 (BBCE); net 3,600 - 720 (20% earned income deduction) - 209 = 2,671; 30% = 801.30 -> 802; 785 - 802 < 0:
    // allotment 0, three people, denied.
    const r = await calc('head_start', 'us-tx', { parent: worker(3600), pupil: { age: 9 }, little: { age: 4 } }, ['head_start_eligible', 'head_start_receives_snap', 'head_start_snap_eligibility_computed']);
    expect(r.outputs).toEqual({ head_start_eligible: false, head_start_receives_snap: false, head_start_snap_eligibility_computed: false });
  });
});

describe('one or two people at the minimum benefit are linked', () => {
  // Gross 2,600 <= 165% x 21,150 / 12 = 2,908.13 (BBCE): eligible. Net 2,600 - 209 = 2,391; 30% = 717.30 -> 718;
  // 546 - 718 < 0: regular allotment 0; two people receive the minimum, 24. Certified.
  const pupil: People = { parent: adult(2600), pupil: { age: 9, is_in_school: true } };

  it('SNAP: eligible, the minimum benefit, certified', async () => {
    const r = await calc('snap', 'us-tx', pupil, ['snap_eligible', 'snap_allotment', 'snap_certified']);
    expect(r.outputs).toEqual({ snap_eligible: true, snap_allotment: 24, snap_certified: true });
  });

  it('school meals: the pupil is free through SNAP, receipt inferred', async () => {
    // 2025-26 table for 2: free 2,292; 2,600 is above it (reduced price up to 3,261), so free only through SNAP.
    const r = await calc('school_meals', 'us-tx', pupil, ['school_meals_household_tier', 'school_meals_receives_snap']);
    expect(r.outputs).toEqual({ school_meals_household_tier: 'free', school_meals_receives_snap: true });
    expect(r.assumptions.find((a) => a.input === 'receives_snap')?.assumed_value).toBe(true);
    expect(r.trace.some((t) => t.rule_id === 'us:regulations/7-cfr/273/10/e/2/iii#snap_certified' && t.value === true)).toBe(true);
  });

  it('Lifeline: eligible through SNAP', async () => {
    // 2,600 x 12 = 31,200 > 135% x 21,640 = 29,214 (2026 guideline for 2): eligible only through SNAP (the pupil, at
    // 31,200 / 21,640 = 144% of the guideline, is above Texas's Medicaid limit for a child of 6-18).
    const r = await calc('lifeline', 'us-tx', pupil, ['lifeline_eligible', 'lifeline_income_eligible', 'lifeline_receives_snap']);
    expect(r.outputs).toEqual({ lifeline_eligible: true, lifeline_income_eligible: false, lifeline_receives_snap: true });
  });

  it('Head Start: a child of 4 is categorically eligible through SNAP', async () => {
    // Wages 2,600 a month: 31,200 > 21,640 (100% of the 2026 guideline for 2). SNAP: gross 2,600 <= 2,908.13 (BBCE);
    // net 2,600 - 520 - 209 = 1,871; 30% = 561.30 -> 562; 546 - 562 < 0: regular 0, minimum 24 for two: certified.
    const r = await calc('head_start', 'us-tx', { parent: worker(2600), little: { age: 4 } }, ['head_start_eligible', 'head_start_receives_snap']);
    expect(r.outputs).toEqual({ head_start_eligible: true, head_start_receives_snap: true });
  });
});

describe('WIC in Colorado (BBCE at 200% of the guideline)', () => {
  const kid = (age: number) => ({ age, nutritional_risk: true, receives_medicaid: false });
  const parent = (unearned: number) => ({ ...adult(unearned), is_pregnant: false, is_breastfeeding: false, receives_medicaid: false });

  it('three people with a $0 allotment: the children are not adjunctively eligible through SNAP', async () => {
    // WIC 2025-26 limit for 3: 4,109 a month; 4,200 is above it. SNAP: gross 4,200 <= 200% x 26,650 / 12 = 4,441.67
    // (BBCE): eligible; net 4,200 - 209 = 3,991; 30% = 1,197.30 -> 1,198; 785 - 1,198 < 0: allotment 0, denied.
    const r = await calc('wic', 'us-co', { parent: parent(4200), toddler: kid(3), baby: kid(1) },
      ['wic_eligible_people', 'wic_household_income_eligible', 'wic_family_adjunctively_eligible']);
    expect(r.outputs).toEqual({ wic_eligible_people: 0, wic_household_income_eligible: false, wic_family_adjunctively_eligible: false });
  });

  it('two people at the minimum benefit: the child is adjunctively eligible through SNAP', async () => {
    // WIC limit for 2: 3,261; 3,400 is above it. SNAP: gross 3,400 <= 200% x 21,150 / 12 = 3,525 (BBCE); net
    // 3,400 - 209 = 3,191; 30% = 957.30 -> 958; 546 - 958 < 0: regular 0, minimum 24 for two people: certified.
    const r = await calc('wic', 'us-co', { parent: parent(3400), toddler: kid(2) },
      ['wic_eligible_people', 'wic_household_income_eligible', 'wic_family_adjunctively_eligible']);
    expect(r.outputs).toEqual({ wic_eligible_people: 1, wic_household_income_eligible: false, wic_family_adjunctively_eligible: true });
  });
});
