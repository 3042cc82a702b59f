/**
 * The bundled Head Start and Early Head Start packages (issue #27 item 5): the generated tree matches
 * scripts/generate-head-start-rules.mjs, every jurisdiction's package composes and publishes a sample that computes to
 * the independently worked outputs, the poverty lines the packages compute for sizes 1-10 equal the tables the
 * Federal Register notices publish (written down below from the notices, not from the packages), and households
 * worked by hand give the same answers through the calculation service, per-person values and assumptions included.
 */
import { everySampleComputes, generatorCheck } from '../support/program-packages.js';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JURISDICTIONS = ('ak al ar as az ca co ct dc de fl ga gu hi ia id il in ks ky la ma md me mi mn mo mp ms mt nc nd ne nh nj nm nv ny oh ok or pa pr ri sc sd tn tx ut va vi vt wa wi wv wy').split(' ');
const HS = 'us:regulations/45-cfr/1302/12';

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([`${root}/rules`], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (jurisdiction: string, household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'head_start', jurisdiction, household: household as never, ...(variables ? { variables } : {}) });
const assumed = (r: CalculateResponse): string[] => r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();
/** Each person's value of a Person rule, from the trace entries (entity Person, entity_id the person's id). */
const perPerson = (r: CalculateResponse, name: string): Record<string, unknown> =>
  Object.fromEntries(r.trace.filter((t) => t.rule_id === `${HS}#${name}` && t.entity === 'Person').map((t) => [t.entity_id, t.value]));

describe('the generated Head Start tree', () => {
  it('matches the generator (node scripts/generate-head-start-rules.mjs --check)', () => {
    const out = generatorCheck(root, 'scripts/generate-head-start-rules.mjs');
    expect(out).toContain('56 Head Start packages up to date');
  });

  it('has a package for every State, DC and the five territories, each with a sample that computes to its worked outputs', async () => {
    await everySampleComputes(runtime, 'head_start', JURISDICTIONS.map((c) => `us-${c}`), calc);
  }, 60_000);
});

describe('poverty lines as published (45 CFR 1302.12(c)(1)(i); 42 U.S.C. 9902(2))', () => {
  // The HHS tables for sizes 1-8, then + the amount for each additional person (9 and 10), as the notices print them:
  // 2025, 90 FR 5917 (in effect 2025-01-15); 2026, 91 FR 1797 (in effect 2026-01-13).
  const PUBLISHED: Record<string, Record<string, number[]>> = {
    2025: {
      '48_states_dc': [15650, 21150, 26650, 32150, 37650, 43150, 48650, 54150, 59650, 65150], // + 5,500
      alaska: [19550, 26430, 33310, 40190, 47070, 53950, 60830, 67710, 74590, 81470], // + 6,880
      hawaii: [17990, 24320, 30650, 36980, 43310, 49640, 55970, 62300, 68630, 74960], // + 6,330
    },
    2026: {
      '48_states_dc': [15960, 21640, 27320, 33000, 38680, 44360, 50040, 55720, 61400, 67080], // + 5,680
      alaska: [19950, 27050, 34150, 41250, 48350, 55450, 62550, 69650, 76750, 83850], // + 7,100
      hawaii: [18360, 24890, 31420, 37950, 44480, 51010, 57540, 64070, 70600, 77130], // + 6,530
    },
  };
  const MONTH: Record<string, string> = { 2025: '2025-06', 2026: '2026-06' };
  const TABLES: Array<[string, string]> = [['us-co', '48_states_dc'], ['us-ak', 'alaska'], ['us-hi', 'hawaii'], ['us-pr', '48_states_dc']];

  for (const [jurisdiction, area] of TABLES) {
    it(`${jurisdiction}: sizes 1-10, 2025 and 2026`, async () => {
      for (const [year, month] of Object.entries(MONTH)) {
        for (let size = 1; size <= 10; size += 1) {
          const line = PUBLISHED[year][area][size - 1];
          // Income at the line (the monthly figure in whole cents, so x 12 is at most the line) is eligible; $12 a
          // year more is not.
          const monthly = Math.floor((line * 100) / 12) / 100;
          const at = await calc(jurisdiction, { period: month, facts: { household_size: size, earned_income: monthly, receives_snap: false } },
            ['head_start_poverty_guideline', 'head_start_income_eligible']);
          expect(at.outputs, `${jurisdiction} ${year} size ${size}`).toEqual({ head_start_poverty_guideline: line, head_start_income_eligible: true });
          const above = await calc(jurisdiction, { period: month, facts: { household_size: size, earned_income: monthly + 1.01, receives_snap: false } },
            ['head_start_income_eligible']);
          expect(above.outputs.head_start_income_eligible, `${jurisdiction} ${year} size ${size} + $12`).toBe(false);
        }
      }
    }, 60_000);
  }
});

