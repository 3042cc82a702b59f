import { ServiceError } from '../../core/domain/errors.js';

/** Any Redis failure becomes the one error the HTTP layer maps to 503 store_unavailable. */
export async function storeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('store_unavailable', undefined, { cause: error });
  }
}
