/**
 * What the layout migration (layout-migration.ts) moves: the names earlier versions wrote, untagged, and where
 * each lives now (key-names.ts). Earlier names, for a prefix P (REDIS_KEY_PREFIX, default `tenet:`):
 *   P key:<id>, P keyhash:<sha256>, P keys, P key-revoked     issued keys            -> P{keys}:...
 *   P env-revoked, P kill                                    security state         -> P{sec}:...
 *   P ctr:<name>, P usage:<month>                            counters and usage     -> P{ctr}:...
 *   P audit, P audit-seq                                     audit trail            -> P{audit}:entries, seq
 *   P analytics:instance:<id>, P analytics:instances         analytics snapshots    -> P{analytics}:...
 *   P vrun:<id>, P vrun-summary:<id>, P vruns                validation runs        -> P{vruns}:...
 * and every BullMQ key under the untagged job prefix (`tenet:jobs:<queue>:...` -> `{tenet:jobs}:<queue>:...`).
 */
import { jobPrefix, type RedisKeyNames } from './key-names.js';
import type { LayoutMove, LayoutPlan } from './layout-migration.js';

export function keyLayoutPlan(n: RedisKeyNames): LayoutPlan {
  const p = n.prefix;
  const exact = (kind: string, old: string, newName: string): LayoutMove => ({ kind, oldName: p + old, newName });
  const under = (kind: string, old: string, newName: string): LayoutMove => ({ kind, oldName: p + old, newName, prefix: true });
  return {
    layout: 'keys',
    marker: n.layoutMigrated(),
    lock: n.layoutMigrationLock(),
    moves: [
      under('issued key records', 'key:', n.keyRecordPrefix()),
      under('issued key hash index', 'keyhash:', n.keyHash('')),
      exact('issued key ids', 'keys', n.keyIds()),
      exact('issued key revocations', 'key-revoked', n.keyRevocations()),
      exact('environment key revocations', 'env-revoked', n.environmentRevocations()),
      exact('kill switches', 'kill', n.killSwitches()),
      under('counters', 'ctr:', n.counter('')),
      under('monthly usage', 'usage:', n.usage('')),
      exact('audit trail', 'audit', n.audit()),
      exact('audit sequence', 'audit-seq', n.auditSequence()),
      under('analytics snapshots', 'analytics:instance:', n.analyticsSnapshot('')),
      exact('analytics index', 'analytics:instances', n.analyticsIndex()),
      under('validation runs', 'vrun:', n.validationRun('')),
      under('validation run summaries', 'vrun-summary:', n.validationRunSummary('')),
      exact('validation run index', 'vruns', n.validationRunIndex()),
    ],
  };
}

/** BullMQ's keys under the untagged prefix, or null when the configured prefix already carries a hash tag. */
export function jobLayoutPlan(configuredPrefix: string): LayoutPlan | null {
  const tagged = jobPrefix(configuredPrefix);
  if (tagged === configuredPrefix) return null;
  return {
    layout: 'jobs',
    marker: `${tagged}:layout-migrated`,
    lock: `${tagged}:layout-migration-lock`,
    moves: [{ kind: 'job queue keys', oldName: `${configuredPrefix}:`, newName: `${tagged}:`, prefix: true }],
  };
}
