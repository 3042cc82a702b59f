/**
 * The bundled WIC packages (issue #27): the generated tree matches scripts/generate-wic-rules.mjs, every State
 * agency's jurisdiction has a package whose sample computes to its worked outputs, the income limits equal the
 * published WIC income eligibility guidelines for family sizes 1-10 (the tables written down below), and households
 * worked by hand give the same answers through the calculation service, per person (trace entries on Person) and
 * with their assumptions.
 */
import { everySampleComputes, generatorCheck } from '../support/program-packages.js';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const F = 'us:regulations/7-cfr/246/7';
const JURISDICTIONS = ('ak al ar as az ca co ct dc de fl ga gu hi ia id il in ks ky la ma md me mi mn mo mp ms mt nc nd ne nh nj nm nv ny oh ok or pa pr ri sc sd tn tx ut va vi vt wa wi wv wy').split(' ');

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (jurisdiction: string, household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'wic', jurisdiction, household: household as never, ...(variables ? { variables } : {}) });
const assumed = (r: CalculateResponse): string[] => r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();
/** A Person rule's value for one listed person, from the trace. */
const personValue = (r: CalculateResponse, person: string, rule: string): unknown =>
  r.trace.find((t) => t.entity === 'Person' && t.entity_id === person && t.rule_id === `${F}#${rule}`)?.value;

describe('the generated WIC tree', () => {
  it('matches the generator (node scripts/generate-wic-rules.mjs --check)', () => {
    const out = generatorCheck(root, 'scripts/generate-wic-rules.mjs');
    expect(out).toContain('56 WIC packages up to date');
  });

  it('has a package for every State, DC and the five territories, each with a sample that computes to its worked outputs', async () => {
    await everySampleComputes(runtime, 'wic', JURISDICTIONS.map((c) => `us-${c}`), calc);
  }, 120_000);
});

/**
 * The published tables (48 contiguous States, D.C., Guam and the territories), sizes 1-8 as printed and 9-10 read
 * the way the notices say: size 8 plus the "each additional family member" amount per member. Written down from
 * the tables as printed (2023-24: Utah WIC's and Gloucester County, N.J.'s reproductions; 2024-25, 89 FR 10022:
 * Tompkins County, N.Y.'s reproduction), not computed from the packages.
 */
const PUBLISHED: Record<string, { month: string; annual: number[]; monthly: number[]; addAnnual: number; addMonthly: number }> = {
  '2023-24': { month: '2023-11', annual: [26973, 36482, 45991, 55500, 65009, 74518, 84027, 93536], monthly: [2248, 3041, 3833, 4625, 5418, 6210, 7003, 7795], addAnnual: 9509, addMonthly: 793 },
  '2024-25': { month: '2024-11', annual: [27861, 37814, 47767, 57720, 67673, 77626, 87579, 97532], monthly: [2322, 3152, 3981, 4810, 5640, 6469, 7299, 8128], addAnnual: 9953, addMonthly: 830 },
};

