import { ServiceError } from '../../domain/errors.js';

/** True for the one error every store adapter raises when the shared store cannot be reached. */
export function isStoreOutage(error: unknown): boolean {
  return error instanceof ServiceError && error.code === 'store_unavailable';
}
