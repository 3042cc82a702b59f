/**
 * Redis-backed stores shared by every instance. Only key hashes are written, never a raw key.
 * Every command has a bounded timeout and no offline queue, so a dead Redis surfaces as
 * 503 store_unavailable within about a second instead of a hang; ioredis reconnects on its own.
 */
import type { RedisOptions } from 'ioredis';
import type { AuditEntry } from '../../core/domain/keys/audit.js';
import { EXPIRED_KEY_GRACE_MS, type StoredKey } from '../../core/domain/keys/api-key.js';
import { defaultKillSwitches, KILL_SWITCHES, type KillSwitchName, type KillSwitchState, type KillSwitches } from '../../core/domain/keys/kill-switch.js';
import { USAGE_RETENTION_SECONDS, type UsageRowRecord } from '../../core/domain/keys/usage-month.js';
import type { AdmissionRequest, AdmissionResult, AdmissionStore } from '../../core/ports/admission-store.js';
import type { AuditStore } from '../../core/ports/audit-store.js';
import type { CounterStore } from '../../core/ports/counter-store.js';
import type { KeyStore } from '../../core/ports/key-store.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { KillSwitchStore } from '../../core/ports/kill-switch-store.js';
import type { SharedStoreLifecycle, StoreHealth } from '../../core/ports/store-health.js';
import type { UsageStore } from '../../core/ports/usage-store.js';
import { connectRedis, type RedisClient } from './connection.js';
import { StoreGuard } from './guard.js';
import { RedisKeyNames } from './key-names.js';
import { layoutMigrator, type LayoutLog } from './layout-migration.js';
import { keyLayoutPlan } from './layout-plans.js';
import { SCRIPTS } from './scripts.js';
import { RedisStoreLossWatch } from './store-loss.js';
import { DEFAULT_LOSS_NOT_READY_MS, DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from './defaults.js';

export { DEFAULT_LOSS_NOT_READY_MS, DEFAULT_REDIS_COMMAND_TIMEOUT_MS };

export interface RedisStoreOptions {
  url: string;
  /** Namespace for every key this service writes (default `tenet:`). */
  prefix?: string;
  /** Per-command timeout in ms (default 1000). */
  commandTimeoutMs?: number;
  /** How long readiness stays not ready after the store lost its data (default 60 s; store-loss.ts). */
  lossNotReadyMs?: number;
  /** Told what the layout migration moved (layout-migration.ts). */
  logger?: LayoutLog;
  /** Remembers an outage for every Redis client of the app (guard.ts); default one of these stores' own. */
  guard?: StoreGuard;
}

type ScriptedRedis = RedisClient & {
  tenetCreateKey(keyRecord: string, hashIndex: string, idSet: string, id: string, json: string, expireAtMs: string): Promise<number>;
  tenetLookup(hashIndex: string, revoked: string, keyPrefix: string): Promise<[string | null, string | null] | null>;
  tenetRevoke(keyRecord: string, revoked: string, id: string, at: string): Promise<number>;
  tenetIncrement(counter: string, by: string, ttl: string): Promise<number>;
  tenetEpoch(marker: string, candidate: string, nowMs: string, seen: string): Promise<[string, string]>;
  tenetAudit(zset: string, seq: string, score: string, json: string, retainSince: string): Promise<number>;
  tenetAdmit(
    throttle: string,
    rate: string,
    usage: string,
    maxFailures: string,
    rateTtl: string,
    limit: string,
    usageField: string,
    requests: string,
    usageTtl: string,
  ): Promise<[number, number]>;
};

export function redisClientOptions(options: RedisStoreOptions): RedisOptions {
  const timeout = options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  return {
    lazyConnect: true,
    connectTimeout: timeout,
    commandTimeout: timeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Commands issued in the same tick by concurrent requests share one round trip.
    enableAutoPipelining: true,
    // Keep trying forever, at most once a second, so the process heals when Redis returns.
    retryStrategy: (times: number) => Math.min(50 * times, 1000),
    reconnectOnError: () => false,
  };
}

export function createRedisClient(options: RedisStoreOptions): ScriptedRedis {
  const client = connectRedis(options.url, redisClientOptions(options)) as ScriptedRedis;
  for (const [name, script] of Object.entries(SCRIPTS)) client.defineCommand(name, script);
  // Errors are reported through readiness and 503s; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}

class RedisKeyStore implements KeyStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly loss: RedisStoreLossWatch,
    private readonly guard: StoreGuard,
  ) {}

  async create(key: StoredKey): Promise<'created' | 'conflict'> {
    const expireAt = key.expires_at ? Date.parse(key.expires_at) + EXPIRED_KEY_GRACE_MS : 0;
    const created = await this.guard.call(() =>
      this.redis.tenetCreateKey(this.n.keyRecord(key.id), this.n.keyHash(key.hash), this.n.keyIds(), key.id, JSON.stringify(key), String(expireAt)),
    );
    return created === 1 ? 'created' : 'conflict';
  }

  async findByHash(hash: string): Promise<StoredKey | null> {
    const found = await this.guard.call(() => this.redis.tenetLookup(this.n.keyHash(hash), this.n.keyRevocations(), this.n.keyRecordPrefix()));
    if (!found || found[0] === null) return null;
    return withRevocation(found[0], found[1]);
  }

  async findById(id: string): Promise<StoredKey | null> {
    const [json, revokedAt] = await this.guard.call(() => Promise.all([this.redis.get(this.n.keyRecord(id)), this.redis.hget(this.n.keyRevocations(), id)]));
    return json === null ? null : withRevocation(json, revokedAt);
  }

  async list(): Promise<StoredKey[]> {
    return this.guard.call(async () => {
      const ids = (await this.redis.smembers(this.n.keyIds())).sort();
      if (ids.length === 0) return [];
      const [records, revoked] = await Promise.all([
        this.redis.mget(ids.map((id) => this.n.keyRecord(id))),
        this.redis.hgetall(this.n.keyRevocations()),
      ]);
      const keys: StoredKey[] = [];
      const gone: string[] = [];
      records.forEach((json, index) => {
        if (json === null) gone.push(ids[index]);
        else keys.push(withRevocation(json, revoked[ids[index]] ?? null));
      });
      // Records that expired out of Redis leave their id in the set; tidy up lazily.
      if (gone.length > 0) await this.redis.srem(this.n.keyIds(), ...gone);
      return keys;
    });
  }

  async revoke(id: string, at: string): Promise<boolean> {
    const done = await this.guard.call(() => this.redis.tenetRevoke(this.n.keyRecord(id), this.n.keyRevocations(), id, at));
    return done === 1;
  }

  async revokeEnvironmentKey(id: string, at: string): Promise<void> {
    await this.guard.call(() => this.redis.hsetnx(this.n.environmentRevocations(), id, at));
    this.loss.noteEnvironmentRevocation(id, at);
  }

  async revokedEnvironmentKeys(): Promise<Set<string>> {
    const stored = await this.guard.call(() => this.redis.hkeys(this.n.environmentRevocations()));
    // Revocations are permanent: one this instance saw stays in force even if the store lost it.
    return new Set([...stored, ...this.loss.rememberedEnvironmentRevocations()]);
  }
}

