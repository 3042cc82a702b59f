/**
 * Tunables of the keys subsystem, read from the environment (all optional; defaults in docs/auth.md):
 * KEY_REVOCATION_WINDOW_MS (15000, max 30000), KEY_PROPAGATION_MS (5000, max 15000),
 * KILL_SWITCH_CACHE_MS (2000), TRIAL_KEYS_PER_CLIENT_PER_DAY (5), TRIAL_KEYS_PER_DAY (1000),
 * REDIS_KEY_PREFIX ("tenet:"), REDIS_COMMAND_TIMEOUT_MS (1000), REDIS_LOSS_NOT_READY_MS (60000; docs/operations.md).
 */
import { ConfigError } from '../config/env.js';
import { DEFAULT_LOSS_NOT_READY_MS, DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../redis-store/redis-stores.js';

export interface KeysSettings {
  revocationWindowMs: number;
  propagationMs: number;
  killSwitchCacheMs: number;
  trialPerClientPerDay: number;
  trialGlobalPerDay: number;
  redisKeyPrefix: string;
  redisCommandTimeoutMs: number;
  /** How long /v1/ready stays not ready after the shared store lost its data. */
  redisLossNotReadyMs: number;
}

export const DEFAULT_KEYS_SETTINGS: KeysSettings = {
  revocationWindowMs: 15_000,
  propagationMs: 5_000,
  killSwitchCacheMs: 2_000,
  trialPerClientPerDay: 5,
  trialGlobalPerDay: 1_000,
  redisKeyPrefix: 'tenet:',
  redisCommandTimeoutMs: DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  redisLossNotReadyMs: DEFAULT_LOSS_NOT_READY_MS,
};

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    problems.push(`${name}: must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return value;
}

export function keysSettingsFromEnv(env: Record<string, string | undefined> = process.env): KeysSettings {
  const problems: string[] = [];
  const d = DEFAULT_KEYS_SETTINGS;
  const prefix = env.REDIS_KEY_PREFIX?.trim() || d.redisKeyPrefix;
  if (prefix.length > 64 || /[\s{}]/.test(prefix)) problems.push('REDIS_KEY_PREFIX: must be at most 64 characters without spaces, { or } (braces pick Redis Cluster slots)');
  const settings: KeysSettings = {
    revocationWindowMs: integer(env, 'KEY_REVOCATION_WINDOW_MS', d.revocationWindowMs, 0, 30_000, problems),
    propagationMs: integer(env, 'KEY_PROPAGATION_MS', d.propagationMs, 0, 15_000, problems),
    killSwitchCacheMs: integer(env, 'KILL_SWITCH_CACHE_MS', d.killSwitchCacheMs, 0, 30_000, problems),
    trialPerClientPerDay: integer(env, 'TRIAL_KEYS_PER_CLIENT_PER_DAY', d.trialPerClientPerDay, 0, 1_000_000, problems),
    trialGlobalPerDay: integer(env, 'TRIAL_KEYS_PER_DAY', d.trialGlobalPerDay, 0, 100_000_000, problems),
    redisKeyPrefix: prefix,
    redisCommandTimeoutMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', d.redisCommandTimeoutMs, 50, 10_000, problems),
    redisLossNotReadyMs: integer(env, 'REDIS_LOSS_NOT_READY_MS', d.redisLossNotReadyMs, 0, 86_400_000, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}
