/**
 * The bundled Lifeline packages (issue #27): the generated tree matches scripts/generate-lifeline-rules.mjs, every
 * jurisdiction's package composes and publishes a sample that computes to the independently worked outputs, the
 * income limits equal 135% of the published HHS guidelines for sizes 1-10 in every table and year (and the shared
 * module's figures equal ../shared/oracle/program-reference-tables.md, skipped loudly without ../shared), and the
 * households worked by hand below give the same answers through the calculation service, assumptions included.
 */
import { everySampleComputes, generatorCheck } from '../support/program-packages.js';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rulesRoot = `${root}/rules`;
const data = JSON.parse(readFileSync(`${root}/scripts/data/lifeline.json`, 'utf8')) as {
  poverty_guidelines: Record<string, Record<string, unknown> & { '48_states_dc': [number, number]; alaska: [number, number]; hawaii: [number, number] }>;
};
const JURISDICTIONS = ('ak al ar as az ca co ct dc de fl ga gu hi ia id il in ks ky la ma md me mi mn mo mp ms mt nc nd ne nh nj nm nv ny oh ok or pa pr ri sc sd tn tx ut va vi vt wa wi wv wy').split(' ');

let runtime: CompiledRuntime;
let service: CalculationService;
beforeAll(async () => {
  runtime = await CompiledRuntime.load([rulesRoot], { companionTests: 'off' });
  service = new CalculationService([runtime]);
}, 120_000);

const calc = (jurisdiction: string, household: Record<string, unknown>, variables?: string[]): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'lifeline', jurisdiction, household: household as never, ...(variables ? { variables } : {}) });
const assumed = (r: CalculateResponse): string[] => r.assumptions.map((a) => `${a.entity_id}.${a.input}=${JSON.stringify(a.assumed_value)}`).sort();

describe('the generated Lifeline tree', () => {
  it('matches the generator (node scripts/generate-lifeline-rules.mjs --check)', () => {
    const out = generatorCheck(root, 'scripts/generate-lifeline-rules.mjs');
    expect(out).toContain('56 Lifeline packages up to date');
  });

  it('has a package for every State, DC and the five territories, each with a sample that computes to its worked outputs', async () => {
    await everySampleComputes(runtime, 'lifeline', JURISDICTIONS.map((c) => `us-${c}`), calc);
  }, 60_000);
});

describe('income limits: 135% of the HHS guidelines as published (47 CFR 54.409(a)(1); 42 U.S.C. 9902(2))', () => {
  // A month in which Lifeline uses each year's guidelines (USAC switch dates; 2023 from the first encoded month).
  const MONTH: Record<string, string> = { 2023: '2023-11', 2024: '2024-06', 2025: '2025-06', 2026: '2026-06' };
  const TABLES: Array<[string, 'alaska' | 'hawaii' | '48_states_dc']> = [['us-co', '48_states_dc'], ['us-ak', 'alaska'], ['us-hi', 'hawaii'], ['us-pr', '48_states_dc']];

  for (const [jurisdiction, area] of TABLES) {
    it(`${jurisdiction}: sizes 1-10, every year`, async () => {
      for (const [year, month] of Object.entries(MONTH)) {
        const [first, add] = data.poverty_guidelines[year][area];
        for (let size = 1; size <= 10; size += 1) {
          const r = await calc(jurisdiction, { period: month, facts: { household_size: size, receives_snap: false } }, ['lifeline_poverty_guideline', 'lifeline_income_limit']);
          const guideline = first + (size - 1) * add;
          expect(r.outputs.lifeline_poverty_guideline, `${jurisdiction} ${year} size ${size}`).toBe(guideline);
          // 135% of a multiple of 10 has at most a half dollar: exact in binary floating point.
          expect(r.outputs.lifeline_income_limit, `${jurisdiction} ${year} size ${size}`).toBe((guideline * 135) / 100);
        }
      }
    }, 30_000);
  }

  const reference = `${root}/../shared/oracle/program-reference-tables.md`;
  it.skipIf(!existsSync(reference))('the shared module\'s figures equal the reference table (skipped: ../shared/oracle/program-reference-tables.md absent)', () => {
    const text = readFileSync(reference, 'utf8');
    for (const year of ['2024', '2025', '2026']) {
      const row = text.split('\n').find((line) => line.startsWith(`| ${year} |`));
      expect(row, year).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      const pair = (cell: string): number[] => cell.split('+').map((n) => Number(n.replace(/,/g, '').trim()));
      const g = data.poverty_guidelines[year];
      expect([pair(cells[3]), pair(cells[4]), pair(cells[5])], year).toEqual([g['48_states_dc'], g.alaska, g.hawaii]);
    }
  });
  if (!existsSync(reference)) console.warn('SKIPPED: ../shared/oracle/program-reference-tables.md is absent; the guideline figures were not compared with the reference table.');
});

