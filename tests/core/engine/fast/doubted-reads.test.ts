/**
 * Evaluations that record the trace only if a doubted figure may have been read (`trace: 'if-doubted-read'`, what
 * `trace: "none"` asks for when a version declared unverified is live): over random households of packages that
 * declare such versions, the answer equals the explain path's, and when it comes without a trace the explain path's
 * trace read no doubted version (so no unverified-figure warning was due); with a trace, it is the explain path's.
 * Households both ways must occur, so the untraced kernel is shown to answer and the watch flag to fire.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLED_RULES } from '../../../support/bundled-services.js';
import { loadProgramPackage, mulberry32, onlyPackageInputs, randomSnapHouseholds } from '../../../support/snap-households.js';
import { evaluatePackage, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';
import { boundHooks, unverifiedFigures, unverifiedWarnings } from '../../../../core/engine/run/unverified-figures.js';

const HOUSEHOLDS = 300;

/** Package file, month, seed; and whether both kinds of household must occur in the draw. */
const CASES: ReadonlyArray<{ file: string; period: string; seed: number; both: boolean }> = [
  // FY2026: some of Alaska's single-utility standards are doubted (a limited or single-utility household in a region).
  { file: 'programs/us-ak/snap/fy-2026.yaml', period: '2026-01', seed: 2901, both: true },
  // FY2027: every heating, telephone and single-utility standard is doubted.
  { file: 'programs/us-ak/snap/fy-2026.yaml', period: '2026-10', seed: 2902, both: true },
  { file: 'programs/us-ak/school_meals/2026.yaml', period: '2026-11', seed: 2903, both: false },
  { file: 'programs/us-ak/wic/2026.yaml', period: '2025-12', seed: 2904, both: false },
  { file: 'programs/us-ak/medicaid/2026.yaml', period: '2026-03', seed: 2905, both: false },
];

function doubtedWarnings(pkg: RuntimePackage, trace: Parameters<typeof unverifiedWarnings>[1]): string[] {
  return unverifiedWarnings(unverifiedFigures(pkg), trace, undefined, boundHooks(pkg.program));
}

describe("trace 'if-doubted-read': the untraced kernel answers only households that read no doubted figure", () => {
  it.each(CASES)('$file $period', async ({ file, period, seed, both }) => {
    const pkg = await loadProgramPackage(BUNDLED_RULES, file);
    expect(unverifiedFigures(pkg).length, 'the package declares unverified figures').toBeGreaterThan(0);
    const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, HOUSEHOLDS, mulberry32(seed)() * 2 ** 32, period));
    let untraced = 0;
    let traced = 0;
    let warned = 0;
    for (const request of draw.requests) {
      const explain = evaluatePackage(pkg, { ...request, trace: true });
      const answer = evaluatePackageFast(pkg, { ...request, trace: 'if-doubted-read' });
      expect({ outputs: answer.outputs, errors: answer.errors }).toEqual({ outputs: explain.outputs, errors: explain.errors });
      const warnings = doubtedWarnings(pkg, explain.trace);
      if (warnings.length > 0) warned++;
      if (answer.trace.length === 0 && Object.keys(explain.errors).length === 0) {
        untraced++;
        expect(answer.path).toBe('fast');
        // No trace: the explain path read no doubted version either, so no warning is left out.
        expect(warnings).toEqual([]);
      } else {
        traced++;
        expect(answer.trace).toEqual(explain.trace);
      }
    }
    console.log(`${file} ${period}: ${untraced} untraced, ${traced} traced, ${warned} of ${HOUSEHOLDS} read a doubted figure`);
    if (both) {
      expect(untraced).toBeGreaterThan(0);
      expect(warned).toBeGreaterThan(0);
    }
  }, 300_000);
});
