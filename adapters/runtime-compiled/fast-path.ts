/**
 * The fast path (compiled JavaScript kernels, core/domain/fastpath) as a PackageEvaluator: outputs only, no
 * trace, with the engine's own fallback to the explain path for requests a kernel cannot carry exactly.
 *
 * Compiled packages do not use it by default: every CalculateResponse carries the attribution trace, so the
 * explain pass runs anyway and also yields the outputs; adding a fast pass only adds work (measured on the
 * us-ak sample: 0.14 ms per calculation explain-only, 0.25 ms fast + explain). Pass it as
 * CompiledRuntimeOptions.fast to take outputs from it. tests/adapters/runtime-compiled/fast-path-parity.test.ts
 * checks that it and the explain path give identical outputs over 10,000 generated SNAP households.
 */
import { evaluatePackageFast } from '../../core/domain/fastpath/package.js';
import type { PackageEvaluator } from './compiled-package.js';

export const fastEvaluator: PackageEvaluator | undefined = evaluatePackageFast;
