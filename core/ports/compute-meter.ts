import type { Principal } from './auth-gate.js';

/**
 * Charges compute units (see core/domain/keys/compute-units.ts) beyond the 1 CU per request the AuthGate
 * already counts. The calculation use cases (CalculationService.calculate/batch, JobService.submit) call
 * `charge(principal, calculationUnits(entries))` after checking the request and before running; it throws
 * 429 rate_limited when a trial key's quota would be exceeded. Keys without a quota are not metered.
 */
export interface ComputeMeter {
  charge(principal: Principal | null, units: number): Promise<void>;
  /** Gives back units charged for work that never started (a job the job store could not queue). */
  refund(principal: Principal | null, units: number): Promise<void>;
}
