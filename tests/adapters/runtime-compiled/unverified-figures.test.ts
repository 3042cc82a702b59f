import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import type { TraceEntry as EngineTrace } from '../../../core/engine/index.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';
import type { CompiledPackage } from '../../../core/engine/run/compiled-package.js';
import { unverifiedFigures, unverifiedWarnings } from '../../../core/engine/run/unverified-figures.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
const PA_PHONE = 'us-pa:policies/dhs/snap/utility-allowances#pa_snap_telephone_allowance';
const PA_HEAT = 'us-pa:policies/dhs/snap/utility-allowances#pa_snap_heating_cooling_sua';

let fast: CalculationService;
let explain: CalculationService;
let runtime: CompiledRuntime;

beforeAll(async () => {
  runtime = await CompiledRuntime.load([rulesRoot], { companionTests: 'off' });
  fast = new CalculationService([runtime], { timeLimitMs: 10_000 });
  explain = new CalculationService([await CompiledRuntime.load([rulesRoot], { fast: null, companionTests: 'off' })], { timeLimitMs: 10_000 });
});

const household = (period: string, utility_type: string) => ({ period, facts: { household_size: 2, earned_income: 1200, shelter_costs: 700, utility_type } });
const unverified = (warnings: string[]) => warnings.filter((w) => w.startsWith('Unverified figure used'));

describe('unverified figures declared by a package', () => {
  it('are listed in the Pennsylvania compose spec with a reason', () => {
    const pkg = runtime.find('snap', 'us-pa') as CompiledPackage;
    const figures = unverifiedFigures(pkg.pkg);
    expect(figures.map((f) => f.parameter)).toContain(PA_PHONE);
    expect(figures.find((f) => f.parameter === PA_PHONE)).toMatchObject({ effective_from: '2025-10-01' });
    expect(figures.find((f) => f.parameter === PA_PHONE)?.reason).toContain('119-21');
  });

  it('warn, naming the figure, when a FY2026 calculation reads one (fast and explain paths alike)', async () => {
    for (const service of [fast, explain]) {
      const phone = await service.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2026-01', 'telephone') });
      // The $107 telephone allowance is the figure in doubt: it is the utility allowance used.
      expect(phone.outputs.snap_utility_allowance ?? phone.trace.find((t) => t.variable === 'snap_utility_allowance')?.value).toBe(107);
      const warnings = unverified(phone.warnings);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(PA_PHONE);
      expect(warnings[0]).toContain('version from 2025-10-01');
      const heat = await service.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2026-01', 'heating_cooling') });
      expect(unverified(heat.warnings).map((w) => w.includes(PA_HEAT))).toEqual([true]);
    }
  });

  it('stay silent when the calculation reads a verified version or none of them', async () => {
    // FY2025: the $34 telephone allowance (confirmed in the DHS handbook) is read, not the FY2026 figure.
    const fy2025 = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2025-03', 'telephone') });
    expect(unverified(fy2025.warnings)).toEqual([]);
    const none = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-pa', household: household('2026-01', 'none') });
    expect(unverified(none.warnings)).toEqual([]);
    const colorado = await fast.calculate({ program_id: 'snap', jurisdiction: 'us-co', household: household('2026-01', 'telephone') });
    expect(unverified(colorado.warnings)).toEqual([]);
  });
});

describe('unverifiedWarnings', () => {
  const read = (id: string, effectiveFrom: string) =>
    ({ parameters: [{ id, name: id, key: 0, effectiveFrom, value: 1 }] }) as unknown as EngineTrace;

  it('matches a dated figure only on that version, an undated one on any version', () => {
    const figures = [{ parameter: 'm#a', effective_from: '2025-10-01', reason: 'A in doubt.' }, { parameter: 'm#b', reason: 'B in doubt.' }];
    expect(unverifiedWarnings(figures, [read('m#a', '2024-10-01')])).toEqual([]);
    expect(unverifiedWarnings(figures, [read('m#a', '2025-10-01')])).toEqual(['Unverified figure used: m#a (version from 2025-10-01). A in doubt.']);
    expect(unverifiedWarnings(figures, [read('m#b', '2019-10-01')])).toEqual(['Unverified figure used: m#b. B in doubt.']);
  });
});
