/**
 * The bundled free and reduced-price school meals packages (issue #27 item 2): the generated tree matches
 * scripts/generate-school-meals-rules.mjs, every jurisdiction's package composes and publishes a sample that computes
 * to its independently worked outputs, the limits equal the published Income Eligibility Guidelines table for sizes
 * 1-10 (the 2025-26 table written down below from the notice), the school year switches on July 1, and households
 * worked by hand give the same answers through the calculation service, the SNAP link and assumptions included.
 */
import { everySampleComputes, generatorCheck } from '../support/program-packages.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JURISDICTIONS = ('ak al ar az ca co ct dc de fl ga gu hi ia id il in ks ky la ma md me mi mn mo ms mt nc nd ne nh nj nm nv ny oh ok or pa pr ri sc sd tn tx ut va vi vt wa wi wv wy').split(' ');
const DET = 'us:regulations/7-cfr/245/6';

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (jurisdiction: string, household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'school_meals', jurisdiction, household: household as never, ...(variables ? { variables } : {}) });
/** The answer's per-person values (Tenet extension person_outputs: person id -> rule -> value). */
const personOutputs = (r: CalculateResponse): Record<string, Record<string, unknown>> => (r as unknown as { person_outputs: Record<string, Record<string, unknown>> }).person_outputs;

describe('the generated school meals tree', () => {
  it('matches the generator (node scripts/generate-school-meals-rules.mjs --check)', () => {
    const out = generatorCheck(root, 'scripts/generate-school-meals-rules.mjs');
    expect(out).toContain('54 school meals packages up to date');
  });

  it('has a package for every State, DC, Guam, the Virgin Islands and Puerto Rico, each with a sample that computes to its worked outputs', async () => {
    await everySampleComputes(runtime, 'school_meals', JURISDICTIONS.map((c) => `us-${c}`), calc, (pkg: { jurisdiction: string }) => expectedOutputs(pkg.jurisdiction));
  }, 60_000);
});

/** The expected outputs the generator wrote in the compose spec (worked by scripts/lib/school-meals-reference.mjs). */
function expectedOutputs(jurisdiction: string): Record<string, unknown> {
  const spec = YAML.parse(readFileSync(`${root}/rules/programs/${jurisdiction}/school_meals/2026.yaml`, 'utf8')) as { sample_expected_outputs: Record<string, unknown> };
  return spec.sample_expected_outputs;
}

