/** Defaults of the Redis settings, apart from the clients so the configuration reads them without loading ioredis or BullMQ. */

/** Every Redis call gives up after this long unless REDIS_COMMAND_TIMEOUT_MS says otherwise. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** Readiness stays not ready this long after the store lost its data, unless REDIS_LOSS_NOT_READY_MS says otherwise. */
export const DEFAULT_LOSS_NOT_READY_MS = 60_000;

export const REDIS_JOB_DEFAULTS = {
  prefix: 'tenet:jobs',
  queueName: 'calculate',
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  maxStalledCount: 3,
  // The same bound as every other Redis call (REDIS_COMMAND_TIMEOUT_MS's default), so readiness and 503s
  // come within about a second whichever store is frozen.
  commandTimeoutMs: DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
} as const;
