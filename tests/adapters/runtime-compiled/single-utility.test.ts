/**
 * utility_type single_utility: a household that pays exactly one utility other than heating/cooling and telephone
 * gets the State's individual standard (7 CFR 273.9(d)(6)(iii)(A)(1)), not 0 and not the limited allowance (which needs
 * at least two utilities, (A)(3); eCFR as of 2026-07-01). Full allotments worked by hand from the cited figures, on the fast and explain paths.
 *
 * The household: 3 people, $2,000 monthly earnings, rent $900, January 2026 (FY2026).
 *   gross 2,000 (130% limit for 3: 26,650 x 1.3 / 12 = 2,887.08 -> 2,888; net limit 2,221)
 *   earned income deduction 20% x 2,000 = 400; standard deduction (3 people, FY2026) 209
 *   adjusted income 2,000 - 400 - 209 = 1,391; half of it 695.50
 *   maximum allotment (3 people, FY2026) 785; the 30% contribution is rounded up (7 U.S.C. 2017(a); 7 CFR 273.10(e)(2))
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { bundledServices } from '../../support/bundled-services.js';

let fast: CalculationService;
let explain: CalculationService;

beforeAll(async () => {
  ({ fast, explain } = await bundledServices());
});

const household = (period: string, facts: Record<string, unknown>) => ({ period, facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, ...facts } });
const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));
type Result = { outputs: Record<string, unknown>; trace: Array<{ variable: string; value: unknown }>; warnings: string[] };
const value = (result: Result, name: string) => result.outputs[name] ?? result.trace.find((t) => t.variable === name)?.value;

async function both(jurisdiction: string, period: string, facts: Record<string, unknown>): Promise<Result[]> {
  const request = { program_id: 'snap', jurisdiction, household: household(period, facts), outputs: ['snap_allotment', 'snap_utility_allowance', 'snap_excess_shelter_deduction', 'snap_net_income'] };
  return [(await fast.calculate(request)) as Result, (await explain.calculate(request)) as Result];
}

describe('utility_type single_utility', () => {
  it('Delaware: one standard for any single utility, $102 in FY2026 (FNS FY 2026 SUA table, row Delaware)', async () => {
    // shelter 900 + 102 = 1,002; excess 1,002 - 695.50 = 306.50 (under the 744 cap)
    // net income 1,391 - 306.50 = 1,084.50; 30% = 325.35 -> 326; allotment 785 - 326 = 459
    for (const r of await both('us-de', '2026-01', { utility_type: 'single_utility' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(102);
      expect(value(r, 'snap_excess_shelter_deduction')).toBe(306.5);
      expect(value(r, 'snap_net_income')).toBe(1084.5);
      expect(value(r, 'snap_allotment')).toBe(459);
      expect(unverified(r.warnings)).toEqual([]);
    }
    // The same household with no utility allowance (what `none` gave it before): excess 900 - 695.50 = 204.50;
    // net 1,391 - 204.50 = 1,186.50; 30% = 355.95 -> 356; allotment 785 - 356 = 429. The standard is worth $30 here.
    const [none] = await both('us-de', '2026-01', { utility_type: 'none' });
    expect(value(none, 'snap_allotment')).toBe(429);
  });

  it('Delaware FY2025: the $99 figure is not verified against a primary source, so the result says so', async () => {
    for (const r of await both('us-de', '2025-03', { utility_type: 'single_utility' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(99);
      expect(unverified(r.warnings)).toEqual([expect.stringMatching(/de_snap_single_utility_allowance \(version from 2024-10-01\)/)]);
    }
  });

  it('Michigan: the individual standard for the utility named by single_utility_kind (MDHHS RFT 255, FY2026)', async () => {
    // water/sewer $119: shelter 900 + 119 = 1,019; excess 1,019 - 695.50 = 323.50
    // net income 1,391 - 323.50 = 1,067.50; 30% = 320.25 -> 321; allotment 785 - 321 = 464
    for (const r of await both('us-mi', '2026-01', { utility_type: 'single_utility', single_utility_kind: 'water' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(119);
      expect(value(r, 'snap_excess_shelter_deduction')).toBe(323.5);
      expect(value(r, 'snap_net_income')).toBe(1067.5);
      expect(value(r, 'snap_allotment')).toBe(464);
      expect(unverified(r.warnings)).toEqual([]);
    }
    // non-heat electric $181: shelter 1,081; excess 385.50; net 1,005.50; 30% = 301.65 -> 302; allotment 785 - 302 = 483
    for (const r of await both('us-mi', '2026-01', { utility_type: 'single_utility', single_utility_kind: 'electricity' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(181);
      expect(value(r, 'snap_allotment')).toBe(483);
    }
  });

  it('Michigan without single_utility_kind: no figure is chosen; 0 is used and the result warns', async () => {
    // allowance 0: the `none` arithmetic above, allotment 429
    for (const r of await both('us-mi', '2026-01', { utility_type: 'single_utility' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(0);
      expect(value(r, 'snap_allotment')).toBe(429);
      expect(unverified(r.warnings)).toEqual([expect.stringMatching(/mi_snap_single_utility_kind_not_given.*give single_utility_kind/)]);
    }
  });

  it('Michigan, limited with no utility named: its individual standards are added up per utility paid, none is given, so the 0 used is flagged', async () => {
    // allowance 0: the `none` arithmetic above, allotment 429; Delaware publishes a limited allowance ($369), so no flag.
    // The sums themselves: tests/adapters/runtime-compiled/limited-utilities.test.ts
    for (const r of await both('us-mi', '2026-01', { utility_type: 'limited' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(0);
      expect(value(r, 'snap_allotment')).toBe(429);
      expect(unverified(r.warnings)).toEqual([expect.stringMatching(/mi_snap_limited_utilities_not_given.*fewer than two/)]);
    }
    for (const r of await both('us-de', '2026-01', { utility_type: 'limited' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(369);
      expect(unverified(r.warnings)).toEqual([]);
    }
  });

  it('Hawaii: standards by utility and household size (FNS FY 2026 SUA table, row Hawaii - 3 members)', async () => {
    // 3 people: water $83 (the package's water standard for size 3), trash collection $100 (any size)
    for (const [kind, expected] of [['water', 83], ['trash', 100]] as const) {
      for (const r of await both('us-hi', '2026-01', { utility_type: 'single_utility', single_utility_kind: kind })) {
        expect(value(r, 'snap_utility_allowance')).toBe(expected);
        expect(unverified(r.warnings)).toEqual([]);
      }
    }
  });

  it('Alaska: the fuel and trash standards, which its own manual replaces by actual costs, are given with a warning; electricity is not doubted', async () => {
    // Central (the default region): FNS FY2026 Gas and Fuel $310, Trash $37, Electricity $134; AK SNAP Manual 602-4 E(2)(b), (c)
    for (const [kind, expected, doubted] of [['gas_or_fuel', 310, true], ['trash', 37, true], ['electricity', 134, false]] as const) {
      for (const r of await both('us-ak', '2026-01', { utility_type: 'single_utility', single_utility_kind: kind })) {
        expect(value(r, 'snap_utility_allowance')).toBe(expected);
        const flagged = unverified(r.warnings).filter((w) => /single_utility_allowance_(gas_or_fuel|trash)_central.*602-4/.test(w));
        expect(flagged.length).toBe(doubted ? 1 : 0);
      }
    }
  });

  it('a State without a single-utility standard (Alabama: 0 in every FNS column) gives 0 and no warning', async () => {
    for (const r of await both('us-al', '2026-01', { utility_type: 'single_utility' })) {
      expect(value(r, 'snap_utility_allowance')).toBe(0);
      expect(unverified(r.warnings)).toEqual([]);
    }
  });
});
