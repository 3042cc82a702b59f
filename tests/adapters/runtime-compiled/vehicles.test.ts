/**
 * The vehicle rule of the SNAP resource test end to end (issue #12): the bundled Texas package through the
 * calculation service, on the compiled runtime, January 2026 (FY2026). A one-person household with an elderly
 * member and unearned income of 2,400 is not categorically eligible: Texas's BBCE gross limit is 165% of the
 * poverty guideline (1,305 a month for one in FY2026 -> 2,153.25 < 2,400), so the federal resource test applies,
 * with the elderly/disabled limit of 4,500 (7 U.S.C. 2014(g)(1)). The part of a licensed vehicle's fair market
 * value above 4,650 counts (7 CFR 273.8(h)).
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

const BASE = { household_size: 1, has_elderly_or_disabled_member: true, shelter_costs: 1800, utility_type: 'heating_cooling', countable_resources: 3000 };

async function calculate(facts: Record<string, unknown>): Promise<CalculateResponse> {
  return service.calculate({
    program_id: 'snap',
    jurisdiction: 'us-tx',
    household: { period: '2026-01', facts: { ...BASE, ...facts } } as never,
    variables: ['snap_allotment', 'snap_eligible', 'snap_categorically_eligible'],
  });
}

describe('SNAP vehicle resource rule through the calculation (Texas, FY2026)', () => {
  it('counts the fair market value above 4,650 against the resource limit', async () => {
    // 3,000 + (6,000 - 4,650 = 1,350) = 4,350 <= 4,500: eligible.
    const within = await calculate({ unearned_income: 2400, vehicle_fair_market_value: 6000 });
    expect(within.outputs.snap_categorically_eligible).toBe(false);
    expect(within.outputs.snap_eligible).toBe(true);
    // 3,000 + (6,200 - 4,650 = 1,550) = 4,550 > 4,500: not eligible, no allotment.
    const over = await calculate({ unearned_income: 2400, vehicle_fair_market_value: 6200 });
    expect(over.outputs.snap_eligible).toBe(false);
    expect(over.outputs.snap_allotment).toBe(0);
  });

  it('does not count a vehicle for a categorically eligible household', async () => {
    // Unearned income 1,000 < 2,153.25 and resources 3,000 under Texas's BBCE limit of 5,000: no federal test.
    const r = await calculate({ unearned_income: 1000, vehicle_fair_market_value: 6200 });
    expect(r.outputs.snap_categorically_eligible).toBe(true);
    expect(r.outputs.snap_eligible).toBe(true);
  });

  it('lists an omitted vehicle value in assumptions only where the resource test applies', async () => {
    const tested = await calculate({ unearned_income: 2400 });
    expect(tested.assumptions).toContainEqual(expect.objectContaining({ input: 'vehicle_fair_market_value', entity: 'Household', assumed_value: 0 }));
    const categorical = await calculate({ unearned_income: 1000 });
    expect(categorical.assumptions.some((a) => a.input === 'vehicle_fair_market_value')).toBe(false);
  });
});