describe('households worked by hand through the calculation service', () => {
  it('income-eligible: two people earning $1,700 a month in Colorado, March 2026', async () => {
    // 2026 guideline for 2 (48 States): 15,960 + 5,680 = 21,640; 135% = 29,214. Income 1,700 x 12 = 20,400 <= 29,214.
    // SNAP receipt not given, but the household qualifies by income, so it is not listed; the service type and
    // Tribal lands change an eligible household's amount, so their defaults are.
    const r = await calc('us-co', { period: '2026-03', people: { parent: { earned_income: 1700 }, child: {} } });
    expect(r.outputs).toEqual({ lifeline_eligible: true, lifeline_benefit: 9.25, lifeline_support_amount: 9.25, lifeline_income_eligible: true,
      lifeline_household_annual_income: 20400, lifeline_income_limit: 29214, lifeline_poverty_guideline: 21640 });
    expect(assumed(r)).toEqual(['household.lifeline_service_type="broadband"', 'household.tribal_land=false']);
    // SNAP receipt does not matter here, so SNAP is not computed: the trace has no SNAP rule.
    expect(r.trace.some((t) => t.rule_id.startsWith('us:statutes/7/'))).toBe(false);
  });

  it('the SNAP link: an elderly Texan over 135% is eligible through the SNAP eligibility computed for the household, and says so', async () => {
    // Lifeline: 1,900 x 12 = 22,800 > 21,546 (135% of 15,960): not income-eligible.
    // SNAP, Texas, March 2026 (FY2026): gross 1,900 (elderly: no gross test); standard deduction 209; medical
    // 800 - 35 = 765; adjusted 1,900 - 209 - 765 = 926; shelter 900, half of adjusted 463, excess 437 (no cap);
    // net 926 - 437 = 489 <= 1,305 (100% of 15,650 / 12): eligible (and categorically eligible through Texas's BBCE).
    const household = { period: '2026-03', people: { elder: { age: 70, is_disabled: false, unearned_income: 1900, medical_costs: 800, citizenship_status: 'citizen' } }, facts: { shelter_costs: 900 } };
    const r = await calc('us-tx', household, ['lifeline_eligible', 'lifeline_income_eligible', 'lifeline_receives_snap', 'lifeline_benefit']);
    expect(r.outputs).toEqual({ lifeline_eligible: true, lifeline_income_eligible: false, lifeline_receives_snap: true, lifeline_benefit: 9.25 });
    expect(r.trace.find((t) => t.rule_id === 'us:regulations/47-cfr/54/409#lifeline_snap_eligibility_computed')?.value).toBe(true);
    const link = r.trace.find((t) => t.rule_id === 'us:regulations/47-cfr/54/409#lifeline_state_snap_eligibility');
    expect(link?.value).toBe(true);
    expect(link?.sources.join(' ')).toContain('us-tx:policies/lifeline/benefit-calculation#tx_lifeline_state_snap_eligibility');
    expect(r.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible' && t.value === true)).toBe(true);
    const inferred = r.assumptions.find((a) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ entity: 'Household', entity_id: 'household', assumed_value: true });
    expect(inferred?.message).toContain('inferred from lifeline_snap_eligibility_computed computed for this household');
    expect(r.warnings.some((w) => w.includes('household.receives_snap = true'))).toBe(true);

    // Stated receipt: no inference, no assumption about it, and SNAP is not computed.
    for (const receives of [true, false]) {
      const stated = await calc('us-tx', { ...household, facts: { shelter_costs: 900, receives_snap: receives } }, ['lifeline_eligible']);
      expect(stated.outputs.lifeline_eligible).toBe(receives);
      expect(stated.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
      expect(stated.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible')).toBe(false);
    }
  });

  it('the Medicaid link: a pregnant Coloradan over 135% is eligible through the Medicaid eligibility computed for her, and says so', async () => {
    // Lifeline, March 2026: one person listed, 15,960 x 1.35 = 21,546; 2,000 x 12 = 24,000 > 21,546: not income-eligible.
    // SNAP receipt is stated (false), so only Medicaid can qualify her. Medicaid, Colorado: her family size counts the
    // child expected, 2: 15,960 + 5,680 = 21,640; Colorado's CHIP standard for pregnant people (260%) is above
    // Medicaid's 195%, so Medicaid's has no disregard: 21,640 x 1.95 = 42,198 >= 24,000: eligible for Medicaid.
    const household = { period: '2026-03', facts: { receives_snap: false }, people: { mother: { age: 28, earned_income: 2000, is_pregnant: true } } };
    const r = await calc('us-co', household, ['lifeline_eligible', 'lifeline_income_eligible', 'lifeline_receives_medicaid', 'lifeline_medicaid_eligibility_computed', 'lifeline_benefit']);
    expect(r.outputs).toEqual({ lifeline_eligible: true, lifeline_income_eligible: false, lifeline_receives_medicaid: true, lifeline_medicaid_eligibility_computed: true, lifeline_benefit: 9.25 });
    const link = r.trace.find((t) => t.rule_id === 'us:regulations/47-cfr/54/409#lifeline_state_medicaid_eligibility');
    expect(link?.value).toBe(true);
    expect(link?.sources.join(' ')).toContain('us-co:policies/lifeline/benefit-calculation#co_lifeline_state_medicaid_eligibility');
    expect(r.trace.find((t) => t.entity === 'Person' && t.entity_id === 'mother' && t.rule_id.endsWith('#medicaid_category'))?.value).toBe('pregnant');
    // Receipt inferred from eligibility, and the Medicaid facts not given that it rested on.
    const inferred = r.assumptions.find((a) => a.input === 'receives_medicaid');
    expect(inferred).toMatchObject({ entity_id: 'household', assumed_value: true });
    expect(inferred?.message).toContain('inferred from lifeline_medicaid_eligibility_computed computed for this household');
    expect(assumed(r)).toEqual(['household.lifeline_service_type="broadband"', 'household.receives_medicaid=true', 'household.tribal_land=false',
      'mother.citizenship_status="citizen"', 'mother.expected_children_count=1']);
    // Medicaid's unverified figures come with the link (Colorado's adult-group start date is read on it).
    expect(r.warnings.join(' ')).toContain('us:regulations/42-cfr/435/603#medicaid_poverty_guideline_year');
    // SNAP receipt stated, so SNAP is not computed.
    expect(r.trace.some((t) => t.rule_id === 'us:statutes/7/2014/a#snap_eligible')).toBe(false);

    // Stated Medicaid receipt wins: no inference, Medicaid not computed.
    for (const receives of [true, false]) {
      const stated = await calc('us-co', { ...household, facts: { receives_snap: false, receives_medicaid: receives } }, ['lifeline_eligible']);
      expect(stated.outputs.lifeline_eligible).toBe(receives);
      expect(stated.assumptions.some((a) => a.input === 'receives_medicaid' || a.input === 'expected_children_count')).toBe(false);
      expect(stated.trace.some((t) => t.rule_id.startsWith('us:regulations/42-cfr/435/'))).toBe(false);
    }
  });

  it('the Medicaid link reads Medicaid, not CHIP: a Texas parent and child of 8 at 140% of the guideline', async () => {
    // Lifeline: two people, 21,640 x 1.35 = 29,214; 2,525 x 12 = 30,300 > 29,214: not income-eligible.
    // Medicaid, Texas: the child of 8 is tested on Medicaid's 133% without the disregard (Texas's separate CHIP, 201%,
    // is higher): 21,640 x 1.33 = 28,781.20 < 30,300, so CHIP (206%: 44,578.40), which Lifeline does not list; the
    // parent on 12% + 5 (no adult group) = 3,678.80: no. Nobody eligible for Medicaid: Lifeline not eligible.
    const r = await calc('us-tx', { period: '2026-03', facts: { receives_snap: false }, people: { parent: { age: 34, earned_income: 2525 }, child: { age: 8 } } },
      ['lifeline_eligible', 'lifeline_medicaid_eligibility_computed']);
    expect(r.outputs).toEqual({ lifeline_eligible: false, lifeline_medicaid_eligibility_computed: false });
    expect(r.trace.find((t) => t.entity === 'Person' && t.entity_id === 'child' && t.rule_id.endsWith('#medicaid_person_group'))?.value).toBe('child_6_18');
    expect(r.trace.find((t) => t.entity === 'Person' && t.entity_id === 'child' && t.rule_id.endsWith('#medicaid_person_eligible'))?.value).toBe(false);
    expect(r.assumptions.find((a) => a.input === 'receives_medicaid')).toMatchObject({ assumed_value: false });
  });

  it('no Medicaid package in Puerto Rico: Medicaid receipt not given reads as not received, as before the link', async () => {
    const r = await calc('us-pr', { period: '2026-03', people: { mother: { earned_income: 2000 } } }, ['lifeline_eligible', 'lifeline_medicaid_eligibility_computed']);
    expect(r.outputs).toEqual({ lifeline_eligible: false, lifeline_medicaid_eligibility_computed: false });
    expect(r.assumptions.find((a) => a.input === 'receives_medicaid')).toMatchObject({ assumed_value: false });
  });

  it('Tribal lands: an Oklahoma household over 135% receiving FDPIR gets $9.25 + $25 = $34.25', async () => {
    // 2,500 x 12 = 30,000 > 21,546; on Tribal lands FDPIR qualifies (47 CFR 54.409(b)); support 9.25 + 25 (54.403(a)(3)).
    const r = await calc('us-ok', { period: '2026-03', facts: { household_size: 1, earned_income: 2500, tribal_land: true, receives_fdpir: true, receives_snap: false } });
    expect(r.outputs).toMatchObject({ lifeline_eligible: true, lifeline_income_eligible: false, lifeline_support_amount: 34.25, lifeline_benefit: 34.25 });
    // Off Tribal lands FDPIR does not qualify.
    const off = await calc('us-ok', { period: '2026-03', facts: { household_size: 1, earned_income: 2500, tribal_land: false, receives_fdpir: true, receives_snap: false } });
    expect(off.outputs).toMatchObject({ lifeline_eligible: false, lifeline_support_amount: 0 });
  });

  it('voice-only service and a price below the support', async () => {
    // Voice only: $5.25 (54.403(a)(2)(iii)); a $3 phone price caps the benefit at $3 (54.403(b)).
    const r = await calc('us-ca', { period: '2026-03', facts: { household_size: 1, earned_income: 1000, receives_snap: false, lifeline_service_type: 'voice_only', phone_cost: 3 } });
    expect(r.outputs).toMatchObject({ lifeline_support_amount: 5.25, lifeline_benefit: 3 });
  });

  it('each year\'s guidelines from USAC\'s switch date, not January', async () => {
    // One person earning 1,790 a month: 21,480. 2025 limit 21,127.50 (not eligible); 2026 limit 21,546 (eligible).
    const at = (period: string) => calc('us-co', { period, facts: { household_size: 1, earned_income: 1790, receives_snap: false } }, ['lifeline_income_eligible', 'lifeline_poverty_guideline']);
    expect((await at('2026-02')).outputs).toEqual({ lifeline_income_eligible: false, lifeline_poverty_guideline: 15650 });
    expect((await at('2026-03')).outputs).toEqual({ lifeline_income_eligible: true, lifeline_poverty_guideline: 15960 });
    // 2025: USAC switched on April 24, so April uses 2024 (15,060) and May 2025 (15,650).
    expect((await at('2025-04')).outputs.lifeline_poverty_guideline).toBe(15060);
    expect((await at('2025-05')).outputs.lifeline_poverty_guideline).toBe(15650);
  });

  it('warns where a date or table was not verified: February 2024 on, February 2027 on, and the territories\' table', async () => {
    const w2024 = await calc('us-co', { period: '2024-03', facts: { household_size: 1, receives_snap: false } });
    expect(w2024.warnings.join(' ')).toContain('Unverified figure used: us:regulations/47-cfr/54/409#lifeline_poverty_guideline_year (version from 2024-01-17)');
    const w2027 = await calc('us-co', { period: '2027-03', facts: { household_size: 1, receives_snap: false } });
    expect(w2027.warnings.join(' ')).toContain('(version from 2027-02-01)');
    expect(w2027.outputs.lifeline_poverty_guideline).toBe(15960);
    const pr = await calc('us-pr', { period: '2026-03', facts: { household_size: 1 } });
    expect(pr.warnings.join(' ')).toContain('us-pr:policies/poverty-guidelines/area#pr_hhs_poverty_guideline_area');
    // No SNAP in Puerto Rico: receipt not given is not received, and not listed as inferred.
    expect(pr.assumptions.some((a) => a.input === 'receives_snap')).toBe(false);
  });
});
