/**
 * Issue #24, FY2027: the months people ask about now compute with the FY2027 figures (USDA's FY2027 COLA memorandum of
 * 2026-08-21, effective 2026-10-01), through the calculation service on the compiled runtime (the path
 * POST /v1/calculate takes), with the arithmetic worked by hand. No month of FY2027 carries a carried-forward
 * warning; a State utility figure not found for FY2027 is used with a warning that names it.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
let service: CalculationService;
beforeAll(async () => {
  service = new CalculationService([await CompiledRuntime.load([rulesRoot], { companionTests: 'off' })]);
});

const VARIABLES = ['snap_allotment', 'snap_eligible', 'snap_net_income', 'snap_standard_deduction', 'snap_maximum_allotment', 'snap_utility_allowance'];
const calculate = (jurisdiction: string, household: Record<string, unknown>): Promise<CalculateResponse> =>
  service.calculate({ program_id: 'snap', jurisdiction, household: household as never, variables: VARIABLES });
const carried = (r: CalculateResponse) => r.warnings.filter((w) => w.startsWith('Figures carried forward'));

describe('FY2027 federal figures', () => {
  it('us-tx, 2026-11: three people, $2,000 earned, $900 rent, no utility costs get $455 (FY2026 figures gave $429)', async () => {
    // Maximum allotment for 3 = 808, standard deduction 217. 2,000 - 400 (20%) - 217 = 1,383; half 691.50; excess
    // shelter 900 - 691.50 = 208.50 (under the 769 cap); net 1,383 - 208.50 = 1,174.50; 30% = 352.35, up to 353;
    // 808 - 353 = 455. Gross 2,000 <= 2,960 (130% of the 2026 guideline for 3, 27,320 / 12, rounded up).
    const r = await calculate('us-tx', {
      period: '2026-11',
      facts: { shelter_costs: 900, utility_type: 'none' },
      people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 9 }, child_2: { age: 6 } },
    });
    expect(r.outputs).toMatchObject({ snap_allotment: 455, snap_eligible: true, snap_net_income: 1174.5, snap_standard_deduction: 217, snap_maximum_allotment: 808 });
    expect(carried(r)).toEqual([]);
    expect(r.warnings.filter((w) => w.startsWith('Unverified figure used'))).toEqual([]); // no utility figure read
  });

  it('one person with no income in 2026-11 gets the FY2027 maximum in every area', async () => {
    // Net income 0, so the allotment is the one-person maximum: 306 (48 States and DC), 392 (Alaska urban, the
    // package's default area), 496 (Hawaii), 452 (Guam), 394 (Virgin Islands).
    const expected: Record<string, number> = { 'us-tx': 306, 'us-co': 306, 'us-ak': 392, 'us-hi': 496, 'us-gu': 452, 'us-vi': 394 };
    for (const [jurisdiction, maximum] of Object.entries(expected)) {
      const r = await calculate(jurisdiction, { period: '2026-11', people: { p1: { age: 40 } } });
      expect(r.outputs.snap_allotment, jurisdiction).toBe(maximum);
      expect(carried(r), jurisdiction).toEqual([]);
    }
  });

  it('the minimum benefit is the published $25, not 8% of $306 rounded ($24)', async () => {
    // us-tx, 2027-01, one person earning 1,500: gross 1,500 <= 1,729 (the gross limit is 20,748 / 12 = 1,729 exactly);
    // 1,500 - 300 - 217 = 983 <= 1,330; 30% = 294.90, up to 295; 306 - 295 = 11, so the minimum, $25.
    const r = await calculate('us-tx', { period: '2027-01', people: { p1: { age: 30, earned_income: 1500 } } });
    expect(r.outputs).toMatchObject({ snap_eligible: true, snap_net_income: 983, snap_allotment: 25 });
  });

  it('a household of 18 gets at most the published cap, $3,887', async () => {
    // 1,841 (8 people) + 10 x 225 = 4,091 before the cap; 7 U.S.C. 2012(u)(2) limits the additional persons' amounts to
    // 200% of the four-person allotment, published as 3,887. No income: the allotment is the maximum.
    const r = await calculate('us-tx', { period: '2026-12', facts: { household_size: 18 } });
    expect(r.outputs).toMatchObject({ snap_maximum_allotment: 3887, snap_allotment: 3887 });
  });
});

describe('FY2027 State utility figures', () => {
  it('us-tx, 2026-11: the heating and cooling SUA not found for FY2027 is the FY2026 $445, with a warning naming it', async () => {
    // 2,000 - 400 - 217 = 1,383; shelter 900 + 445 = 1,345; excess 1,345 - 691.50 = 653.50; net 729.50; 30% = 218.85,
    // up to 219; 808 - 219 = 589.
    const r = await calculate('us-tx', {
      period: '2026-11',
      facts: { shelter_costs: 900, utility_type: 'heating_cooling' },
      people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 9 }, child_2: { age: 6 } },
    });
    expect(r.outputs).toMatchObject({ snap_utility_allowance: 445, snap_net_income: 729.5, snap_allotment: 589 });
    expect(carried(r)).toEqual([]);
    expect(r.warnings.join('\n')).toContain('Unverified figure used: us-tx:policies/hhsc/snap/utility-allowances#tx_snap_heating_cooling_sua (version from 2026-10-01)');
  });

  it("us-ca, 2026-11: California's FY2027 SUA, $686, read in a summary of ACIN I-40-26, is used and warned", async () => {
    const r = await calculate('us-ca', { period: '2026-11', facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, utility_type: 'heating_cooling' } });
    expect(r.outputs.snap_utility_allowance).toBe(686);
    expect(r.warnings.join('\n')).toContain('ca_snap_heating_cooling_sua (version from 2026-10-01)');
    // September 2026 reads the verified FY2026 figure, $663, without that warning.
    const before = await calculate('us-ca', { period: '2026-09', facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, utility_type: 'heating_cooling' } });
    expect(before.outputs.snap_utility_allowance).toBe(663);
    expect(before.warnings.join('\n')).not.toContain('(version from 2026-10-01)');
  });
});
