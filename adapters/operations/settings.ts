/**
 * Tunables of analytics, validation runs and the migration ledger, read from the environment (all optional):
 * INSTANCE_ID (default `<hostname>-<pid>-<random>`), ANALYTICS_FLUSH_MS (15000, 1000-300000),
 * ANALYTICS_SNAPSHOT_TTL_SECONDS (60, 5-3600; must exceed the flush interval), MIGRATION_LEDGER_PATH (unset).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ConfigError } from '../config/env.js';

export interface OperationsSettings {
  instanceId: string;
  flushIntervalMs: number;
  snapshotTtlSeconds: number;
  migrationLedgerPath: string | null;
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${name}: must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return value;
}

export function operationsSettingsFromEnv(env: Record<string, string | undefined> = process.env): OperationsSettings {
  const problems: string[] = [];
  const instanceId = env.INSTANCE_ID?.trim() || `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  if (!/^[A-Za-z0-9._:-]{1,128}$/.test(instanceId)) problems.push('INSTANCE_ID: must be 1-128 characters of [A-Za-z0-9._:-]');
  const flushIntervalMs = integer(env, 'ANALYTICS_FLUSH_MS', 15_000, 1_000, 300_000, problems);
  const snapshotTtlSeconds = integer(env, 'ANALYTICS_SNAPSHOT_TTL_SECONDS', 60, 5, 3_600, problems);
  if (snapshotTtlSeconds * 1000 <= flushIntervalMs) problems.push('ANALYTICS_SNAPSHOT_TTL_SECONDS: must be longer than ANALYTICS_FLUSH_MS, or live instances vanish between flushes');
  const ledger = env.MIGRATION_LEDGER_PATH?.trim();
  if (problems.length > 0) throw new ConfigError(problems);
  return { instanceId, flushIntervalMs, snapshotTtlSeconds, migrationLedgerPath: ledger ? ledger : null };
}
