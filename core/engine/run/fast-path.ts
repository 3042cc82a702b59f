/**
 * The fast path (compiled JavaScript kernels, core/engine/fast) as a PackageEvaluator, the default of
 * compiled packages: outputs from the generated kernel; with `trace: true` (every CalculateResponse) a
 * trace-mode kernel evaluates the rules in the explain path's order and rebuilds the explain trace exactly;
 * a household a kernel cannot carry exactly is answered by the explain path itself (see docs/fast-path.md).
 * tests/core/engine/run/fast-path-parity.test.ts and tests/core/engine/fast/ check that it and
 * the explain path give identical outputs (and traces) over 10,000 generated SNAP households.
 */
import { evaluatePackageFast } from '../fast/evaluate/package.js';
import type { PackageEvaluator } from './compiled-package.js';

export const fastEvaluator: PackageEvaluator | undefined = evaluatePackageFast;
