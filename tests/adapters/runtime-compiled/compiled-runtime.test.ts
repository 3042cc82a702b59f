import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/domain/errors.js';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';
import type { CompiledPackage } from '../../../core/engine/run/compiled-package.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
let runtime: CompiledRuntime;
let service: CalculationService;

beforeAll(async () => {
  runtime = await CompiledRuntime.load([rulesRoot]);
  service = new CalculationService([runtime], { timeLimitMs: 10_000 });
});

function snap(jurisdiction: string): CompiledPackage {
  const pkg = runtime.find('snap', jurisdiction) as CompiledPackage | undefined;
  if (!pkg) throw new Error(`no SNAP package for ${jurisdiction}`);
  return pkg;
}

describe('compiled runtime over the bundled rules', () => {
  it('composes every bundled program spec', () => {
    expect(runtime.problems).toEqual([]);
    expect(runtime.packages().length).toBeGreaterThan(0);
  });

  it("computes every package's sample household: outputs, a trace naming legal sources, warnings, expected values", async () => {
    for (const pkg of runtime.packages()) {
      const sample = pkg.describe().sample_household;
      expect(sample, `${pkg.jurisdiction}/${pkg.program_id} has a sample household`).toBeDefined();
      const result = await service.calculate({ program_id: pkg.program_id, jurisdiction: pkg.jurisdiction, household: sample! });
      expect(Object.keys(result.outputs).length).toBeGreaterThan(0);
      expect(result.trace.length).toBeGreaterThan(0);
      for (const entry of result.trace) expect(entry.sources.length, `${entry.rule_id} names a source`).toBeGreaterThan(0);
      expect(result.warnings.length).toBeGreaterThan(0);
      expect(result.package_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      const expected = pkg.pkg.spec.extensions.sample_expected_outputs as Record<string, unknown> | undefined;
      if (expected) {
        for (const [name, value] of Object.entries(expected)) expect(result.outputs[name], `${pkg.jurisdiction} ${name}`).toEqual(value);
      }
    }
  });

  it('maps aliases, people and the period; resolves output aliases', async () => {
    const pkg = snap('us-co');
    const result = await service.calculate({
      program_id: 'snap',
      jurisdiction: 'us-co',
      household: { period: '2026-02', facts: { shelter_costs: 900, utility_type: 'heating_cooling' }, people: { a: { age: 34, earned_income: 2000 }, b: { age: 9 }, c: { age: 6 } } },
      variables: ['snap', 'snap_household_size'],
    });
    expect(result.period).toBe('2026-02');
    expect(result.outputs.snap_household_size).toBe(3);
    expect(result.outputs.snap).toBe((pkg.pkg.spec.extensions.sample_expected_outputs as Record<string, unknown>).snap_allotment);
  });

  it('reads per-period person values and names State rules bound through sets in the trace', async () => {
    const result = await service.calculate({
      program_id: 'snap',
      jurisdiction: 'us-co',
      household: { period: '2026-03', facts: { shelter_costs: 900, utility_type: 'heating_cooling' }, people: { a: { earned_income: { '2026-03': 2000, '2026-04': 9999 } }, b: {}, c: {} } },
      variables: ['snap_gross_income', 'snap_utility_allowance'],
    });
    expect(result.outputs.snap_gross_income).toBe(2000);
    const utility = result.trace.find((t) => t.variable === 'snap_utility_allowance');
    expect(utility?.sources.some((s) => s.includes('us-co:') && s.includes('through sets'))).toBe(true);
  });

  it('warns when the month lies after the last encoded fiscal year, naming the yearly parameters', async () => {
    const result = await service.calculate({ program_id: 'snap', jurisdiction: 'us-co', household: { period: '2027-11', facts: { household_size: 2, earned_income: 1000 } } });
    const warning = result.warnings.find((w) => w.startsWith('Figures carried forward'));
    expect(warning).toBeDefined();
    expect(warning).toContain('falls in FY2028, after FY2027');
    expect(warning).toContain('snap_maximum_allotment_48_states_dc (FY2027)');
    // Every month of FY2027 (October 2026 to September 2027) has its own figures: no carried-forward warning.
    for (const period of ['2026-10', '2026-11', '2027-03', '2027-09']) {
      const inYear = await service.calculate({ program_id: 'snap', jurisdiction: 'us-co', household: { period, facts: { household_size: 2, earned_income: 1000 } } });
      expect(inYear.warnings.some((w) => w.startsWith('Figures carried forward')), period).toBe(false);
    }
  });

  it('rejects semantic household problems as invalid_household naming the input', async () => {
    for (const [household, name] of [
      [{ facts: { earned_income: -1 } }, 'earned_income'],
      [{ facts: { household_size: 'three' } }, 'household_size'],
      [{ people: { a: { age: 'old' } } }, 'age'],
      [{ people: { a: { age: -1 } } }, 'age'],
      [{ people: { a: { age: 340 } } }, 'age'],
      [{ facts: { utility_type: 'gas' } }, 'utility_type'],
      [{ facts: { household_size: 0 } }, 'household_size'],
      [{ period: '2023-09', facts: { household_size: 1 } }, 'period'],
    ] as const) {
      const error = await service.calculate({ program_id: 'snap', jurisdiction: 'us-co', household }).catch((e: unknown) => e);
      expect(isServiceError(error) && error.code).toBe('invalid_household');
      expect((error as Error).message).toContain(name);
    }
  });
});