describe('income limits equal the published WIC income eligibility guidelines (7 CFR 246.7(d)(1))', () => {
  for (const [jurisdiction] of [['us-co'], ['us-gu'], ['us-pr']]) {
    for (const [label, t] of Object.entries(PUBLISHED)) {
      it(`${jurisdiction} ${label}: sizes 1-10`, async () => {
        for (let size = 1; size <= 10; size += 1) {
          const annual = size <= 8 ? t.annual[size - 1] : t.annual[7] + (size - 8) * t.addAnnual;
          const monthly = size <= 8 ? t.monthly[size - 1] : t.monthly[7] + (size - 8) * t.addMonthly;
          const r = await calc(jurisdiction, { period: t.month, facts: { household_size: size, receives_snap: false } }, ['wic_household_annual_income_limit', 'wic_household_monthly_income_limit']);
          expect(r.outputs, `${jurisdiction} ${label} size ${size}`).toEqual({ wic_household_annual_income_limit: annual, wic_household_monthly_income_limit: monthly });
        }
      }, 30_000);
    }
  }

  it('Alaska and Hawaii take their own tables: 185% of their guidelines, rounded up (2025-26, one person)', async () => {
    // Alaska 2025: 19,550 x 1.85 = 36,167.5 -> 36,168 a year; / 12 = 3,014 a month. Hawaii: 17,990 x 1.85 = 33,281.5 -> 33,282; / 12 = 2,773.5 -> 2,774.
    const ak = await calc('us-ak', { period: '2026-03', facts: { household_size: 1 } }, ['wic_household_annual_income_limit', 'wic_household_monthly_income_limit']);
    expect(ak.outputs).toEqual({ wic_household_annual_income_limit: 36168, wic_household_monthly_income_limit: 3014 });
    const hi = await calc('us-hi', { period: '2026-03', facts: { household_size: 1 } }, ['wic_household_annual_income_limit', 'wic_household_monthly_income_limit']);
    expect(hi.outputs).toEqual({ wic_household_annual_income_limit: 33282, wic_household_monthly_income_limit: 2774 });
  });

  it('switches on July 1, and warns where a year\'s notice was not read', async () => {
    // One person: June 2025 is the 2024 table (2,322 a month), July 2025 the 2025 table (15,650 x 1.85 = 28,952.5 -> 28,953; / 12 -> 2,413).
    const limit = async (period: string) => (await calc('us-co', { period, facts: { household_size: 1 } }, ['wic_household_monthly_income_limit'])).outputs.wic_household_monthly_income_limit;
    expect(await limit('2025-06')).toBe(2322);
    // From the 2025 HHS guidelines (January 17) to June 30 a State may already use the 2025 table: warned.
    const june = await calc('us-co', { period: '2025-06', facts: { household_size: 1 } }, ['wic_household_monthly_income_limit']);
    expect(june.warnings.join(' ')).toContain(`Unverified figure used: ${F}#wic_guideline_year (version from 2025-01-17)`);
    const december = await calc('us-ut', { period: '2025-12', facts: { household_size: 1 } }, ['wic_household_monthly_income_limit']);
    expect(december.warnings.join(' ')).not.toContain('Unverified figure used');
    expect(await limit('2025-07')).toBe(2413);
    // July 2026: the 2026 guidelines, 15,960 x 1.85 = 29,526; / 12 = 2,460.5 -> 2,461, warned (the 2026-27 notice was not found).
    const july2026 = await calc('us-co', { period: '2026-07', facts: { household_size: 1 } }, ['wic_household_monthly_income_limit']);
    expect(july2026.outputs.wic_household_monthly_income_limit).toBe(2461);
    expect(july2026.warnings.join(' ')).toContain(`Unverified figure used: ${F}#wic_guideline_year (version from 2026-07-01)`);
  });
});

