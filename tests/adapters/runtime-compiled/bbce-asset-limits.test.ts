/**
 * Resources and categorical eligibility end to end (issue #12): bundled packages through the calculation service,
 * on the compiled runtime, January 2026 (FY2026 figures: 2025 poverty guidelines, 15,650 for one person + 5,500
 * for each further person, a year; federal resource limit 3,000, 7 U.S.C. 2014(g)(1)).
 *
 * - A State whose BBCE keeps an asset limit (Idaho, Indiana, Nebraska, Texas) tests the household's resources
 *   to decide categorical eligibility itself, so an omitted `countable_resources` is listed in `assumptions` even
 *   when the defaults make the household categorically eligible (7 CFR 273.2(j)(2)(ii)).
 * - Under no circumstances is a household categorically eligible while a member is disqualified for an
 *   intentional Program violation or a drug felony (7 CFR 273.2(j)(2)(vii)(A), (D)); it meets every test (viii).
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

async function calculate(jurisdiction: string, household: Record<string, unknown>, variables = ['snap_allotment', 'snap_eligible', 'snap_categorically_eligible']): Promise<CalculateResponse> {
  return service.calculate({ program_id: 'snap', jurisdiction, household: { period: '2026-01', ...household } as never, variables });
}

/** Two people earning 2,000 a month, given only as household facts (no person facts to confirm). */
const TWO_EARNING_2000 = { household_size: 2, earned_income: 2000 };
const listed = (r: CalculateResponse): string[] => r.assumptions.map((a) => a.input).sort();

describe('countable_resources is material where a BBCE asset limit decides categorical eligibility', () => {
  // Each BBCE gross limit for 2 is at least 130%: ceil(21,150 x 1.30 / 12) = 2,292 >= 2,000. Indiana also tests net
  // income: 2,000 - 400 (20%) - 209 (standard deduction for 2) = 1,391 <= 1,763 (100% for 2). So the defaults
  // (no resources) make the household categorically eligible in every one of these States.
  it.each(['us-id', 'us-in', 'us-ne', 'us-tx'])('%s: listed although the household is categorically eligible', async (jurisdiction) => {
    const r = await calculate(jurisdiction, { facts: TWO_EARNING_2000 });
    expect(r.outputs.snap_categorically_eligible).toBe(true);
    expect(r.assumptions).toContainEqual(expect.objectContaining({ input: 'countable_resources', entity: 'Household', assumed_value: 0 }));
  });

  it.each(['us-al', 'us-ca', 'us-fl'])('%s (BBCE with no asset test): not listed', async (jurisdiction) => {
    const r = await calculate(jurisdiction, { facts: TWO_EARNING_2000 });
    expect(r.outputs.snap_categorically_eligible).toBe(true);
    expect(listed(r)).toEqual([]);
  });

  it('Idaho: the resources given decide it (5,000 BBCE limit, then the federal 3,000)', async () => {
    // 4,000 <= 5,000: categorically eligible. 6,000 > 5,000: not; the federal test then applies, 6,000 > 3,000.
    const within = await calculate('us-id', { facts: { ...TWO_EARNING_2000, countable_resources: 4000 } });
    expect(within.outputs).toMatchObject({ snap_categorically_eligible: true, snap_eligible: true });
    // The vehicles, not given, are still listed: the $5,000 limit counts them too (next test).
    expect(listed(within)).toEqual(['second_vehicle_fair_market_value', 'third_vehicle_fair_market_value', 'vehicle_fair_market_value']);
    const over = await calculate('us-id', { facts: { ...TWO_EARNING_2000, countable_resources: 6000 } });
    expect(over.outputs).toMatchObject({ snap_categorically_eligible: false, snap_eligible: false, snap_allotment: 0 });
  });

  it('Idaho: vehicles are listed for a BBCE household (its $5,000 limit counts them, IDAPA 16.03.04.305, .334)', async () => {
    const r = await calculate('us-id', { facts: TWO_EARNING_2000 });
    expect(listed(r)).toEqual(['countable_resources', 'second_vehicle_fair_market_value', 'third_vehicle_fair_market_value', 'vehicle_fair_market_value']);
  });

  it('Nebraska: vehicles are not listed for a BBCE household (its Expanded Resource Program excludes non-liquid resources)', async () => {
    const r = await calculate('us-ne', { facts: TWO_EARNING_2000 });
    expect(listed(r)).toEqual(['countable_resources']);
  });

  it('a household where every member receives TANF or SSI is categorically eligible with no asset test, even in Idaho and Texas', async () => {
    for (const jurisdiction of ['us-id', 'us-tx']) {
      const r = await calculate(jurisdiction, { facts: { ...TWO_EARNING_2000, all_members_receive_tanf_or_ssi: true } });
      expect(r.outputs.snap_categorically_eligible).toBe(true);
      expect(listed(r)).toEqual([]);
    }
  });
});

describe('a member disqualified for an intentional Program violation or a drug felony bars categorical eligibility (7 CFR 273.2(j)(2)(vii))', () => {
  const CONFIRMED = { citizenship_status: 'citizen', is_higher_ed_student: false, abawd_time_limit_exhausted: false, work_rule_disqualified: false };
  const florida = (other: Record<string, unknown>) => ({
    people: { parent: { age: 34, earned_income: 2000, ...CONFIRMED }, other_adult: { age: 40, ...CONFIRMED, ...other } },
  });

  it('Florida: 2,000 of earnings passes the 200% BBCE limit for 2, but not the federal 130% test for 1', async () => {
    // Nobody disqualified: size 2, BBCE limit ceil(21,150 x 2 / 12) = 3,525 >= 2,000: categorically eligible.
    const both = await calculate('us-fl', florida({ ipv_disqualified: false }));
    expect(both.outputs).toMatchObject({ snap_categorically_eligible: true, snap_eligible: true });
    // The other adult serves an IPV disqualification: size 1, no categorical eligibility, so the federal gross test
    // applies: 130% for 1 = ceil(15,650 x 1.30 / 12) = ceil(1,695.42) = 1,696 < 2,000: not eligible.
    const ipv = await calculate('us-fl', florida({ ipv_disqualified: true }));
    expect(ipv.outputs).toMatchObject({ snap_categorically_eligible: false, snap_eligible: false, snap_allotment: 0 });
    expect(ipv.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:regulations/7-cfr/273/2/j#snap_categorical_eligibility_barred', value: true }));
    expect(ipv.trace).toContainEqual(expect.objectContaining({ rule_id: 'us:regulations/7-cfr/273/2/j#snap_person_bars_categorical_eligibility', entity_id: 'other_adult', value: true }));
    // The resource test now applies, so the omitted resources are reported.
    expect(ipv.assumptions).toContainEqual(expect.objectContaining({ input: 'countable_resources' }));
    const felony = await calculate('us-fl', florida({ drug_felony_disqualified: true }));
    expect(felony.outputs).toMatchObject({ snap_categorically_eligible: false, snap_eligible: false });
  });

  it('TANF/SSI receipt does not make the household categorically eligible either', async () => {
    const r = await calculate('us-fl', { facts: { all_members_receive_tanf_or_ssi: true }, ...florida({ ipv_disqualified: true }) });
    expect(r.outputs.snap_categorically_eligible).toBe(false);
  });
});
