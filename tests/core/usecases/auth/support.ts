/** Shared by the auth gate tests: a request as the HTTP platform hands it to a gate, and the error a call throws. */
import { ServiceError } from '../../../../core/domain/errors.js';
import type { AuthRequest } from '../../../../core/ports/auth-gate.js';
import { presentedKey } from '../../../../adapters/http-h3/credentials.js';

/** The headers are read by the HTTP adapter's parser, as the platform does before calling the gate. */
export function authRequest(headers: Record<string, string>, scope = 'rules:read', clientIp = '10.0.0.1'): AuthRequest {
  return { presentedKey: presentedKey(new Headers(headers)), clientIp, scope, method: 'GET', route: '/v1/programs' };
}

/** The ServiceError `promise` rejects with; anything else (a success, another error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}
