import type { Principal } from '../../core/ports/auth-gate.js';
import { TOKENS, type Resolve } from '../tokens.js';

/**
 * Charges calculation entries to the caller's compute units through the key layer's ComputeMeter (the platform
 * binds a no-op meter until the keys module binds the real one). Throws 429 when a trial quota would be exceeded.
 */
export async function chargeCompute(resolve: Resolve, principal: Principal | null, units: number): Promise<void> {
  await resolve(TOKENS.ComputeMeter).charge(principal, units);
}
