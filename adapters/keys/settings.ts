/**
 * Tunables of the keys subsystem and of the Redis connection the subsystems share: KEY_REVOCATION_WINDOW_MS,
 * KEY_PROPAGATION_MS, KILL_SWITCH_CACHE_MS, TRIAL_KEYS_PER_CLIENT_PER_DAY, TRIAL_KEYS_PER_DAY, REDIS_KEY_PREFIX,
 * REDIS_COMMAND_TIMEOUT_MS and REDIS_LOSS_NOT_READY_MS (docs/auth.md, docs/operations.md), declared in
 * adapters/config/schema.ts and parsed with every other variable by loadConfig.
 */
import type { ModuleSettings } from '../config/env.js';

export type KeysSettings = ModuleSettings['keys'];
