/**
 * Calculation settings from the environment (documented in docs/calculation.md):
 *   TENET_CALC_TIME_LIMIT_MS      per-calculation time limit (default 2000; exceeded -> 502 runtime_error)
 *   TENET_JOB_CONCURRENCY         jobs one instance executes at once (default 2)
 *   TENET_JOB_LOCK_MS             Redis job lease; a dead instance's job is resumed after it expires (default 30000)
 *   TENET_JOB_STALLED_INTERVAL_MS how often each instance looks for expired leases (default 15000)
 *   TENET_JOB_REDIS_PREFIX        namespace of the job keys in Redis (default tenet:jobs)
 *   TENET_RUNTIME_FIXTURE         path of a recorded fixture file enabling the fixture runtime (default: none)
 */
import { ConfigError } from '../config/env.js';
import { DEFAULT_TIME_LIMIT_MS } from '../../core/usecases/calculate/calculate.js';
import { DEFAULT_JOB_CONCURRENCY } from '../memory-store/jobs.js';
import { REDIS_JOB_DEFAULTS } from '../redis-store/jobs.js';

export interface CalculationSettings {
  timeLimitMs: number;
  jobConcurrency: number;
  jobLockMs: number;
  jobStalledIntervalMs: number;
  jobRedisPrefix: string;
  fixturePath: string | null;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > max) {
    problems.push(`${name}: must be an integer from 1 to ${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return value;
}

/** Throws ConfigError naming every bad value, so `tenet serve` exits 2 like any other configuration problem. */
export function calculationSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CalculationSettings {
  const problems: string[] = [];
  const settings: CalculationSettings = {
    timeLimitMs: positiveInteger(env, 'TENET_CALC_TIME_LIMIT_MS', DEFAULT_TIME_LIMIT_MS, 600_000, problems),
    jobConcurrency: positiveInteger(env, 'TENET_JOB_CONCURRENCY', DEFAULT_JOB_CONCURRENCY, 64, problems),
    jobLockMs: positiveInteger(env, 'TENET_JOB_LOCK_MS', REDIS_JOB_DEFAULTS.lockDurationMs, 3_600_000, problems),
    jobStalledIntervalMs: positiveInteger(env, 'TENET_JOB_STALLED_INTERVAL_MS', REDIS_JOB_DEFAULTS.stalledIntervalMs, 3_600_000, problems),
    jobRedisPrefix: env.TENET_JOB_REDIS_PREFIX?.trim() || REDIS_JOB_DEFAULTS.prefix,
    fixturePath: env.TENET_RUNTIME_FIXTURE?.trim() || null,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}