function withRevocation(json: string, revokedAt: string | null): StoredKey {
  const key = JSON.parse(json) as StoredKey;
  if (revokedAt) key.revoked_at = revokedAt;
  return key;
}

class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly guard: StoreGuard,
  ) {}

  async increment(name: string, by: number, ttlSeconds: number): Promise<number> {
    return this.guard.call(() => this.redis.tenetIncrement(this.n.counter(name), String(by), String(ttlSeconds)));
  }

  async get(name: string): Promise<number> {
    const value = await this.guard.call(() => this.redis.get(this.n.counter(name)));
    return value === null ? 0 : Number(value);
  }
}

class RedisAuditStore implements AuditStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly guard: StoreGuard,
  ) {}

  async append(entry: AuditEntry, retainSinceMs: number): Promise<void> {
    await this.guard.call(() =>
      this.redis.tenetAudit(this.n.audit(), this.n.auditSequence(), String(Date.parse(entry.at)), JSON.stringify(entry), String(retainSinceMs)),
    );
  }

  async newest(limit: number, retainSinceMs: number): Promise<AuditEntry[]> {
    const members = await this.guard.call(() => this.redis.zrevrangebyscore(this.n.audit(), '+inf', String(retainSinceMs), 'LIMIT', 0, limit));
    // Members are `<zero-padded sequence>|<json>` so equal timestamps keep insertion order.
    return members.map((member) => JSON.parse(member.slice(member.indexOf('|') + 1)) as AuditEntry);
  }
}