describe('income limits equal the published Income Eligibility Guidelines (42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3)', () => {
  // 90 FR 11938 (Mar. 13, 2025), July 1, 2025 - June 30, 2026, the table of the 48 contiguous States, DC, Guam and the
  // territories: [annual, monthly] for sizes 1-8, then "each additional family member add" (read in a school district's
  // reproduction of the notice's table). Sizes 9 and 10 are the row for 8 plus one and two additions, as the table says.
  const FREE: Array<[number, number]> = [[20345, 1696], [27495, 2292], [34645, 2888], [41795, 3483], [48945, 4079], [56095, 4675], [63245, 5271], [70395, 5867]];
  const FREE_ADD: [number, number] = [7150, 596];
  const REDUCED: Array<[number, number]> = [[28953, 2413], [39128, 3261], [49303, 4109], [59478, 4957], [69653, 5805], [79828, 6653], [90003, 7501], [100178, 8349]];
  const REDUCED_ADD: [number, number] = [10175, 848];
  const row = (table: Array<[number, number]>, add: [number, number], size: number): [number, number] =>
    size <= 8 ? table[size - 1] : [table[7][0] + (size - 8) * add[0], table[7][1] + (size - 8) * add[1]];

  for (const jurisdiction of ['us-co', 'us-gu', 'us-pr']) {
    it(`${jurisdiction}, September 2025: sizes 1-10, free and reduced price, annual and monthly`, async () => {
      for (let size = 1; size <= 10; size += 1) {
        const r = await calc(jurisdiction, { period: '2025-09', facts: { household_size: size } },
          ['school_meals_free_income_limit_annual', 'school_meals_free_income_limit', 'school_meals_reduced_price_income_limit_annual', 'school_meals_reduced_price_income_limit']);
        expect([r.outputs.school_meals_free_income_limit_annual, r.outputs.school_meals_free_income_limit], `free ${size}`).toEqual(row(FREE, FREE_ADD, size));
        expect([r.outputs.school_meals_reduced_price_income_limit_annual, r.outputs.school_meals_reduced_price_income_limit], `reduced ${size}`).toEqual(row(REDUCED, REDUCED_ADD, size));
      }
    }, 30_000);
  }

  // 89 FR 12812 (Feb. 20, 2024), July 1, 2024 - June 30, 2025, 48 States, reduced price only (the free columns were not
  // read): read in the Idaho Department of Education's reproduction of the table (July 29, 2024).
  const REDUCED_2024: Array<[number, number]> = [[27861, 2322], [37814, 3152], [47767, 3981], [57720, 4810], [67673, 5640], [77626, 6469], [87579, 7299], [97532, 8128]];
  const REDUCED_2024_ADD: [number, number] = [9953, 830];
  it('us-co, September 2024: reduced price, sizes 1-10, annual and monthly', async () => {
    for (let size = 1; size <= 10; size += 1) {
      const r = await calc('us-co', { period: '2024-09', facts: { household_size: size } }, ['school_meals_reduced_price_income_limit_annual', 'school_meals_reduced_price_income_limit']);
      expect([r.outputs.school_meals_reduced_price_income_limit_annual, r.outputs.school_meals_reduced_price_income_limit], `reduced ${size}`).toEqual(row(REDUCED_2024, REDUCED_2024_ADD, size));
    }
    // Size 10: the table gives 8,128 + 2 x 830 = 9,788 a month; 117,438 / 12 = 9,786.50 would round up to 9,787.
  }, 30_000);

  it('a household of 10 takes the table\'s additions, one dollar above the rounded 185% (the reason the packages follow the table)', async () => {
    // 2025 guideline for 10: 15,650 + 9 x 5,500 = 65,150; x 1.85 = 120,527.50 -> 120,528 a year; / 12 = 10,044 exactly.
    // The table: 8,349 (row 8) + 2 x 848 (10,175 / 12 = 847.92 -> 848) = 10,045.
    const r = await calc('us-co', { period: '2025-09', facts: { household_size: 10 } }, ['school_meals_reduced_price_income_limit']);
    expect(r.outputs.school_meals_reduced_price_income_limit).toBe(10045);
  });

  it('Alaska and Hawaii use their own tables: 2025-26, one person', async () => {
    // Alaska 2025: 19,550 x 1.30 = 25,415 (/ 12 = 2,117.92 -> 2,118); x 1.85 = 36,167.50 -> 36,168 (/ 12 = 3,014).
    // Hawaii 2025: 17,990 x 1.30 = 23,387 (/ 12 = 1,948.92 -> 1,949); x 1.85 = 33,281.50 -> 33,282 (/ 12 = 2,773.50 -> 2,774).
    const vars = ['school_meals_free_income_limit_annual', 'school_meals_free_income_limit', 'school_meals_reduced_price_income_limit_annual', 'school_meals_reduced_price_income_limit'];
    const ak = await calc('us-ak', { period: '2025-09', facts: { household_size: 1 } }, vars);
    expect(Object.values(ak.outputs)).toEqual([25415, 2118, 36168, 3014]);
    const hi = await calc('us-hi', { period: '2025-09', facts: { household_size: 1 } }, vars);
    expect(Object.values(hi.outputs)).toEqual([23387, 1949, 33282, 2774]);
  });

  it('the school year switches on July 1: June 2026 uses the 2025 guidelines, July 2026 the 2026 ones', async () => {
    // Two people: 2025 guideline 21,150 x 1.30 = 27,495 (/ 12 -> 2,292); 2026 guideline 21,640 x 1.30 = 28,132 (/ 12 = 2,344.33 -> 2,345).
    const june = await calc('us-co', { period: '2026-06', facts: { household_size: 2 } }, ['school_meals_poverty_guideline', 'school_meals_free_income_limit']);
    expect(june.outputs).toEqual({ school_meals_poverty_guideline: 21150, school_meals_free_income_limit: 2292 });
    const july = await calc('us-co', { period: '2026-07', facts: { household_size: 2 } }, ['school_meals_poverty_guideline', 'school_meals_free_income_limit']);
    expect(july.outputs).toEqual({ school_meals_poverty_guideline: 21640, school_meals_free_income_limit: 2345 });
    expect(july.warnings.some((w) => w.includes('school_meals_guideline_year (version from 2026-07-01)'))).toBe(true);
  });
});

