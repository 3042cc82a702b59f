import { ServiceError } from '../../core/domain/errors.js';

/**
 * The one guard every Redis call goes through (key stores, jobs, analytics, validation runs), so every path
 * follows one rule: a failure of the store becomes 503 store_unavailable; a JavaScript failure inside the call
 * (JSON.stringify of a circular or too deep value gives TypeError or RangeError) is not the store's and is passed
 * on as it is (the HTTP layer answers a generic 500 and logs it), never reported or counted as an outage.
 */
export interface StoreCallOptions {
  /** The message of the 503 (the HTTP layer's default when omitted). */
  unavailable?: string;
  /** Give up after this long even when the client has no timeout of its own (BullMQ calls). */
  timeoutMs?: number;
}

export function isLocalFault(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError;
}

export async function storeCall<T>(work: () => Promise<T>, options: StoreCallOptions = {}): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (options.timeoutMs === undefined) return await work();
    const ms = options.timeoutMs;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    });
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof ServiceError || isLocalFault(error)) throw error;
    throw new ServiceError('store_unavailable', options.unavailable, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
