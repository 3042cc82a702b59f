/** Tokens of the keys subsystem (bound in ./module.ts), for the admin and trial routes. */
import type { KeysDeps } from '../../core/usecases/keys/context.js';
import { token } from '../tokens.js';

/** The key-administration use-case dependencies. */
export const KEYS = token<KeysDeps>('Keys');