describe('households worked by hand through the calculation service', () => {
  const variables = ['school_meals_household_tier', 'school_meals_free_children', 'school_meals_reduced_price_children', 'school_meals_paid_children', 'school_meals_receives_snap', 'school_meals_snap_eligibility_computed'];
  // Texas, November 2026 (2026-27 school year; FY2027 SNAP): a parent earning $3,100 a month, a child of 9 in school and
  // a child of 3, rent $1,200.
  const people = { parent: { age: 35, earned_income: 3100, citizenship_status: 'citizen', is_disabled: false }, pupil: { age: 9, is_in_school: true, citizenship_status: 'citizen', is_disabled: false }, toddler: { age: 3, citizenship_status: 'citizen', is_disabled: false } };

  it('the SNAP link: a SNAP-eligible household\'s child in school is free through the link, named in the trace, with receipt inferred in assumptions', async () => {
    // School meals: 2026 guideline for 3 = 15,960 + 2 x 5,680 = 27,320; free 27,320 x 1.30 = 35,516 / 12 = 2,959.67 -> 2,960;
    // income 3,100 > 2,960: not free by income (reduced price: 27,320 x 1.85 = 50,542 / 12 = 4,211.83 -> 4,212 >= 3,100).
    // SNAP (Texas, FY2027): gross 3,100 under Texas's BBCE limit (165% of 27,320 / 12 = 3,756.50); earned income deduction
    // 620; adjusted 3,100 - 620 - standard deduction < 2,277 (100% of 27,320 / 12), so eligible: the child is free.
    const r = await calc('us-tx', { period: '2026-11', people, facts: { shelter_costs: 1200 } }, variables);
    expect(r.outputs).toEqual({ school_meals_household_tier: 'free', school_meals_free_children: 1, school_meals_reduced_price_children: 0, school_meals_paid_children: 0,
      school_meals_receives_snap: true, school_meals_snap_eligibility_computed: true });
    const link = r.trace.find((t) => t.rule_id === `${DET}#school_meals_state_snap_eligibility`);
    expect(link?.value).toBe(true);
    expect(link?.sources.join(' ')).toContain('us-tx:policies/school-meals/eligibility#tx_school_meals_state_snap_eligibility');
    expect(r.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible' && t.value === true)).toBe(true);
    const inferred = r.assumptions.find((a) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ entity: 'Household', entity_id: 'household', assumed_value: true });
    expect(inferred?.message).toContain('inferred from school_meals_snap_eligibility_computed computed for this household');
    // Per person: the pupil's tier is free (read from the household through the membership relation); the others are not in school.
    expect(personOutputs(r)).toEqual({ parent: { school_meal_tier: 'not_in_school' }, pupil: { school_meal_person_categorically_eligible: false, school_meal_tier: 'free' },
      toddler: { school_meal_tier: 'not_in_school' } });
    expect(r.trace.find((t) => t.variable === 'school_meal_tier' && t.entity_id === 'pupil')?.entity).toBe('Person');
  });

  it('the same child is free with no assumption about receipt when receives_snap is given, and SNAP is not computed', async () => {
    const r = await calc('us-tx', { period: '2026-11', people, facts: { shelter_costs: 1200, receives_snap: true } }, variables);
    expect(r.outputs).toMatchObject({ school_meals_household_tier: 'free', school_meals_free_children: 1, school_meals_receives_snap: true, school_meals_snap_eligibility_computed: false });
    expect(r.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
    expect(r.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible')).toBe(false);
    // Stated not received: 3,100 is at or below the reduced price limit of 4,212: reduced price.
    const no = await calc('us-tx', { period: '2026-11', people, facts: { shelter_costs: 1200, receives_snap: false } }, variables);
    expect(no.outputs).toMatchObject({ school_meals_household_tier: 'reduced_price', school_meals_free_children: 0, school_meals_reduced_price_children: 1 });
    expect(personOutputs(no).pupil.school_meal_tier).toBe('reduced_price');
  });

  it('a homeless child is free in a household that pays full price; the sibling pays', async () => {
    // Colorado, November 2026, three people earning $5,000 a month: above 4,212 (185% for 3), so paid, SNAP stated not received.
    const r = await calc('us-co', { period: '2026-11', facts: { receives_snap: false }, people: { parent: { earned_income: 5000 }, a: { age: 10, is_in_school: true, is_homeless: true }, b: { age: 12, is_in_school: true } } }, variables);
    expect(r.outputs).toMatchObject({ school_meals_household_tier: 'paid', school_meals_free_children: 1, school_meals_reduced_price_children: 0, school_meals_paid_children: 1 });
    expect(personOutputs(r)).toEqual({ parent: { school_meal_tier: 'not_in_school' }, a: { school_meal_person_categorically_eligible: true, school_meal_tier: 'free' },
      b: { school_meal_person_categorically_eligible: false, school_meal_tier: 'paid' } });
  });

  it('California\'s universal meals law: a child whose federal tier is paid eats free under State law; Colorado has none encoded', async () => {
    // Three people earning $5,000 a month in November 2026: above 4,212 (185% for 3), federal tier paid. Cal. Educ. Code
    // 49501.5(a)(1)(A) (from the 2022-23 school year): breakfast and lunch free to any pupil who asks.
    const household = { period: '2026-11', facts: { receives_snap: false }, people: { parent: { earned_income: 5000 }, a: { age: 10, is_in_school: true }, b: { age: 2 } } };
    const vars = ['school_meals_paid_children', 'school_meals_children_free_under_state_law'];
    const ca = await calc('us-ca', household, vars);
    expect(ca.outputs).toEqual({ school_meals_paid_children: 1, school_meals_children_free_under_state_law: 1 });
    expect(personOutputs(ca).a).toMatchObject({ school_meal_tier: 'paid', school_meal_free_under_state_law: true });
    const hook = ca.trace.find((t) => t.variable === 'school_meals_state_universal_free_meals' && t.entity_id === 'a');
    expect(hook?.sources.join(' ')).toContain('us-ca:policies/school-meals/eligibility#ca_school_meals_universal_free_meals');
    const co = await calc('us-co', household, vars);
    expect(co.outputs).toEqual({ school_meals_paid_children: 1, school_meals_children_free_under_state_law: 0 });
  });

  it('Massachusetts, Vermont and New York: State law makes the paid child free, from the school year each law is bound', async () => {
    // The same three people earning $5,000 a month: above the reduced price limit for 3 in every year (2024-25: 3,981;
    // 2025-26: 4,109; 2026-27: 4,212), so the federal tier is paid. Mass. Gen. Laws c. 69, sec. 1C(1) and 16 V.S.A.
    // sec. 1264(a)(1)(B) are bound from 2024-07-01 (the packages' first school year); N.Y. Educ. Law sec. 915-a(1)
    // from the 2025-26 school year (NYSED memorandum of May 13, 2025), so a New York child pays in 2024-25.
    const household = (period: string) => ({ period, facts: { receives_snap: false }, people: { parent: { earned_income: 5000 }, a: { age: 10, is_in_school: true }, b: { age: 2 } } });
    const vars = ['school_meals_paid_children', 'school_meals_children_free_under_state_law'];
    const cases: Array<[string, string, number, string]> = [
      ['us-ma', '2024-09', 1, 'ma'], ['us-ma', '2026-11', 1, 'ma'], ['us-vt', '2024-09', 1, 'vt'], ['us-vt', '2026-11', 1, 'vt'],
      ['us-ny', '2025-06', 0, 'ny'], ['us-ny', '2025-07', 1, 'ny'], ['us-ny', '2026-11', 1, 'ny']];
    for (const [jurisdiction, period, free, code] of cases) {
      const r = await calc(jurisdiction, household(period), vars);
      expect(r.outputs, `${jurisdiction} ${period}`).toEqual({ school_meals_paid_children: 1, school_meals_children_free_under_state_law: free });
      expect(personOutputs(r).a, `${jurisdiction} ${period}`).toMatchObject({ school_meal_tier: 'paid', school_meal_free_under_state_law: free === 1 });
      const hook = r.trace.find((t) => t.variable === 'school_meals_state_universal_free_meals' && t.entity_id === 'a');
      if (free === 1) expect(hook?.sources.join(' ')).toContain(`${jurisdiction}:policies/school-meals/eligibility#${code}_school_meals_universal_free_meals`);
    }
  });

  it('States whose laws are reported but not bound (Colorado, Michigan, Minnesota, Maine, New Mexico) leave the child at the federal tier', async () => {
    const household = { period: '2026-11', facts: { receives_snap: false }, people: { parent: { earned_income: 5000 }, a: { age: 10, is_in_school: true } } };
    for (const jurisdiction of ['us-co', 'us-mi', 'us-mn', 'us-me', 'us-nm']) {
      const r = await calc(jurisdiction, household, ['school_meals_children_free_under_state_law']);
      expect(r.outputs.school_meals_children_free_under_state_law, jurisdiction).toBe(0);
    }
  });

  it('Puerto Rico has no SNAP: receipt not given is not received and nothing is inferred', async () => {
    // Two people earning $2,500: above the free limit of 2,345 (2026-27, two people), at or below 3,337 (21,640 x 1.85 = 40,034 / 12 = 3,336.17 -> 3,337).
    const r = await calc('us-pr', { period: '2026-11', people: { parent: { earned_income: 2500 }, child: { is_in_school: true } } }, ['school_meals_household_tier', 'school_meals_receives_snap']);
    expect(r.outputs).toEqual({ school_meals_household_tier: 'reduced_price', school_meals_receives_snap: false });
    const tiers = await calc('us-pr', { period: '2026-11', people: { parent: { earned_income: 2500 }, child: { is_in_school: true } } });
    expect(personOutputs(tiers).child.school_meal_tier).toBe('reduced_price');
    expect(r.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
  });

  it('a school-age child whose schooling is not given is taken as not in school, and the answer says so', async () => {
    const r = await calc('us-co', { period: '2026-11', facts: { receives_snap: false }, people: { parent: { earned_income: 1000 }, child: { age: 8 } } }, ['school_meals_children_in_school']);
    expect(r.outputs.school_meals_children_in_school).toBe(0);
    expect(r.assumptions.find((a) => a.input === 'is_in_school')).toMatchObject({ entity_id: 'child', assumed_value: false });
  });
});
