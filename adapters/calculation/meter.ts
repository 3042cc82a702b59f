import type { Principal } from '../../core/ports/auth-gate.js';
import type { Logger } from '../../core/ports/logger.js';
import { TOKENS, type Resolve } from '../tokens.js';

/**
 * Charges calculation entries to the caller's compute units through the key layer's ComputeMeter (the platform
 * binds a no-op meter until the keys module binds the real one). Throws 429 when a trial quota would be exceeded.
 */
export async function chargeCompute(resolve: Resolve, principal: Principal | null, units: number): Promise<void> {
  await resolve(TOKENS.ComputeMeter).charge(principal, units);
}

/**
 * Runs `work` after charging `units`; when it fails before anything ran (e.g. the job store cannot queue the
 * job) the units are given back. A failed refund is logged, and the original failure is what the client gets.
 */
export async function chargedFor<T>(ctx: { resolve: Resolve; principal: Principal | null; log: Logger }, units: number, work: () => Promise<T>): Promise<T> {
  await chargeCompute(ctx.resolve, ctx.principal, units);
  try {
    return await work();
  } catch (error) {
    await ctx
      .resolve(TOKENS.ComputeMeter)
      .refund(ctx.principal, units)
      .catch((refundError: unknown) => ctx.log.warn('compute units not refunded', { units, error: refundError instanceof Error ? refundError.message : String(refundError) }));
    throw error;
  }
}
