import { ServiceError } from '../../core/domain/errors.js';

/**
 * A JavaScript failure inside the call (JSON.stringify of a circular or too deep value gives TypeError or
 * RangeError) is not the store's: it is passed on as it is (a logged 500), never reported as an outage.
 */
function isLocalFault(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError;
}

/** Any Redis failure becomes the one error the HTTP layer maps to 503 store_unavailable. */
export async function storeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError || isLocalFault(error)) throw error;
    throw new ServiceError('store_unavailable', undefined, { cause: error });
  }
}
