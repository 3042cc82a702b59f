/**
 * Moves Redis keys written under an earlier key layout to their current names, once, before an instance serves.
 * Earlier versions named keys without hash tags (`tenet:kill`, `tenet:key:<id>`, BullMQ under `tenet:jobs:...`);
 * key-names.ts now names them `<prefix>{group}:...` and BullMQ's prefix `{tenet:jobs}`. Without this an upgrade
 * would start with no issued keys, revocations, kill switches, usage, audit trail or queued jobs.
 *
 * How it stays safe with several instances starting together:
 * - one instance takes a lock key (SET NX PX); the others wait until the marker key says the migration ran;
 * - each key moves with one Lua script (tenetMoveKey): RENAME when the new name is free, else a merge that keeps
 *   what the new name holds (hash fields, set members, sorted-set members missing from it are added), else the old
 *   key is left in place and counted as a conflict. A key moves once: a second mover finds it gone;
 * - the marker (`<...>layout-migrated`) records when it ran and the counts, so later starts read one key and stop.
 * Only on a single Redis (or through Sentinel): a Redis Cluster deployment never had the untagged layout, and old
 * names cannot be renamed across cluster slots.
 */
import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import type { RedisClient } from './connection.js';

/** A set of old names: `oldName` exactly, or (with `prefix`) every name starting with it. */
export interface LayoutMove {
  /** What the keys are, for the log (never a key name). */
  kind: string;
  oldName: string;
  /** Prefix moves: every key starting with oldName moves to newName + the rest of its name. */
  prefix?: boolean;
  newName: string;
}

export interface LayoutPlan {
  /** Which layout, for the log: "keys" or "jobs". */
  layout: string;
  marker: string;
  lock: string;
  moves: LayoutMove[];
}

export type MoveOutcome = 'moved' | 'merged' | 'conflict' | 'gone';

export interface LayoutMigrationReport {
  layout: string;
  /** `migrated` this start, `already` (marker found), `skipped` (Redis Cluster), `by-another` (another instance ran it). */
  status: 'migrated' | 'already' | 'skipped' | 'by-another';
  /** Keys per kind and outcome; no key names. */
  counts: Record<string, Partial<Record<MoveOutcome, number>>>;
  conflicts: number;
}

type MovingRedis = RedisClient & { tenetMoveKey(oldName: string, newName: string): Promise<MoveOutcome> };

const LOCK_MS = 60_000;
const WAIT_STEP_MS = 100;

/** Runs the plan unless its marker says it ran; see the file comment. */
export async function migrateLayout(redis: RedisClient, plan: LayoutPlan): Promise<LayoutMigrationReport> {
  const report: LayoutMigrationReport = { layout: plan.layout, status: 'already', counts: {}, conflicts: 0 };
  if (redis instanceof Cluster) return { ...report, status: 'skipped' };
  // Long enough for a lock whose owner died to expire and be taken over.
  const deadline = Date.now() + 2 * LOCK_MS;
  const token = randomBytes(12).toString('hex');
  for (;;) {
    if ((await redis.exists(plan.marker)) === 1) return report;
    if ((await redis.set(plan.lock, token, 'PX', LOCK_MS, 'NX')) === 'OK') break;
    // Another instance is moving the keys: serve only once it is done (or its lock expired and we take over).
    if (Date.now() > deadline) throw new Error(`the ${plan.layout} layout migration of another instance did not finish within ${2 * LOCK_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    if ((await redis.exists(plan.marker)) === 1) return { ...report, status: 'by-another' };
  }
  try {
    // The holder before us may have finished between our look at the marker and our lock.
    if ((await redis.exists(plan.marker)) === 1) return { ...report, status: 'by-another' };
    if (!('tenetMoveKey' in redis)) redis.defineCommand('tenetMoveKey', MOVE_KEY_SCRIPT);
    for (const move of plan.moves) await runMove(redis as MovingRedis, move, report);
    const record = { migrated_at: new Date().toISOString(), counts: report.counts, conflicts: report.conflicts };
    await redis.set(plan.marker, JSON.stringify(record));
    return { ...report, status: 'migrated' };
  } finally {
    await releaseLock(redis, plan.lock, token);
  }
}

async function runMove(redis: MovingRedis, move: LayoutMove, report: LayoutMigrationReport): Promise<void> {
  const names = move.prefix ? await scanNames(redis, `${globEscape(move.oldName)}*`) : [move.oldName];
  for (const oldName of names) {
    const newName = move.prefix ? move.newName + oldName.slice(move.oldName.length) : move.newName;
    const outcome = await redis.tenetMoveKey(oldName, newName);
    if (outcome === 'gone' && !move.prefix) continue; // An exact name that never existed is not news.
    const counts = (report.counts[move.kind] ??= {});
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    if (outcome === 'conflict') report.conflicts += 1;
  }
}

async function scanNames(redis: RedisClient, match: string): Promise<string[]> {
  const names: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    names.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return [...new Set(names)];
}

/** A prefix is matched literally, whatever glob characters it holds. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

async function releaseLock(redis: RedisClient, lock: string, token: string): Promise<void> {
  await redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", 1, lock, token);
}

/**
 * tenetMoveKey. KEYS: old name, new name. Returns 'gone' (no old key), 'moved' (renamed; its TTL kept), 'merged'
 * (hash fields, set or sorted-set members the new key lacked were added, the new key's own values kept, the old key
 * deleted) or 'conflict' (both exist and cannot be merged: the old key is left as it is).
 */
export const MOVE_KEY_SCRIPT = {
  numberOfKeys: 2,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  return 'moved'
end
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= redis.call('TYPE', KEYS[2]).ok then return 'conflict' end
if kind == 'hash' then
  local pairs = redis.call('HGETALL', KEYS[1])
  for i = 1, #pairs, 2 do redis.call('HSETNX', KEYS[2], pairs[i], pairs[i + 1]) end
elseif kind == 'set' then
  for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do redis.call('SADD', KEYS[2], member) end
elseif kind == 'zset' then
  local entries = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
  for i = 1, #entries, 2 do redis.call('ZADD', KEYS[2], 'NX', entries[i + 1], entries[i]) end
else
  return 'conflict'
end
redis.call('DEL', KEYS[1])
return 'merged'`,
} as const;

export interface LayoutLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * The migration of one plan for one client: the function returned runs it once and shares the result; after a
 * failure (Redis went away mid-way) the next call runs it again. Logs what moved (kinds and counts, never key names).
 */
export function layoutMigrator(redis: RedisClient, plan: LayoutPlan, log?: LayoutLog): () => Promise<LayoutMigrationReport> {
  let running: Promise<LayoutMigrationReport> | null = null;
  return () => {
    running ??= migrateLayout(redis, plan).then(
      (report) => {
        tell(report, log);
        return report;
      },
      (error: unknown) => {
        running = null;
        throw error;
      },
    );
    return running;
  };
}

function tell(report: LayoutMigrationReport, log?: LayoutLog): void {
  if (report.status !== 'migrated') return;
  const fields = { layout: report.layout, counts: report.counts, conflicts: report.conflicts };
  log?.info(`moved the Redis ${report.layout} of the earlier key layout to the current names (docs/operations.md, "Upgrading")`, fields);
  if (report.conflicts > 0) {
    log?.error(
      `${report.conflicts} Redis ${report.layout} keys of the earlier layout could not be moved: their new names hold values of another kind; ` +
        'the old keys were left in place and their data is not used (docs/operations.md, "Upgrading")',
      fields,
    );
  }
}
