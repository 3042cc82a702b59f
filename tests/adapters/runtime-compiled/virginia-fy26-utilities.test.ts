/**
 * Virginia's FY2026 utility figures (issue #12, finding 6). The $375 SUA (1-3 members) is not FY2025's $369 x the FNS
 * simplified FY2026 factor 322.561/314.175 (369 x 1.02669 = 378.85 -> $379), and was flagged unverified until the
 * VDSS SNAP Manual, Volume V, Part X.A.4.e-f (Transmittal #36, effective 2025-10-01) was read: it prints $375 for 1-3
 * persons, $476 for 4 or more, and a $54 telephone standard (the compiled $53 was corrected). A calculation that reads
 * them therefore carries no unverified-figure warning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { bundledServices } from '../../support/bundled-services.js';

let fast: CalculationService;
let explain: CalculationService;

beforeAll(async () => {
  ({ fast, explain } = await bundledServices());
});

const household = (period: string, utility_type: string, household_size = 2) => ({ period, facts: { household_size, earned_income: 1200, shelter_costs: 700, utility_type } });
const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));
const allowance = (result: { outputs: Record<string, unknown>; trace: Array<{ variable: string; value: unknown }> }) =>
  result.outputs.snap_utility_allowance ?? result.trace.find((t) => t.variable === 'snap_utility_allowance')?.value;

describe('Virginia FY2026 utility allowances', () => {
  it('use the manual SUA by household size with no unverified-figure warning (fast and explain paths)', async () => {
    for (const service of [fast, explain]) {
      const two = await service.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2026-01', 'heating_cooling') });
      expect(allowance(two)).toBe(375);
      expect(unverified(two.warnings)).toEqual([]);
      const four = await service.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2026-01', 'heating_cooling', 4) });
      expect(allowance(four)).toBe(476);
      expect(unverified(four.warnings)).toEqual([]);
    }
  });

  it('use the $54 telephone standard from 2025-10-01 and $52 before it', async () => {
    const fy26 = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2026-01', 'telephone') });
    expect(allowance(fy26)).toBe(54);
    const fy25 = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2025-03', 'telephone') });
    expect(allowance(fy25)).toBe(52);
  });
});
