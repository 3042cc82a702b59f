/** Tokens of the keys subsystem (bound in ./module.ts), for the admin and trial routes. */
import type { KeysDeps } from '../../core/usecases/keys/context.js';
import type { StoreGuard } from '../../adapters/redis-store/guard.js';
import { token } from '../tokens.js';

/** The key-administration use-case dependencies. */
export const KEYS = token<KeysDeps>('Keys');

/**
 * The app's memory of a shared-store outage (a circuit breaker, adapters/redis-store/guard.ts), bound by the keys
 * module and taken by every module with a Redis client of its own (operations, calculation jobs), so that a call one
 * of them saw time out spares the others their own wait.
 */
export const STORE_GUARD = token<StoreGuard>('StoreGuard');
