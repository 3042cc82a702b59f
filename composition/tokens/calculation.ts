/** Tokens of the calculation subsystem (bound in ./module.ts). */
import type { CalculationJobs } from '../../core/ports/calculation-jobs.js';
import type { Calculations } from '../../core/ports/calculations.js';
import type { Calculator } from '../../core/ports/calculator.js';
import type { JobStore } from '../../core/ports/job-store.js';
import type { SweepService } from '../../core/usecases/calculate/sweep.js';
import type { HouseholdCompatService } from '../../core/usecases/compat/compat-service.js';
import type { CompileProblem } from '../../adapters/runtime-compiled/compiled-runtime.js';
import { readinessId, token, type Resolve } from '../tokens.js';

/** The calculation subsystem's readiness check (the platform installs a placeholder under it until the module is wired). */
export const CALCULATION_READY = readinessId('calculation runtime');

export const CALCULATION = {
  /** The app's runtime holder: start() loads into it (per app, never shared between apps). */
  Runtimes: token<{ load(resolve: Resolve): Promise<void> }>('CalculationRuntimes'),
  /** Runtimes in lookup order: compiled first, then fixture. */
  Calculators: token<Calculator[]>('Calculators'),
  /** Program specs of the configured repositories that failed to compose (empty when all compiled). */
  Problems: token<CompileProblem[]>('CompileProblems'),
  /** The calculation use case as its consumers see it (CalculationService implements the port). */
  Service: token<Calculations>('CalculationService'),
  /** Sweeps, charged through the calculation service's meter (built once per app). */
  Sweep: token<SweepService>('SweepService'),
  /** The compatibility endpoint's use case (built once per app, the meter included). */
  Compat: token<HouseholdCompatService>('HouseholdCompatService'),
  JobStore: token<JobStore>('JobStore'),
  /** Jobs as the job routes see them (JobService implements the port). */
  Jobs: token<CalculationJobs>('JobService'),
};