describe('households worked by hand through the calculation service', () => {
  it('a Colorado family: the mother 3 months postpartum, an infant, a 4-year-old and a 6-year-old, under the limit', async () => {
    // 2025-26 table, four people: (15,650 + 3 x 5,500) x 1.85 = 59,477.5 -> 59,478; / 12 = 4,956.5 -> 4,957 a month.
    // Income 4,000 <= 4,957. Mother: postpartum (3 months, not breastfeeding); infant (0); child (4); the 6-year-old: none.
    const r = await calc('us-co', { period: '2026-03', facts: { receives_snap: false, receives_tanf: false }, people: {
      mother: { age: 28, earned_income: 4000, months_postpartum: 3, is_pregnant: false, is_breastfeeding: false, nutritional_risk: true, receives_medicaid: false },
      infant: { age: 0, nutritional_risk: true, receives_medicaid: false },
      child: { age: 4, nutritional_risk: true, receives_medicaid: false },
      older: { age: 6, receives_medicaid: false, is_pregnant: false, is_breastfeeding: false },
    } });
    expect(r.outputs).toMatchObject({ wic_eligible_people: 3, wic_categorically_eligible_people: 3, wic_household_monthly_income_limit: 4957, wic_household_income_eligible: true });
    expect(['mother', 'infant', 'child', 'older'].map((p) => personValue(r, p, 'wic_category'))).toEqual(['postpartum', 'infant', 'child', 'none']);
    expect(['mother', 'infant', 'child'].map((p) => personValue(r, p, 'wic_eligible'))).toEqual([true, true, true]);
    // The same values in the answer's person_outputs (person id -> output -> value).
    expect(Object.keys(r.person_outputs ?? {})).toEqual(['mother', 'infant', 'child', 'older']);
    expect(r.person_outputs?.mother).toMatchObject({ wic_category: 'postpartum', wic_eligible: true, wic_family_size: 4, wic_monthly_income_limit: 4957 });
    expect(r.person_outputs?.older).toMatchObject({ wic_category: 'none', wic_eligible: false });
    // The 6-year-old's nutritional risk and months postpartum were not given: listed, because the moot tests are the
    // household's (someone's risk decides the result), not yet each person's; her category is none either way.
    expect(assumed(r)).toEqual(['older.months_postpartum=0', 'older.nutritional_risk=true']);
  });

  it('a pregnant woman expecting twins counts them; over that limit she is eligible only through Medicaid', async () => {
    // Alone, pregnant with twins: family of 3. 2025-26: (15,650 + 2 x 5,500) x 1.85 = 49,302.5 -> 49,303; / 12 -> 4,109.
    const base = { period: '2026-03', facts: { receives_snap: false, receives_tanf: false } };
    const at = (income: number, medicaid: boolean) => calc('us-ny', { ...base, people: { mom: { age: 25, earned_income: income, is_pregnant: true, expected_children_count: 2, nutritional_risk: true, receives_medicaid: medicaid } } });
    const within = await at(4109, false);
    expect(within.outputs).toMatchObject({ wic_eligible_people: 1, wic_household_income_eligible: false });
    expect(personValue(within, 'mom', 'wic_family_size')).toBe(3);
    expect(personValue(within, 'mom', 'wic_monthly_income_limit')).toBe(4109);
    expect(within.person_outputs?.mom).toMatchObject({ wic_category: 'pregnant', wic_income_eligible: true, wic_eligible: true });
    const over = await at(4110, false);
    expect(over.outputs.wic_eligible_people).toBe(0);
    const onMedicaid = await at(4110, true);
    expect(onMedicaid.outputs).toMatchObject({ wic_eligible_people: 1, wic_family_adjunctively_eligible: true });
  });

  it('the Medicaid link: a pregnant Coloradan over her WIC limit is income-eligible through the Medicaid eligibility computed for her, and says it was inferred', async () => {
    // December 2025, WIC's 2025-26 table: her family is 2 (herself and the child expected), (15,650 + 5,500) x 1.85 =
    // 39,127.50 -> 39,128 a year, / 12 -> 3,261 a month; she earns 3,400: over. SNAP stated false, Medicaid not given.
    // Medicaid, Colorado, 2025 guideline for her family of 2: 21,150; Colorado's CHIP standard for pregnant people
    // (260%) is above Medicaid's 195%, so Medicaid's gets no disregard: 21,150 x 1.95 = 41,242.50 >= 40,800 (3,400 x 12):
    // eligible, so she is adjunctively income-eligible for WIC (42 U.S.C. 1786(d)(2)(A)(ii)(II)).
    const household = { period: '2025-12', facts: { receives_snap: false, receives_tanf: false }, people: { mom: { age: 28, earned_income: 3400, is_pregnant: true } } };
    const r = await calc('us-co', household, ['wic_eligible_people', 'wic_household_income_eligible', 'wic_medicaid_eligibility_used']);
    expect(r.outputs).toEqual({ wic_eligible_people: 1, wic_household_income_eligible: false, wic_medicaid_eligibility_used: true });
    expect(r.person_outputs?.mom).toMatchObject({ wic_adjunctively_income_eligible: true, wic_medicaid_eligibility_computed: true, wic_eligible: true });
    const link = r.trace.find((t) => t.entity === 'Person' && t.entity_id === 'mom' && t.rule_id === 'us:regulations/7-cfr/246/7#wic_state_medicaid_eligibility');
    expect(link?.value).toBe(true);
    expect(link?.sources.join(' ')).toContain('us-co:policies/wic/eligibility#co_wic_state_medicaid_eligibility');
    // Her receipt inferred from her own computed eligibility; the Medicaid facts not given that it rested on.
    const inferred = r.assumptions.find((a) => a.input === 'receives_medicaid');
    expect(inferred).toMatchObject({ entity: 'Person', entity_id: 'mom', assumed_value: true });
    expect(inferred?.message).toContain('inferred from wic_medicaid_eligibility_computed computed for this person');
    expect(assumed(r)).toEqual(['mom.citizenship_status="citizen"', 'mom.expected_children_count=1', 'mom.nutritional_risk=true', 'mom.receives_medicaid=true']);

    // Stated receipt wins: no inference, Medicaid not computed; not received leaves her over the limit.
    const stated = await calc('us-co', { ...household, people: { mom: { ...household.people.mom, receives_medicaid: false } } }, ['wic_eligible_people', 'wic_medicaid_eligibility_used']);
    expect(stated.outputs).toEqual({ wic_eligible_people: 0, wic_medicaid_eligibility_used: false });
    expect(stated.assumptions.some((a) => a.input === 'receives_medicaid')).toBe(false);
    expect(stated.trace.some((t) => t.rule_id.startsWith('us:regulations/42-cfr/435/'))).toBe(false);
  });

  it('the Medicaid link where she is not Medicaid-eligible: Idaho covers pregnant people to 133%, so she stays over the limit', async () => {
    // Idaho, December 2025: 21,150 x (133% + 5) = 29,187 < 40,800: not eligible for Medicaid (Idaho has no CHIP for
    // pregnant people), so not adjunctively eligible; her receipt is listed as inferred false.
    const r = await calc('us-id', { period: '2025-12', facts: { receives_snap: false, receives_tanf: false }, people: { mom: { age: 28, earned_income: 3400, is_pregnant: true } } },
      ['wic_eligible_people', 'wic_medicaid_eligibility_used']);
    expect(r.outputs).toEqual({ wic_eligible_people: 0, wic_medicaid_eligibility_used: false });
    expect(r.person_outputs?.mom).toMatchObject({ wic_medicaid_eligibility_computed: false });
    expect(r.assumptions.find((a) => a.input === 'receives_medicaid')).toMatchObject({ entity_id: 'mom', assumed_value: false });
  });

  it('nutritional risk not given is assumed, and the answer says so; expected children not given are assumed one', async () => {
    // An infant in a family with no income: eligible, resting on the assumed nutritional risk. A pregnant mother
    // (expected children not given: one) is eligible by income too, so the count does not matter for her.
    const r = await calc('us-tx', { period: '2026-03', facts: { receives_snap: false, receives_tanf: false }, people: {
      mom: { age: 22, is_pregnant: true, receives_medicaid: false }, baby: { age: 0, receives_medicaid: false } } });
    expect(r.outputs.wic_eligible_people).toBe(2);
    // The mother's breastfeeding and postpartum facts are not listed: she is pregnant, the baby under 5.
    expect(assumed(r)).toEqual(['baby.nutritional_risk=true', 'mom.expected_children_count=1', 'mom.nutritional_risk=true']);
    expect(r.warnings.join(' ')).toContain('baby.nutritional_risk = true');
  });

  it('the SNAP link: a grandmother over the WIC limit whose household is SNAP-eligible makes her grandchild eligible, and says it was inferred', async () => {
    // WIC, two people, 2025-26: limit 3,261 a month; income 3,500 is above it, no TANF, no Medicaid.
    // SNAP, Texas, March 2026 (FY2026): the grandmother is 70, so no gross income test; standard deduction 209;
    // medical 2,500 - 35 = 2,465; adjusted 3,500 - 209 - 2,465 = 826; shelter 900 - 826 / 2 = 487 (no cap, elderly);
    // net 826 - 487 = 339, under the net limit: SNAP-eligible, so the family is adjunctively income-eligible.
    const household = { period: '2026-03', facts: { shelter_costs: 900, receives_tanf: false }, people: {
      grandma: { age: 70, unearned_income: 3500, medical_costs: 2500, is_disabled: false, citizenship_status: 'citizen', is_pregnant: false, is_breastfeeding: false, receives_medicaid: false },
      grandchild: { age: 2, nutritional_risk: true, receives_medicaid: false } } };
    const r = await calc('us-tx', household);
    expect(r.outputs).toMatchObject({ wic_eligible_people: 1, wic_household_income_eligible: false, wic_family_adjunctively_eligible: true });
    expect(r.trace.find((t) => t.rule_id === `${F}#wic_snap_eligibility_computed`)?.value).toBe(true);
    const link = r.trace.find((t) => t.rule_id === `${F}#wic_state_snap_eligibility`);
    expect(link?.sources.join(' ')).toContain('us-tx:policies/wic/eligibility#tx_wic_state_snap_eligibility');
    expect(r.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible' && t.value === true)).toBe(true);
    const inferred = r.assumptions.find((a) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ entity: 'Household', entity_id: 'household', assumed_value: true });
    expect(inferred?.message).toContain('inferred from wic_snap_eligibility_computed');
    // Stated receipt: no inference, no assumption about it, and SNAP is not computed.
    for (const receives of [true, false]) {
      const stated = await calc('us-tx', { ...household, facts: { ...household.facts, receives_snap: receives } });
      expect(stated.outputs.wic_eligible_people).toBe(receives ? 1 : 0);
      expect(stated.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
      expect(stated.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible')).toBe(false);
    }
  });

  it('SNAP or TANF receipt makes every member income-eligible; where SNAP does not operate, receipt not given is read as not received and listed', async () => {
    const people = { parent: { age: 35, earned_income: 9000, is_pregnant: false, is_breastfeeding: false }, kid: { age: 2, nutritional_risk: true, receives_medicaid: false } };
    const snap = await calc('us-wa', { period: '2026-03', facts: { receives_snap: true, receives_tanf: false }, people });
    expect(snap.outputs).toMatchObject({ wic_eligible_people: 1, wic_family_adjunctively_eligible: true, wic_household_income_eligible: false });
    // Puerto Rico (no SNAP): receipt not given is read as not received.
    const none = await calc('us-pr', { period: '2026-03', people });
    expect(none.outputs.wic_eligible_people).toBe(0);
    expect(assumed(none)).toEqual(['household.receives_snap=false', 'household.receives_tanf=false', 'parent.months_postpartum=0', 'parent.receives_medicaid=false']);
  });
});
