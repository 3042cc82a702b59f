/**
 * The vehicle rules of the SNAP resource test end to end (issue #12): bundled packages through the calculation
 * service, on the compiled runtime, January 2026 (FY2026). Every household here is one elderly person with
 * unearned income of 2,400 a month and 3,000 of other countable resources. Tennessee, Wyoming, Arkansas, South Dakota,
 * Missouri and Kansas have no BBCE, and 2,400 is above Texas's BBCE gross limit (165% of the guideline: 1,305 x
 * 1.65 = 2,153.25), so the federal resource test applies to all of them, with the elderly/disabled limit of 4,500 (7 U.S.C. 2014(g)(1)).
 * Vehicles count under 7 CFR 273.8(f), or under the State's own rule where it counts less (7 U.S.C. 2014(g)(2)(D)).
 * The arithmetic is worked by hand in the comments.
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

const BASE = { household_size: 1, has_elderly_or_disabled_member: true, unearned_income: 2400, shelter_costs: 1800, utility_type: 'heating_cooling', countable_resources: 3000 };

async function calculate(jurisdiction: string, facts: Record<string, unknown>): Promise<CalculateResponse> {
  return service.calculate({
    program_id: 'snap',
    jurisdiction,
    household: { period: '2026-01', facts: { ...BASE, ...facts } } as never,
    variables: ['snap_allotment', 'snap_eligible', 'snap_categorically_eligible'],
  });
}

// Tennessee keeps the federal rule (its SNAP Policy 24.12 points to an internal 'Treatment of Vehicles' document that
// was not read). Its net income test passes for this household: 2,400 - 209 (standard deduction) = 2,191; shelter
// 1,800 + 451 (heating/cooling SUA, 1 person) = 2,251, excess 2,251 - 2,191 / 2 = 1,155.50 (no cap: elderly);
// net 2,191 - 1,155.50 = 1,035.50 <= 1,305, so only the resource test decides eligibility below.
describe('federal vehicle rule (Tennessee, no State rule encoded)', () => {
  it('counts the first vehicle\'s fair market value above 4,650', async () => {
    // 3,000 + (6,000 - 4,650 = 1,350) = 4,350 <= 4,500: eligible.
    const within = await calculate('us-tn', { vehicle_fair_market_value: 6000 });
    expect(within.outputs.snap_categorically_eligible).toBe(false);
    expect(within.outputs.snap_eligible).toBe(true);
    // 3,000 + (6,200 - 4,650 = 1,550) = 4,550 > 4,500: not eligible, no allotment.
    const over = await calculate('us-tn', { vehicle_fair_market_value: 6200 });
    expect(over.outputs.snap_eligible).toBe(false);
    expect(over.outputs.snap_allotment).toBe(0);
  });

  it('counts a second vehicle\'s equity when it is greater than its excess', async () => {
    // No first vehicle. Second: worth 4,000, 2,000 owed: excess max(4,000 - 4,650, 0) = 0, equity 2,000.
    // 3,000 + 2,000 = 5,000 > 4,500: not eligible.
    const equity = await calculate('us-tn', { second_vehicle_fair_market_value: 4000, second_vehicle_amount_owed: 2000 });
    expect(equity.outputs.snap_eligible).toBe(false);
    // The same car driven by a second adult is held to the excess alone: 3,000 + 0 = 3,000 <= 4,500: eligible.
    const exempt = await calculate('us-tn', { second_vehicle_fair_market_value: 4000, second_vehicle_amount_owed: 2000, second_vehicle_exempt_from_equity_test: true });
    expect(exempt.outputs.snap_eligible).toBe(true);
    // With 3,600 owed the equity is 400: 3,000 + 400 = 3,400 <= 4,500: eligible.
    const owed = await calculate('us-tn', { second_vehicle_fair_market_value: 4000, second_vehicle_amount_owed: 3600 });
    expect(owed.outputs.snap_eligible).toBe(true);
  });

  it('values a third vehicle on its own, by the same test as the second', async () => {
    // First and second worth 4,000 each (under 4,650, the second another adult's): 0 + 0. A third worth 4,000 with
    // 2,600 owed, not exempt: max(0, 4,000 - 2,600 = 1,400) = 1,400; 3,000 + 1,400 = 4,400 <= 4,500: eligible.
    const two = { vehicle_fair_market_value: 4000, second_vehicle_fair_market_value: 4000, second_vehicle_exempt_from_equity_test: true };
    expect((await calculate('us-tn', { ...two, third_vehicle_fair_market_value: 4000, third_vehicle_amount_owed: 2600 })).outputs.snap_eligible).toBe(true);
    // 2,400 owed: equity 1,600; 3,000 + 1,600 = 4,600 > 4,500: not eligible.
    expect((await calculate('us-tn', { ...two, third_vehicle_fair_market_value: 4000, third_vehicle_amount_owed: 2400 })).outputs.snap_eligible).toBe(false);
    // A third adult's: max(4,000 - 4,650, 0) = 0; 3,000 <= 4,500: eligible.
    const adult = await calculate('us-tn', { ...two, third_vehicle_fair_market_value: 4000, third_vehicle_amount_owed: 2400, third_vehicle_exempt_from_equity_test: true });
    expect(adult.outputs.snap_eligible).toBe(true);
    // A third vehicle given alone lists its debt and exemption; not given, they are not listed.
    const third = await calculate('us-tn', { third_vehicle_fair_market_value: 4000 });
    expect(third.assumptions).toContainEqual(expect.objectContaining({ input: 'third_vehicle_amount_owed', assumed_value: 0 }));
    expect(third.assumptions).toContainEqual(expect.objectContaining({ input: 'third_vehicle_exempt_from_equity_test', assumed_value: false }));
    const none = await calculate('us-tn', {});
    expect(none.assumptions).toContainEqual(expect.objectContaining({ input: 'third_vehicle_fair_market_value', assumed_value: 0 }));
    expect(none.assumptions.some((a) => a.input === 'third_vehicle_amount_owed' || a.input === 'third_vehicle_exempt_from_equity_test')).toBe(false);
  });

  it('lists an omitted vehicle value in assumptions only where the resource test applies', async () => {
    const tested = await calculate('us-tn', {});
    expect(tested.assumptions).toContainEqual(expect.objectContaining({ input: 'vehicle_fair_market_value', entity: 'Household', assumed_value: 0 }));
    expect(tested.assumptions).toContainEqual(expect.objectContaining({ input: 'second_vehicle_fair_market_value', entity: 'Household', assumed_value: 0 }));
    // No second vehicle: its debt and exemption are not read, so not listed.
    expect(tested.assumptions.some((a) => a.input === 'second_vehicle_amount_owed' || a.input === 'second_vehicle_exempt_from_equity_test')).toBe(false);
    // A second vehicle given alone: the debt (assumed 0, so equity = the whole value) and the exemption are listed.
    const second = await calculate('us-tn', { second_vehicle_fair_market_value: 4000 });
    expect(second.assumptions).toContainEqual(expect.objectContaining({ input: 'second_vehicle_amount_owed', assumed_value: 0 }));
    expect(second.assumptions).toContainEqual(expect.objectContaining({ input: 'second_vehicle_exempt_from_equity_test', assumed_value: false }));
    // Alabama's BBCE has no asset test: unearned income 1,000 is under its elderly/disabled limit (200% of the
    // guideline, 1,305 x 2 = 2,610), so the household is categorically eligible and no vehicle fact matters.
    const categorical = await calculate('us-al', { unearned_income: 1000 });
    expect(categorical.outputs.snap_categorically_eligible).toBe(true);
    expect(categorical.assumptions.some((a) => a.input.includes('vehicle'))).toBe(false);
  });

  it('does not list vehicle facts the State excludes whatever their value', async () => {
    // Missouri excludes every vehicle (FSM 1110.000.00-1110.035.00): the resource test applies to this household
    // (no BBCE), yet no vehicle value can change it, so none is listed.
    const missouri = await calculate('us-mo', {});
    expect(missouri.outputs.snap_categorically_eligible).toBe(false);
    expect(missouri.assumptions.some((a) => a.input.includes('vehicle'))).toBe(false);
    // Arkansas excludes the most valuable vehicle only (SNAP 4840): a second vehicle still counts, so its value is listed.
    const arkansas = await calculate('us-ar', {});
    expect(arkansas.assumptions.some((a) => a.input === 'vehicle_fair_market_value')).toBe(false);
    expect(arkansas.assumptions).toContainEqual(expect.objectContaining({ input: 'second_vehicle_fair_market_value', assumed_value: 0 }));
  });
});

describe('State vehicle rules (7 U.S.C. 2014(g)(2)(D))', () => {
  it('Texas counts only the fair market value above 22,500 of the most valuable vehicle', async () => {
    // 6,200 would count 1,550 federally; Texas counts max(6,200 - 22,500, 0) = 0, the lower: 3,000 <= 4,500.
    const car = await calculate('us-tx', { vehicle_fair_market_value: 6200 });
    expect(car.outputs.snap_categorically_eligible).toBe(false);
    expect(car.outputs.snap_eligible).toBe(true);
    // 24,000: Texas 24,000 - 22,500 = 1,500 (federal 19,350): 3,000 + 1,500 = 4,500 <= 4,500: eligible.
    expect((await calculate('us-tx', { vehicle_fair_market_value: 24000 })).outputs.snap_eligible).toBe(true);
    // 24,100: Texas 1,600: 4,600 > 4,500: not eligible.
    expect((await calculate('us-tx', { vehicle_fair_market_value: 24100 })).outputs.snap_eligible).toBe(false);
  });

  it('Texas counts a further vehicle\'s fair market value above 8,700', async () => {
    // First 20,000: 0. Second 10,000, 6,000 owed: Texas 10,000 - 8,700 = 1,300 (federal: max(5,350, 4,000) =
    // 5,350). 3,000 + 1,300 = 4,300 <= 4,500: eligible. At 10,300 the second counts 1,600: 4,600 > 4,500.
    const within = await calculate('us-tx', { vehicle_fair_market_value: 20000, second_vehicle_fair_market_value: 10000, second_vehicle_amount_owed: 6000 });
    expect(within.outputs.snap_eligible).toBe(true);
    const over = await calculate('us-tx', { vehicle_fair_market_value: 20000, second_vehicle_fair_market_value: 10300, second_vehicle_amount_owed: 6000 });
    expect(over.outputs.snap_eligible).toBe(false);
  });

  it('Texas counts the same vehicle value against its $5,000 BBCE asset limit', async () => {
    // Unearned income 1,000 < 2,153.25 (165% of the guideline): BBCE applies if resources are within 5,000.
    // 23,000: Texas counts 23,000 - 22,500 = 500; 3,000 + 500 = 3,500 <= 5,000: categorically eligible.
    const within = await calculate('us-tx', { unearned_income: 1000, vehicle_fair_market_value: 23000 });
    expect(within.outputs.snap_categorically_eligible).toBe(true);
    // 25,000: Texas counts 2,500; 3,000 + 2,500 = 5,500 > 5,000: not categorically eligible, and the federal test
    // with the elderly limit then fails too (5,500 > 4,500).
    const over = await calculate('us-tx', { unearned_income: 1000, vehicle_fair_market_value: 25000 });
    expect(over.outputs.snap_categorically_eligible).toBe(false);
    expect(over.outputs.snap_eligible).toBe(false);
    // So in Texas an omitted vehicle is listed even for a household the defaults make categorically eligible.
    const omitted = await calculate('us-tx', { unearned_income: 1000 });
    expect(omitted.outputs.snap_categorically_eligible).toBe(true);
    expect(omitted.assumptions).toContainEqual(expect.objectContaining({ input: 'vehicle_fair_market_value', assumed_value: 0 }));
  });

  it('Pennsylvania excludes the most valuable vehicle and values a further one by the federal test', async () => {
    // Not categorically eligible: unearned income 2,700 is above Pennsylvania's elderly/disabled BBCE limit (200% of
    // the guideline, 1,305 x 2 = 2,610); shelter costs of 3,000 keep the net income under the net standard.
    const facts = { unearned_income: 2700, shelter_costs: 3000 };
    // First 40,000: excluded (federal would count 35,350). 3,000 <= 4,500: eligible.
    const one = await calculate('us-pa', { ...facts, vehicle_fair_market_value: 40000 });
    expect(one.outputs.snap_categorically_eligible).toBe(false);
    expect(one.outputs.snap_eligible).toBe(true);
    // A second car worth 6,000, nothing owed: federal max(6,000 - 4,650, 6,000) = 6,000. 3,000 + 6,000 > 4,500.
    const two = await calculate('us-pa', { ...facts, vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000 });
    expect(two.outputs.snap_eligible).toBe(false);
    // The same car driven by a second adult: 6,000 - 4,650 = 1,350; 3,000 + 1,350 = 4,350 <= 4,500: eligible.
    const adult = await calculate('us-pa', { ...facts, vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000, second_vehicle_exempt_from_equity_test: true });
    expect(adult.outputs.snap_eligible).toBe(true);
  });

  it('Arkansas excludes the most valuable vehicle and values a further one by the federal test', async () => {
    // SNAP 4840/4850. First 40,000: excluded (federal would count 35,350). 3,000 <= 4,500: eligible.
    const one = await calculate('us-ar', { vehicle_fair_market_value: 40000 });
    expect(one.outputs.snap_categorically_eligible).toBe(false);
    expect(one.outputs.snap_eligible).toBe(true);
    // A second car worth 6,000, nothing owed, not another adult's: max(6,000 - 4,650, 6,000) = 6,000.
    // 3,000 + 6,000 = 9,000 > 4,500: not eligible.
    expect((await calculate('us-ar', { vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000 })).outputs.snap_eligible).toBe(false);
    // Another adult's: 6,000 - 4,650 = 1,350; 3,000 + 1,350 = 4,350 <= 4,500: eligible.
    const adult = await calculate('us-ar', { vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000, second_vehicle_exempt_from_equity_test: true });
    expect(adult.outputs.snap_eligible).toBe(true);
  });

  it('South Dakota excludes the primary vehicle and values a further one by the federal test', async () => {
    // SNAP manual 9510 (ARSD 67:13:03:20); no BBCE. First 40,000: excluded; 3,000 <= 4,500: eligible. A second
    // worth 6,000 with 1,000 owed, not another adult's: max(6,000 - 4,650 = 1,350, equity 5,000) = 5,000;
    // 3,000 + 5,000 = 8,000 > 4,500: not eligible.
    expect((await calculate('us-sd', { vehicle_fair_market_value: 40000 })).outputs.snap_eligible).toBe(true);
    expect((await calculate('us-sd', { vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000, second_vehicle_amount_owed: 1000 })).outputs.snap_eligible).toBe(false);
  });

  it('Michigan excludes every vehicle for FAP', async () => {
    // BEM 400. Unearned income 2,700 is above Michigan's BBCE limit (200%: 1,305 x 2 = 2,610), so the federal test
    // applies; shelter costs of 3,000 keep the net income under the net standard. Federal would count
    // (40,000 - 4,650) + max(25,350, 30,000); Michigan counts 0: 3,000 <= 4,500: eligible.
    const r = await calculate('us-mi', { unearned_income: 2700, shelter_costs: 3000, vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 30000 });
    expect(r.outputs.snap_categorically_eligible).toBe(false);
    expect(r.outputs.snap_eligible).toBe(true);
  });

  it('Nebraska\'s Expanded Resource Program (BBCE) does not count vehicles against its $25,000 limit', async () => {
    // 475 NAC 3-002.01(A)(ii): all non-liquid resources excluded. The elderly household has no BBCE gross limit in
    // Nebraska and its net income is under the standard, so 3,000 <= 25,000 makes it categorically eligible
    // whatever the car is worth (a 60,000 car would count 48,000 even under Nebraska's own $12,000 rule).
    const r = await calculate('us-ne', { vehicle_fair_market_value: 60000 });
    expect(r.outputs.snap_categorically_eligible).toBe(true);
    expect(r.outputs.snap_eligible).toBe(true);
  });

  it('Idaho counts vehicles by the federal test against its $5,000 BBCE asset limit', async () => {
    // IDAPA 16.03.04.305, .334. Two people earning 2,000 a month, under Idaho's BBCE gross limit (130% for 2:
    // ceil(21,150 x 1.30 / 12) = 2,292). A 6,000 car counts 6,000 - 4,650 = 1,350; 3,000 + 1,350 = 4,350 <= 5,000.
    const facts = { household_size: 2, has_elderly_or_disabled_member: false, unearned_income: 0, earned_income: 2000 };
    const within = await calculate('us-id', { ...facts, vehicle_fair_market_value: 6000 });
    expect(within.outputs.snap_categorically_eligible).toBe(true);
    // A 7,000 car counts 2,350; 3,000 + 2,350 = 5,350 > 5,000: not categorically eligible, and the federal limit
    // of 3,000 then fails too.
    const over = await calculate('us-id', { ...facts, vehicle_fair_market_value: 7000 });
    expect(over.outputs.snap_categorically_eligible).toBe(false);
    expect(over.outputs.snap_eligible).toBe(false);
  });

  it('Utah excludes every motorized vehicle (its TANF rule)', async () => {
    // R986-900-902(1)(h), R986-200-231(4); no BBCE. Federal would count (50,000 - 4,650) + max(25,350, 30,000);
    // Utah counts 0: 3,000 <= 4,500: eligible.
    const r = await calculate('us-ut', { vehicle_fair_market_value: 50000, second_vehicle_fair_market_value: 30000 });
    expect(r.outputs.snap_categorically_eligible).toBe(false);
    expect(r.outputs.snap_eligible).toBe(true);
  });

  it('Wyoming excludes every vehicle used for transportation', async () => {
    // DFS SNAP and POWER Policy Manual 806 (Asset Table); no BBCE. Federal would count (50,000 - 4,650) +
    // max(25,350, 30,000); Wyoming counts 0: 3,000 <= 4,500: eligible. The same cars in Tennessee (federal rule)
    // make the household ineligible.
    const r = await calculate('us-wy', { vehicle_fair_market_value: 50000, second_vehicle_fair_market_value: 30000 });
    expect(r.outputs.snap_categorically_eligible).toBe(false);
    expect(r.outputs.snap_eligible).toBe(true);
    expect((await calculate('us-tn', { vehicle_fair_market_value: 50000, second_vehicle_fair_market_value: 30000 })).outputs.snap_eligible).toBe(false);
  });

  it('Missouri excludes every vehicle', async () => {
    // Federal: (50,000 - 4,650) + max(25,350, 30,000) would count far above the limit; Missouri counts 0: 3,000.
    const r = await calculate('us-mo', { vehicle_fair_market_value: 50000, second_vehicle_fair_market_value: 30000 });
    expect(r.outputs.snap_categorically_eligible).toBe(false);
    expect(r.outputs.snap_eligible).toBe(true);
  });

  it('Kansas excludes one vehicle per adult, and values a further one by the federal test', async () => {
    // First 40,000: excluded. Second 6,000 with nothing owed, another adult's: excluded. 3,000: eligible.
    const adults = await calculate('us-ks', { vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000, second_vehicle_exempt_from_equity_test: true });
    expect(adults.outputs.snap_eligible).toBe(true);
    // Not exempt: federal max(6,000 - 4,650, 6,000 - 0) = 6,000: 3,000 + 6,000 = 9,000 > 4,500: not eligible.
    const spare = await calculate('us-ks', { vehicle_fair_market_value: 40000, second_vehicle_fair_market_value: 6000 });
    expect(spare.outputs.snap_eligible).toBe(false);
  });
});
