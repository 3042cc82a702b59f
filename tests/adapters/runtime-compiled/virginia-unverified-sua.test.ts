/**
 * Virginia's FY2026 SUA (issue #12, finding 6): the compiled $375 (1-3 members) is not FY2025's $369 x the FNS
 * simplified FY2026 factor 322.561/314.175 (369 x 1.02669 = 378.85 -> $379), and no VDSS FY2026 notice was found,
 * so a calculation that reads it must say so, as North Dakota's and Maine's do.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
const VA_HEAT = 'us-va:policies/dss/snap/utility-allowances#va_snap_heating_cooling_sua';

let fast: CalculationService;
let explain: CalculationService;

beforeAll(async () => {
  fast = new CalculationService([await CompiledRuntime.load([rulesRoot], { companionTests: 'off' })], { timeLimitMs: 10_000 });
  explain = new CalculationService([await CompiledRuntime.load([rulesRoot], { fast: null, companionTests: 'off' })], { timeLimitMs: 10_000 });
});

const household = (period: string) => ({ period, facts: { household_size: 2, earned_income: 1200, shelter_costs: 700, utility_type: 'heating_cooling' } });
const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));

describe('Virginia FY2026 SUA', () => {
  it('warns, naming the SUA and its version, when a FY2026 calculation reads it (fast and explain paths)', async () => {
    for (const service of [fast, explain]) {
      const result = await service.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2026-01') });
      // Household of 2: the 1-3 member SUA, $375 from 2025-10-01, is the utility allowance used.
      expect(result.outputs.snap_utility_allowance ?? result.trace.find((t) => t.variable === 'snap_utility_allowance')?.value).toBe(375);
      const warnings = unverified(result.warnings);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(VA_HEAT);
      expect(warnings[0]).toContain('version from 2025-10-01');
      expect(warnings[0]).toContain('$379');
    }
  });

  it('stays silent for FY2025, whose $369 is not in doubt', async () => {
    const result = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-va', household: household('2025-03') });
    expect(unverified(result.warnings)).toEqual([]);
  });
});
