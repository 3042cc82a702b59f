/**
 * A trace-mode evaluation that keeps the entries of some rules only (`traceRules`, what a screen with trace "none"
 * reads: core/engine/run/screen-package.ts): the rules it does not keep are still evaluated where the explain path
 * evaluates them, but record nothing, and their parameter reads must not land in a kept rule's entry. Over random
 * households, the kept trace equals the explain path's full trace filtered to the kept rules, entry for entry
 * (values, entities, order and parameter reads), and the outputs are the explain path's.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLED_RULES } from '../../../support/bundled-services.js';
import { loadProgramPackage, mulberry32, onlyPackageInputs, randomSnapHouseholds } from '../../../support/snap-households.js';
import { evaluatePackage } from '../../../../core/engine/package/index.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';

const HOUSEHOLDS = 200;

const CASES: ReadonlyArray<{ file: string; period: string; seed: number }> = [
  { file: 'programs/us-co/snap/fy-2026.yaml', period: '2026-01', seed: 3101 },
  { file: 'programs/us-ak/snap/fy-2026.yaml', period: '2026-10', seed: 3102 },
  { file: 'programs/us-ny/lifeline/2026.yaml', period: '2026-03', seed: 3103 },
];

describe('trace-mode evaluation keeping some rules: the explain path trace, filtered', () => {
  it.each(CASES)('$file $period', async ({ file, period, seed }) => {
    const pkg = await loadProgramPackage(BUNDLED_RULES, file);
    const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, HOUSEHOLDS, mulberry32(seed)() * 2 ** 32, period));
    // Every third rule of the program, so kept rules call rules that are not kept and the other way round.
    const kept = new Set(pkg.program.order.filter((_, i) => i % 3 === 0));
    let compared = 0;
    let withParameters = 0;
    for (const request of draw.requests) {
      const explain = evaluatePackage(pkg, { ...request, trace: true });
      const answer = evaluatePackageFast(pkg, { ...request, trace: true, traceRules: kept });
      expect({ outputs: answer.outputs, errors: answer.errors }).toEqual({ outputs: explain.outputs, errors: explain.errors });
      if (answer.path !== 'fast') continue;
      const expected = explain.trace.filter((entry) => kept.has(entry.name));
      expect(answer.trace).toEqual(expected);
      compared++;
      if (expected.some((entry) => entry.parameters.length > 0)) withParameters++;
    }
    // The fast path answered, and kept entries that read parameters were compared (the frames were exercised).
    expect(compared).toBeGreaterThan(HOUSEHOLDS / 2);
    expect(withParameters).toBeGreaterThan(0);
  });
});