class RedisKillSwitchStore implements KillSwitchStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly loss: RedisStoreLossWatch,
    private readonly guard: StoreGuard,
  ) {}

  async read(): Promise<KillSwitches> {
    const stored = await this.guard.call(() => this.redis.hgetall(this.n.killSwitches()));
    const switches = defaultKillSwitches();
    for (const name of KILL_SWITCHES) {
      const json = stored[name];
      // A switch with no stored state that this instance saw set keeps that state (the store lost it).
      const state = json ? (JSON.parse(json) as KillSwitchState) : this.loss.rememberedKillSwitch(name);
      if (state) switches[name] = state;
    }
    return switches;
  }

  async write(name: KillSwitchName, state: KillSwitchState): Promise<void> {
    await this.guard.call(() => this.redis.hset(this.n.killSwitches(), name, JSON.stringify(state)));
    this.loss.noteKillSwitch(name, state);
  }
}

class RedisUsageStore implements UsageStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly guard: StoreGuard,
  ) {}

  async record(keyId: string, month: string, requests: number): Promise<void> {
    const name = this.n.usage(month);
    await this.guard.call(async () => {
      const results = await this.redis.multi().hincrby(name, keyId, requests).expire(name, USAGE_RETENTION_SECONDS).exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('usage transaction aborted');
    });
  }

  async month(month: string): Promise<UsageRowRecord[]> {
    const rows = await this.guard.call(() => this.redis.hgetall(this.n.usage(month)));
    return Object.entries(rows).map(([api_key_id, requests]) => ({ api_key_id, requests: Number(requests) }));
  }
}

/** One Lua script (tenetAdmit): the throttle read, rate-limit hit and usage of a request in one round trip. */
class RedisAdmissionStore implements AdmissionStore {
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly n: RedisKeyNames,
    private readonly guard: StoreGuard,
  ) {}

  async admit(request: AdmissionRequest): Promise<AdmissionResult> {
    const { throttle, rate, usage } = request;
    const [throttled, value] = await this.guard.call(() =>
      this.redis.tenetAdmit(
        this.n.counter(throttle.counter),
        this.n.counter(rate.counter),
        // Unused by the script when there is no usage to record.
        this.n.usage(usage?.month ?? 'none'),
        String(throttle.maxFailures),
        String(rate.ttlSeconds),
        String(rate.limit),
        usage?.keyId ?? '',
        String(usage?.requests ?? 0),
        String(USAGE_RETENTION_SECONDS),
      ),
    );
    return throttled === 1 ? { throttled: true, failures: Number(value) } : { throttled: false, count: Number(value) };
  }
}

class RedisStoreHealth implements StoreHealth {
  readonly name = 'redis';
  readonly durable = true;
  constructor(
    private readonly redis: ScriptedRedis,
    private readonly guard: StoreGuard,
  ) {}

  async check(): Promise<void> {
    await this.guard.call(() => this.redis.ping());
  }
}

export interface RedisKeyStores extends KeyStores {
  client: RedisClient;
  /** Waits for the first connection; resolves false (and keeps retrying in the background) on failure. */
  connected(): Promise<boolean>;
  /** Notices a store that lost its data and keeps security state fail-closed. */
  loss: RedisStoreLossWatch;
  /** Every call of these stores goes through it (guard.ts). */
  guard: StoreGuard;
  shared: SharedStoreLifecycle;
}

export function createRedisStores(options: RedisStoreOptions): RedisKeyStores {
  const redis = createRedisClient(options);
  const p = new RedisKeyNames(options.prefix ?? 'tenet:');
  const guard = options.guard ?? new StoreGuard();
  const loss = new RedisStoreLossWatch(redis, p, { notReadyMs: options.lossNotReadyMs ?? DEFAULT_LOSS_NOT_READY_MS, guard });
  // Keys of the earlier layout move before the first answer; a store unreachable at start gets them moved when it
  // answers. A migration that fails on a reachable store fails the start: serving without it would drop revocations.
  const migrate = layoutMigrator(redis, keyLayoutPlan(p), options.logger);
  redis.on('ready', () => void migrate().catch((error: unknown) => options.logger?.error('Redis key layout migration failed; retried when Redis reconnects', { error: String(error) })));
  const firstConnect = redis.connect().then(
    () => migrate().then(() => true),
    () => false,
  );
  return {
    client: redis,
    keys: new RedisKeyStore(redis, p, loss, guard),
    counters: new RedisCounterStore(redis, p, guard),
    audit: new RedisAuditStore(redis, p, guard),
    killSwitches: new RedisKillSwitchStore(redis, p, loss, guard),
    usage: new RedisUsageStore(redis, p, guard),
    admission: new RedisAdmissionStore(redis, p, guard),
    health: new RedisStoreHealth(redis, guard),
    connected: () => firstConnect,
    loss,
    shared: { connected: () => firstConnect, loss },
    guard,
    close: async () => {
      loss.stop();
      redis.disconnect(false);
    },
  };
}