describe('households worked by hand through the calculation service', () => {
  it('a parent and a child of 4 in Colorado, March 2026, income under the line: the child is eligible; per-person values in the trace', async () => {
    // 2026 line for 2: 15,960 + 5,680 = 21,640. Income 1,500 x 12 = 18,000 <= 21,640: the family qualifies.
    // The child (4) is of Head Start Preschool age (3 to under 6); the parent (30) is in neither category.
    const r = await calc('us-co', { period: '2026-03', people: { parent: { age: 30, earned_income: 1500 }, child: { age: 4 } }, facts: { receives_snap: false } });
    expect(r.outputs).toEqual({ head_start_eligible: true, early_head_start_eligible: false, head_start_eligible_children: 1, early_head_start_eligible_people: 0,
      head_start_income_eligible: true, head_start_family_income: 18000, head_start_poverty_guideline: 21640 });
    expect(perPerson(r, 'head_start_age_eligible')).toEqual({ child: true, parent: false });
    expect(perPerson(r, 'early_head_start_age_or_pregnancy_eligible')).toEqual({ child: false, parent: false });
    // The same values in the answer's person_outputs (each listed person, every person rule of the package).
    // head_start_person_eligible: the child is of the age and the family qualifies (read through the person-side relation).
    expect(r.person_outputs).toEqual({
      parent: { head_start_person_eligible: false, early_head_start_person_eligible: false, head_start_age_eligible: false, early_head_start_age_or_pregnancy_eligible: false, head_start_child_categorically_eligible: false },
      child: { head_start_person_eligible: true, early_head_start_person_eligible: false, head_start_age_eligible: true, early_head_start_age_or_pregnancy_eligible: false, head_start_child_categorically_eligible: false },
    });
    // The family qualifies, so homelessness and foster care cannot change anything: not asked. Pregnancy can (the
    // parent, 30, is of the ages asked); TANF and SSI cannot (income-eligible).
    expect(assumed(r)).toEqual(['parent.is_pregnant=false']);
    // The age rule's figure is Colorado's own (C.R.S. 22-33-104(1)(a): six), read in the State's reprint: not in doubt.
    expect(r.warnings.join(' ')).not.toContain('school_age');
  });

  it('the age school attendance is required is the State\'s where its statute is bound: 8 in Washington, 7 in North Carolina, 6 in Michigan and Colorado; 6 with a warning elsewhere', async () => {
    // Income 1,500 x 12 = 18,000 <= the 2026 line for 3 (27,320): the family qualifies, so age alone decides.
    // Head Start Preschool age is 3 up to (not including) the State's compulsory school age (45 CFR 1302.12(b)(2)).
    const household = { period: '2026-03', people: { parent: { age: 30, earned_income: 1500 }, six: { age: 6 }, seven: { age: 7 } }, facts: { receives_snap: false } };
    const ages = async (jurisdiction: string) => {
      const r = await calc(jurisdiction, household);
      return { ages: perPerson(r, 'head_start_age_eligible'), count: r.outputs.head_start_eligible_children, warnings: r.warnings.join(' ') };
    };
    // RCW 28A.225.010(1): eight (read in a reproduction, so warned under the State's parameter).
    const wa = await ages('us-wa');
    expect(wa.ages).toEqual({ parent: false, six: true, seven: true });
    expect(wa.count).toBe(2);
    expect(wa.warnings).toContain('us-wa:policies/head_start/eligibility#wa_head_start_school_age');
    // N.C. Gen. Stat. 115C-378(a): seven.
    const nc = await ages('us-nc');
    expect(nc.ages).toEqual({ parent: false, six: true, seven: false });
    // MCL 380.1561(1): six, read on the Legislature's site: no school age warning at all.
    const mi = await ages('us-mi');
    expect(mi.ages).toEqual({ parent: false, six: false, seven: false });
    expect(mi.warnings).not.toContain('school_age');
    // C.R.S. 22-33-104(1)(a): six, read in the Department of Education's reprint: no warning.
    const co = await ages('us-co');
    expect(co.ages).toEqual({ parent: false, six: false, seven: false });
    expect(co.warnings).not.toContain('school_age');
    // Ohio's law is not bound: 6, and the federal default is warned.
    const oh = await ages('us-oh');
    expect(oh.ages).toEqual({ parent: false, six: false, seven: false });
    expect(oh.warnings).toContain(`${HS}#head_start_school_age`);
  });

  it('income between 100% and 130% is named as the allowance, not eligibility', async () => {
    // 2,000 x 12 = 24,000 > 21,640 and < 28,132 (130%): within the allowance of 1302.12(d).
    const r = await calc('us-co', { period: '2026-03', people: { parent: { age: 30, earned_income: 2000 }, child: { age: 4 } }, facts: { receives_snap: false, receives_tanf: false, receives_ssi: false } },
      ['head_start_eligible', 'head_start_income_within_allowance', 'head_start_children_eligible_only_under_allowance', 'head_start_eligible_only_under_allowance']);
    expect(r.outputs).toEqual({ head_start_eligible: false, head_start_income_within_allowance: true, head_start_children_eligible_only_under_allowance: 1, head_start_eligible_only_under_allowance: true });
  });

  it('the housing-cost adjustment (45 CFR 1302.12(i)(1)(ii)) is reported beside eligibility, a program\'s option; housing costs not given are assumed 0 and said', async () => {
    // Colorado, March 2026, parent earning 2,000 a month and a child of 4: income 24,000 > 21,640 (2026, 2 people).
    // Housing 1,200 a month = 14,400 a year; 30% of 24,000 = 7,200; adjustment 14,400 - 7,200 = 7,200;
    // 24,000 - 7,200 = 16,800 <= 21,640: eligible where the program makes the adjustment, not otherwise.
    const facts = { receives_snap: false, receives_tanf: false, receives_ssi: false };
    const vars = ['head_start_eligible', 'head_start_housing_cost_adjustment', 'head_start_income_after_housing_adjustment', 'head_start_income_eligible_with_housing_adjustment',
      'head_start_children_eligible_only_with_housing_adjustment', 'head_start_eligible_only_with_housing_adjustment'];
    const people = { parent: { age: 30, earned_income: 2000 }, child: { age: 4 } };
    const r = await calc('us-co', { period: '2026-03', people, facts: { ...facts, housing_costs: 1200 } }, vars);
    expect(r.outputs).toEqual({ head_start_eligible: false, head_start_housing_cost_adjustment: 7200, head_start_income_after_housing_adjustment: 16800,
      head_start_income_eligible_with_housing_adjustment: true, head_start_children_eligible_only_with_housing_adjustment: 1, head_start_eligible_only_with_housing_adjustment: true });
    expect(r.assumptions.some((a) => a.input === 'housing_costs')).toBe(false);
    // Housing 800 a month = 9,600, over 7,200 by 2,400: 24,000 - 2,400 = 21,600 <= 21,640, still eligible with it.
    const low = await calc('us-co', { period: '2026-03', people, facts: { ...facts, housing_costs: 800 } }, vars);
    expect(low.outputs).toMatchObject({ head_start_housing_cost_adjustment: 2400, head_start_income_after_housing_adjustment: 21600, head_start_eligible_only_with_housing_adjustment: true });
    // Housing 700 a month = 8,400: 1,200 off, 22,800 > 21,640: not eligible even with the adjustment.
    const lower = await calc('us-co', { period: '2026-03', people, facts: { ...facts, housing_costs: 700 } }, vars);
    expect(lower.outputs).toMatchObject({ head_start_housing_cost_adjustment: 1200, head_start_income_after_housing_adjustment: 22800, head_start_eligible_only_with_housing_adjustment: false });
    // Not given: 0, no adjustment, and the answer says it assumed so.
    const none = await calc('us-co', { period: '2026-03', people, facts }, vars);
    expect(none.outputs).toMatchObject({ head_start_housing_cost_adjustment: 0, head_start_income_after_housing_adjustment: 24000, head_start_eligible_only_with_housing_adjustment: false });
    expect(none.assumptions.find((a) => a.input === 'housing_costs')).toMatchObject({ assumed_value: 0 });
    // An income-eligible family (1,500 a month): housing costs cannot change anything, so nothing is assumed.
    const eligible = await calc('us-co', { period: '2026-03', people: { parent: { age: 30, earned_income: 1500 }, child: { age: 4 } }, facts }, vars);
    expect(eligible.outputs.head_start_eligible).toBe(true);
    expect(eligible.assumptions.some((a) => a.input === 'housing_costs')).toBe(false);
  });

  it('a homeless child and a foster infant are eligible whatever the income; a pregnant woman only through her family', async () => {
    // 5,000 x 12 = 60,000, over the line for 4 (33,000); no public assistance stated. The child of 4 is homeless
    // (1302.12(c)(1)(iii)), the infant of 1 in foster care ((c)(1)(iv)); the pregnant mother is not eligible.
    const r = await calc('us-co', { period: '2026-03', people: { mother: { age: 28, earned_income: 5000, is_pregnant: true }, child: { age: 4, is_homeless: true },
      baby: { age: 1, is_in_foster_care: true }, sibling: { age: 3 } }, facts: { receives_snap: false, receives_tanf: false, receives_ssi: false } });
    expect(r.outputs).toMatchObject({ head_start_eligible_children: 1, early_head_start_eligible_people: 1, head_start_income_eligible: false });
    expect(perPerson(r, 'head_start_child_categorically_eligible')).toEqual({ baby: true, child: true, mother: false, sibling: false });
    expect(r.person_outputs?.mother).toEqual({ head_start_person_eligible: false, early_head_start_person_eligible: false, head_start_age_eligible: false, early_head_start_age_or_pregnancy_eligible: true, head_start_child_categorically_eligible: false });
    // Per person: the homeless child of 4 in Head Start, the foster baby in Early Head Start, the sibling of 3 (no
    // category of their own, family over the line) in neither; the counts are these people counted.
    expect(perPerson(r, 'head_start_person_eligible')).toEqual({ baby: false, child: true, mother: false, sibling: false });
    expect(perPerson(r, 'early_head_start_person_eligible')).toEqual({ baby: true, child: false, mother: false, sibling: false });
  });

  it('the SNAP link: a Texas family over the line is eligible through the SNAP eligibility computed for it, and says so', async () => {
    // Head Start: 2,000 x 12 = 24,000 > 21,640 (2 people, 2026): not income-eligible; TANF and SSI stated not received.
    // SNAP, Texas, March 2026 (FY2026): gross 2,000; earned income deduction 400; standard deduction for 2, 209;
    // net 2,000 - 400 - 209 = 1,391 <= 1,763 (100% of 21,150 / 12, the FY2026 line for 2): eligible.
    const household = { period: '2026-03', people: { parent: { age: 30, earned_income: 2000 }, child: { age: 4 } }, facts: { receives_tanf: false, receives_ssi: false } };
    const r = await calc('us-tx', household, ['head_start_eligible', 'head_start_income_eligible', 'head_start_receives_snap']);
    expect(r.outputs).toEqual({ head_start_eligible: true, head_start_income_eligible: false, head_start_receives_snap: true });
    const link = r.trace.find((t) => t.rule_id === `${HS}#head_start_state_snap_eligibility`);
    expect(link?.value).toBe(true);
    expect(link?.sources.join(' ')).toContain('us-tx:policies/head_start/eligibility#tx_head_start_state_snap_eligibility');
    const inferred = r.assumptions.find((a) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ entity: 'Household', entity_id: 'household', assumed_value: true });
    expect(inferred?.message).toContain('inferred from head_start_snap_eligibility_computed');

    // Stated receipt: no inference, no assumption about it, and SNAP is not computed.
    for (const receives of [true, false]) {
      const stated = await calc('us-tx', { ...household, facts: { ...household.facts, receives_snap: receives } }, ['head_start_eligible']);
      expect(stated.outputs.head_start_eligible).toBe(receives);
      expect(stated.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
      expect(stated.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible')).toBe(false);
    }
  });

  it('in every jurisdiction with SNAP, receipt not given is the State SNAP package\'s own certification for the same household', async () => {
    // A parent earning 2,000 a month and a child of 4, TANF and SSI stated not received: 24,000 > 21,640 (2026, 48
    // States), so SNAP decides (SNAP's net income 2,000 - 400 - the State's standard deduction is under the FY2026
    // line of 1,763 everywhere, so every State's SNAP package finds the family eligible, as Texas's above). Each
    // State's answer must equal what its SNAP package says for the same people (program_id snap).
    const household = { period: '2026-03', people: { parent: { age: 30, earned_income: 2000 }, child: { age: 4 } }, facts: { receives_tanf: false, receives_ssi: false } };
    const withSnap = runtime.packages().filter((p) => p.program_id === 'snap').map((p) => p.jurisdiction);
    expect(withSnap).toHaveLength(53);
    const checked: string[] = [];
    for (const jurisdiction of withSnap) {
      const snap = await service.calculate({ program_id: 'snap', jurisdiction, household: { period: '2026-03', people: household.people } as never, variables: ['snap_certified'] });
      const hs = await calc(jurisdiction, household, ['head_start_income_eligible', 'head_start_snap_eligibility_computed', 'head_start_eligible']);
      if (hs.outputs.head_start_income_eligible === true) continue; // Alaska, Hawaii: income-eligible, SNAP not needed
      expect(hs.outputs.head_start_snap_eligibility_computed, jurisdiction).toBe(snap.outputs.snap_certified);
      expect(hs.outputs.head_start_eligible, jurisdiction).toBe(snap.outputs.snap_certified);
      const code = jurisdiction.slice(3);
      const link = hs.trace.find((t) => t.rule_id === `${HS}#head_start_state_snap_eligibility`);
      expect(link?.sources.join(' '), jurisdiction).toContain(`${jurisdiction}:policies/head_start/eligibility#${code}_head_start_state_snap_eligibility`);
      expect(hs.assumptions.find((a) => a.input === 'receives_snap')?.assumed_value, jurisdiction).toBe(snap.outputs.snap_certified);
      checked.push(`${jurisdiction}=${String(snap.outputs.snap_certified)}`);
    }
    // Alaska (27,050 for 2) and Hawaii (24,890) find the family income-eligible; the 51 others read SNAP.
    expect(checked).toHaveLength(51);
  }, 120_000);

  it('an income-eligible family: SNAP is not computed, and nothing about it is assumed', async () => {
    const r = await calc('us-tx', { period: '2026-03', people: { parent: { age: 30, earned_income: 1000 }, child: { age: 2 } } });
    expect(r.outputs).toMatchObject({ early_head_start_eligible: true, early_head_start_eligible_people: 1 });
    expect(r.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
    expect(r.trace.some((t) => t.rule_id.startsWith('us:statutes/7/'))).toBe(false);
  });

  it('Social Security is not Head Start income; unemployment compensation and pensions are (45 CFR 1305.2)', async () => {
    // Wages 1,250 + Social Security 700 (unearned_income, not read): 15,000 <= 21,640. With unemployment 700: 23,400 > 21,640.
    const base = { period: '2026-03', facts: { receives_snap: false, receives_tanf: false, receives_ssi: false } };
    const ss = await calc('us-co', { ...base, people: { parent: { age: 30, earned_income: 1250, unearned_income: 700 }, child: { age: 4 } } }, ['head_start_family_income', 'head_start_eligible']);
    expect(ss.outputs).toEqual({ head_start_family_income: 15000, head_start_eligible: true });
    const uc = await calc('us-co', { ...base, people: { parent: { age: 30, earned_income: 1250, unemployment_compensation: 700 }, child: { age: 4 } } }, ['head_start_family_income', 'head_start_eligible']);
    expect(uc.outputs).toEqual({ head_start_family_income: 23400, head_start_eligible: false });
  });

  it('each year\'s guidelines from the date HHS puts them in effect', async () => {
    // One person earning 1,320 a month: 15,840. 2025 line 15,650 (not eligible); 2026 line 15,960 (eligible).
    const at = (period: string) => calc('us-co', { period, people: { child: { age: 4, earned_income: 1320 } }, facts: { receives_snap: false, receives_tanf: false, receives_ssi: false } },
      ['head_start_income_eligible', 'head_start_poverty_guideline']);
    expect((await at('2026-01')).outputs).toEqual({ head_start_income_eligible: false, head_start_poverty_guideline: 15650 });
    expect((await at('2026-02')).outputs).toEqual({ head_start_income_eligible: true, head_start_poverty_guideline: 15960 });
  });
});
