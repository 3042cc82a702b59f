/**
 * The bundled rules (rules/) behind two calculation services: one on the fast path where it can carry a request,
 * one on the explain path only, so a test can check that both give the same answer. Companion tests are off (the
 * corpus test runs them) and each calculation has 10 s, generous for a loaded machine.
 */
import { fileURLToPath } from 'node:url';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';

export const BUNDLED_RULES = fileURLToPath(new URL('../../rules', import.meta.url));

export interface BundledServices {
  fast: CalculationService;
  explain: CalculationService;
}

export async function bundledServices(): Promise<BundledServices> {
  const [fastRuntime, explainRuntime] = await Promise.all([
    CompiledRuntime.load([BUNDLED_RULES], { companionTests: 'off' }),
    CompiledRuntime.load([BUNDLED_RULES], { fast: null, companionTests: 'off' }),
  ]);
  return {
    fast: new CalculationService([fastRuntime], { timeLimitMs: 10_000 }),
    explain: new CalculationService([explainRuntime], { timeLimitMs: 10_000 }),
  };
}
