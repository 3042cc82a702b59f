import type { Principal } from '../../core/ports/auth-gate.js';
import type { ComputeMeter } from '../../core/ports/compute-meter.js';
import { TOKENS, type Resolve } from '../tokens.js';

/**
 * Charges calculation entries to the caller's compute units through the key layer's ComputeMeter.
 * An app assembled without the key layer (platform-only test apps) has no meter bound and is not metered.
 */
export async function chargeCompute(resolve: Resolve, principal: Principal | null, units: number): Promise<void> {
  let meter: ComputeMeter | undefined;
  try {
    meter = resolve(TOKENS.ComputeMeter);
  } catch {
    meter = undefined;
  }
  await meter?.charge(principal, units);
}
