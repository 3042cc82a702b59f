/** Tokens of the keys subsystem (bound in ./module.ts), for the admin and trial routes. */
import type { KeysDeps } from '../../core/usecases/keys/context.js';
import type { StoreGuard } from '../../adapters/redis-store/guard.js';
import { readinessId, token } from '../tokens.js';

/** The key-administration use-case dependencies. */
export const KEYS = token<KeysDeps>('Keys');

/**
 * The keys subsystem's readiness checks: the gate's configuration and the counter store (the platform installs
 * its own checks under the first two until the module is wired), and the shared store's data (Redis only).
 */
export const KEYS_READY = {
  auth: readinessId('auth configuration'),
  counters: readinessId('shared counter store'),
  storeData: readinessId('shared store data'),
};

/**
 * The app's memory of a shared-store outage (a circuit breaker, adapters/redis-store/guard.ts), bound by the keys
 * module and taken by every module with a Redis client of its own (operations, calculation jobs), so that a call one
 * of them saw time out spares the others their own wait.
 */
export const STORE_GUARD = token<StoreGuard>('StoreGuard');
