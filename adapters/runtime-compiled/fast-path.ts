/**
 * The extension point for the fast path (compiled JavaScript evaluation). When `fastEvaluator` is set, compiled
 * packages take their outputs from it and their trace from the explain path, and
 * tests/adapters/runtime-compiled/fast-path-parity.test.ts checks that both give identical outputs over 10,000
 * generated SNAP households. Until a fast evaluator exists it is undefined and the explain path computes both.
 */
import type { PackageEvaluator } from './compiled-package.js';

export const fastEvaluator: PackageEvaluator | undefined = undefined;
