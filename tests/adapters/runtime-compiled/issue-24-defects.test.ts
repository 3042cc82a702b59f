/**
 * Issue #24 item 4, "Four defects": each request the independent check ran, through the calculation service on the
 * compiled runtime (the path POST /v1/calculate takes), with the arithmetic worked by hand.
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

const VARIABLES = ['snap_allotment', 'snap_eligible', 'snap_gross_income', 'snap_net_income', 'snap_household_size'];

async function calculate(jurisdiction: string, household: Record<string, unknown>, variables = VARIABLES): Promise<CalculateResponse> {
  return service.calculate({ program_id: 'snap', jurisdiction, household: household as never, variables });
}

describe('issue #24: the District of Columbia $30 minimum has been in force since 2015', () => {
  it('us-dc, 2023-11, one person earning 1,500 gets $30', async () => {
    // FY2024: maximum allotment for 1 = 291, standard deduction 198. BBCE at 200% of the 2023 guideline: 14,580 x 2 / 12
    // = 2,430, so eligible. Net 1,500 - 300 (20%) - 198 = 1,002; 30% = 300.60, up to 301; 291 - 301 < 0, so the federal
    // minimum, 8% of 291 = 23.28, down to 23. D.C. Code 4-261.04(a) (from 2015) tops a federal benefit under $30 up to $30.
    const r = await calculate('us-dc', { period: '2023-11', people: { p1: { age: 30, earned_income: 1500 } } });
    expect(r.outputs).toMatchObject({ snap_eligible: true, snap_net_income: 1002, snap_allotment: 30 });
  });
});

describe('issue #24: Massachusetts counts an ineligible non-citizen\'s income in full (106 CMR 365.520(A)(2))', () => {
  it('us-ma, 2026-01: an undocumented parent earning 2,000 with two citizens counts 2,000 and the household gets $128', async () => {
    // p1 is excluded from the size (2 left) and the earnings count in full (count_all): gross 2,000. Net 2,000 - 400
    // (20%) - 209 (standard deduction for 2) = 1,391; 30% = 417.30, up to 418; maximum allotment for 2 = 546; 546 - 418
    // = 128. Pro rata (the federal default) would count 2,000 x 2/3 = 1,333.33 and give $288.
    const r = await calculate('us-ma', {
      period: '2026-01',
      people: { p1: { age: 35, earned_income: 2000, citizenship_status: 'undocumented_or_temporary' }, p2: { age: 33 }, p3: { age: 8 } },
    });
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_gross_income: 2000, snap_net_income: 1391, snap_allotment: 128, snap_eligible: true });
  });
});

describe('issue #24: New Hampshire\'s standard medical deduction before FY2026 is declared unverified', () => {
  it('us-nh, 2025-01: an elderly person with medical costs is warned that the $115 figure is doubted', async () => {
    // The $115 version (from 2023-10-01) is read by any household with an elderly member and medical costs over $35.
    const r = await calculate('us-nh', { period: '2025-01', people: { p1: { age: 70, unearned_income: 900, medical_costs: 100 } } });
    expect(r.warnings.join('\n')).toContain('Unverified figure used: us-nh:policies/dhhs/snap/standard-medical-deduction#nh_snap_standard_medical_deduction (version from 2023-10-01)');
  });
});

describe('issue #24: BBCE limits change in each State\'s own month', () => {
  const worker = (period: string) => ({ period, people: { p1: { age: 30, earned_income: 2550 } } });

  it('us-wa, 2025-06: one person earning 2,550 is under the 200% limit re-based on April 1 and gets the minimum $23', async () => {
    // WAC 388-414-0001(2)(a)(ii): from 2025-04-01 the 2025 guideline, 200% x 15,650 / 12 = 2,608.33, rounded up 2,609;
    // 2,550 is under it. FY2025: maximum allotment for 1 = 292, standard deduction 204. Net 2,550 - 510 (20%) - 204 =
    // 1,836; 30% = 550.80, up to 551; 292 - 551 < 0, so the minimum, 8% of 292 = 23.36, down to 23.
    const r = await calculate('us-wa', worker('2025-06'));
    expect(r.outputs).toMatchObject({ snap_eligible: true, snap_gross_income: 2550, snap_net_income: 1836, snap_allotment: 23 });
    expect(r.warnings.join('\n')).not.toContain('Unverified figure used: us-wa');
  });

  it('us-wa, 2025-03: before April the 2024 guideline still applies and the same household is over the limit', async () => {
    // 200% x 15,060 / 12 = 2,510 < 2,550; the federal 130% test (1,632) fails too, so ineligible, $0.
    const r = await calculate('us-wa', worker('2025-03'));
    expect(r.outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
  });

  it('us-or re-bases in March (OAR 461-155-0180(6)): 2025-02 ineligible, 2025-03 eligible at the minimum', async () => {
    // February: 200% of the 2024 guideline, 2,510 < 2,550. March: 200% of the 2025 guideline, 2,609 >= 2,550; net and
    // minimum as for Washington ($23).
    expect((await calculate('us-or', worker('2025-02'))).outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
    expect((await calculate('us-or', worker('2025-03'))).outputs).toMatchObject({ snap_eligible: true, snap_allotment: 23 });
  });

  it('us-ma re-bases in February: 2025-01 ineligible, 2025-02 eligible at the minimum, warned that the month is not verified', async () => {
    expect((await calculate('us-ma', worker('2025-01'))).outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
    const feb = await calculate('us-ma', worker('2025-02'));
    expect(feb.outputs).toMatchObject({ snap_eligible: true, snap_allotment: 23 });
    expect(feb.warnings.join('\n')).toContain('Unverified figure used: us-ma:policies/dta/snap/categorical-eligibility#ma_snap_bbce_poverty_guideline_first_person_amount (version from 2025-02-01)');
  });

  it('us-me re-bases when HHS publishes (mid-January): 2025-01 still on the 2024 guideline, 2025-02 on 2025\'s, warned', async () => {
    // 10-144 C.M.R. ch. 301 sec. 999-3 Chart 4 is updated as soon as HHS publishes (2024: from 2024-01-11). The 2025 date
    // (2025-01-15) is not verified, so February's answer names it. A mid-month date leaves January on the earlier
    // guideline (a month's figures are those in force on its first day): 2,510 < 2,550, ineligible; February 2,609,
    // eligible at the minimum as for Washington ($23).
    expect((await calculate('us-me', worker('2025-01'))).outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
    const feb = await calculate('us-me', worker('2025-02'));
    expect(feb.outputs).toMatchObject({ snap_eligible: true, snap_net_income: 1836, snap_allotment: 23 });
    expect(feb.warnings.join('\n')).toContain('Unverified figure used: us-me:policies/dhhs/snap/categorical-eligibility#me_snap_bbce_poverty_guideline_first_person_amount (version from 2025-01-15)');
  });

  it('a State that re-bases in October (us-co) still uses the fiscal year\'s guideline: 2025-06 is over its limit', async () => {
    // Colorado BBCE 200% with the 2024 guideline for all of FY2025: 2,510 < 2,550.
    const r = await calculate('us-co', worker('2025-06'));
    expect(r.outputs).toMatchObject({ snap_eligible: false, snap_allotment: 0 });
  });
});

describe('issue #24 item 5: Pub. L. 119-21 sec. 10103 applies from enactment, 2025-07-04', () => {
  const limited = (period: string) => ({ period, facts: { utility_type: 'limited' }, people: { p1: { age: 30, earned_income: 1000 } } });

  it('us-ca (SUA for every household with a utility cost, LIHEAP-linked): June 2025 the SUA, August 2025 the LUA', async () => {
    // FY2025 California: SUA 645, LUA 166. Before 2025-07-04 the energy-assistance route gives every household with a
    // utility cost the SUA (7 U.S.C. 2014(e)(6)(C)(iv) before sec. 10103); from enactment only a household with an
    // elderly or disabled member gets it that way, so this one (aged 30, not disabled) gets the LUA.
    const june = await calculate('us-ca', limited('2025-06'), ['snap_utility_allowance']);
    const august = await calculate('us-ca', limited('2025-08'), ['snap_utility_allowance']);
    expect(june.outputs).toMatchObject({ snap_utility_allowance: 645 });
    expect(august.outputs).toMatchObject({ snap_utility_allowance: 166 });
  });
});
