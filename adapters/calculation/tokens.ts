/** Tokens of the calculation subsystem (bound in ./module.ts). */
import type { Calculator } from '../../core/ports/calculator.js';
import type { CalculationJson } from '../http-h3/calculation-json.js';
import type { CompileProblem } from '../runtime-compiled/compiled-runtime.js';
import type { JobStore } from '../../core/ports/job-store.js';
import type { CalculationService } from '../../core/usecases/calculate/calculate.js';
import type { JobService } from '../../core/usecases/calculate/jobs.js';
import { token, type Resolve } from '../tokens.js';

export const CALCULATION = {
  /** The app's runtime holder: start() loads into it (per app, never shared between apps). */
  Runtimes: token<{ load(resolve: Resolve): Promise<void> }>('CalculationRuntimes'),
  /** Runtimes in lookup order: compiled first, then fixture. */
  Calculators: token<Calculator[]>('Calculators'),
  /** Program specs of the configured repositories that failed to compose (empty when all compiled). */
  Problems: token<CompileProblem[]>('CompileProblems'),
  Service: token<CalculationService>('CalculationService'),
  JobStore: token<JobStore>('JobStore'),
  Jobs: token<JobService>('JobService'),
  /** The app's writer of calculation answers as JSON text (its trace pieces are the app's own). */
  Json: token<CalculationJson>('CalculationJson'),
};
