/**
 * Odd request values (wrong kinds, NaN, huge or tiny numbers, -0, many decimals, numeric strings, dates,
 * null) on the fast path give exactly what the explain path gives: the same result, or the same error.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatePackage, type PackageRequest, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { loadProgramPackage } from '../../../support/snap-households.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const ODD: unknown[] = [
  Number.NaN,
  Infinity,
  -0,
  1e300,
  2 ** 53 + 2,
  123456789012.34,
  0.1 + 0.2,
  1e-7,
  2.5e-3,
  -45.678,
  '12.5',
  '2026-01-15',
  'heating_cooling',
  '',
  true,
  false,
  null,
  [],
  {},
];

function outcome(f: () => { outputs: unknown; errors: unknown; trace: unknown }): string {
  try {
    const r = f();
    return JSON.stringify({ outputs: r.outputs, errors: r.errors, trace: r.trace });
  } catch (e) {
    return `threw ${(e as Error).name}: ${(e as Error).message}`;
  }
}

describe('odd inputs: fast path = explain path', () => {
  it('every odd value in every household input and a person input', async () => {
    const pkg: RuntimePackage = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
    const base = { household_size: 3, earned_income: 1500, shelter_costs: 900, utility_type: 'limited' };
    const slots = pkg.inputs.map((i) => i.slot);
    let compared = 0;
    for (const slot of slots)
      for (const value of ODD)
        for (const trace of [false, true]) {
          const onPerson = ['age', 'is_disabled', 'medical_costs'].includes(slot);
          const req: PackageRequest = onPerson
            ? { period: '2026-01', trace, inputs: { household: base, p1: { age: 40, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, [slot]: value } }, relations: { member_of_snap_household: [['p1', 'household']] } }
            : { period: '2026-01', trace, inputs: { household: { ...base, [slot]: value } } };
          expect(outcome(() => evaluatePackageFast(pkg, req)), `${slot} = ${JSON.stringify(value)} (trace ${trace})`).toBe(outcome(() => evaluatePackage(pkg, req)));
          compared++;
        }
    expect(compared).toBeGreaterThan(400);
  }, 120_000);
});
