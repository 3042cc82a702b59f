/** In-process stores: the embedded default for a single instance. Nothing survives a restart (`durable` false). */
import type { AuditEntry } from '../../core/domain/keys/audit.js';
import { isRecordGone, type StoredKey } from '../../core/domain/keys/api-key.js';
import { defaultKillSwitches, type KillSwitchName, type KillSwitchState, type KillSwitches } from '../../core/domain/keys/kill-switch.js';
import type { UsageRowRecord } from '../../core/domain/keys/usage-month.js';
import type { AdmissionRequest, AdmissionResult, AdmissionStore } from '../../core/ports/admission-store.js';
import type { AuditStore } from '../../core/ports/audit-store.js';
import type { CounterStore } from '../../core/ports/counter-store.js';
import type { KeyStore } from '../../core/ports/key-store.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import type { KillSwitchStore } from '../../core/ports/kill-switch-store.js';
import type { StoreHealth } from '../../core/ports/store-health.js';
import type { UsageStore } from '../../core/ports/usage-store.js';
import { LocalCounters } from '../../core/usecases/auth/local-counters.js';

type Clock = () => number;

const clone = <T>(value: T): T => structuredClone(value);

/** How often creating a key also sweeps out records past their expiry and grace period. */
const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * Keys by id and by hash. Like the Redis store, a record is dropped EXPIRED_KEY_GRACE_MS after its key expires:
 * reads stop seeing it at once, and creating keys sweeps such records out at most hourly, so minted trial keys
 * do not accumulate in a long-running instance.
 */
export class MemoryKeyStore implements KeyStore {
  private readonly byId = new Map<string, StoredKey>();
  private readonly idByHash = new Map<string, string>();
  private readonly revokedEnv = new Set<string>();
  private lastSweep = 0;

  constructor(private readonly now: Clock = Date.now) {}

  async create(key: StoredKey): Promise<'created' | 'conflict'> {
    this.sweep();
    if (this.live(key.id) !== undefined) return 'conflict';
    this.drop(key.id);
    // A key created already past its grace period is gone at once, as PEXPIREAT in the past makes it on Redis.
    if (isRecordGone(key.expires_at, this.now())) return 'created';
    this.byId.set(key.id, clone(key));
    this.idByHash.set(key.hash, key.id);
    return 'created';
  }

  async findByHash(hash: string): Promise<StoredKey | null> {
    const id = this.idByHash.get(hash);
    const key = id === undefined ? undefined : this.live(id);
    return key ? clone(key) : null;
  }

  async findById(id: string): Promise<StoredKey | null> {
    const key = this.live(id);
    return key ? clone(key) : null;
  }

  async list(): Promise<StoredKey[]> {
    const now = this.now();
    return [...this.byId.values()].filter((key) => !isRecordGone(key.expires_at, now)).map(clone);
  }

  /** The record when the store still holds it. */
  private live(id: string): StoredKey | undefined {
    const key = this.byId.get(id);
    return key === undefined || isRecordGone(key.expires_at, this.now()) ? undefined : key;
  }

  private drop(id: string): void {
    const key = this.byId.get(id);
    if (key === undefined) return;
    this.byId.delete(id);
    if (this.idByHash.get(key.hash) === id) this.idByHash.delete(key.hash);
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [id, key] of this.byId) if (isRecordGone(key.expires_at, now)) this.drop(id);
  }

  /** Records held, live or not yet swept (for tests of the sweep). */
  get size(): number {
    return this.byId.size;
  }

  async revoke(id: string, at: string): Promise<boolean> {
    const key = this.live(id);
    if (!key) return false;
    key.revoked_at ??= at;
    return true;
  }

  async revokeEnvironmentKey(id: string, _at: string): Promise<void> {
    this.revokedEnv.add(id);
  }

  async revokedEnvironmentKeys(): Promise<Set<string>> {
    return new Set(this.revokedEnv);
  }
}

export class MemoryAuditStore implements AuditStore {
  private entries: AuditEntry[] = [];

  async append(entry: AuditEntry, retainSinceMs: number): Promise<void> {
    this.entries.push(clone(entry));
    this.entries = this.entries.filter((e) => Date.parse(e.at) >= retainSinceMs);
  }

  async newest(limit: number, retainSinceMs: number): Promise<AuditEntry[]> {
    return this.entries
      .filter((e) => Date.parse(e.at) >= retainSinceMs)
      .map((e, index) => ({ e, index }))
      .sort((a, b) => Date.parse(b.e.at) - Date.parse(a.e.at) || b.index - a.index)
      .slice(0, limit)
      .map(({ e }) => clone(e));
  }
}

export class MemoryKillSwitchStore implements KillSwitchStore {
  private state: KillSwitches = defaultKillSwitches();

  async read(): Promise<KillSwitches> {
    return clone(this.state);
  }

  async write(name: KillSwitchName, state: KillSwitchState): Promise<void> {
    this.state[name] = clone(state);
  }
}

export class MemoryUsageStore implements UsageStore {
  private readonly months = new Map<string, Map<string, number>>();

  async record(keyId: string, month: string, requests: number): Promise<void> {
    let rows = this.months.get(month);
    if (!rows) {
      rows = new Map();
      this.months.set(month, rows);
      this.prune();
    }
    rows.set(keyId, (rows.get(keyId) ?? 0) + requests);
  }

  async month(month: string): Promise<UsageRowRecord[]> {
    return [...(this.months.get(month) ?? new Map<string, number>())].map(([api_key_id, requests]) => ({ api_key_id, requests }));
  }

  /** Keep the 14 newest months (about 13 months of history plus the current one). */
  private prune(): void {
    const names = [...this.months.keys()].sort();
    for (const name of names.slice(0, Math.max(0, names.length - 14))) this.months.delete(name);
  }
}

/** The three steps one after another: nothing else runs between them on one thread. */
export class MemoryAdmissionStore implements AdmissionStore {
  constructor(
    private readonly counters: CounterStore,
    private readonly usage: UsageStore,
  ) {}

  async admit(request: AdmissionRequest): Promise<AdmissionResult> {
    const failures = await this.counters.get(request.throttle.counter);
    if (failures >= request.throttle.maxFailures) return { throttled: true, failures };
    const count = await this.counters.increment(request.rate.counter, 1, request.rate.ttlSeconds);
    if (request.usage !== undefined && count <= request.rate.limit) await this.usage.record(request.usage.keyId, request.usage.month, request.usage.requests);
    return { throttled: false, count };
  }
}

export class MemoryStoreHealth implements StoreHealth {
  readonly name = 'memory';
  readonly durable = false;
  async check(): Promise<void> {}
}

export function createMemoryStores(options: { now?: Clock } = {}): KeyStores {
  const counters = new LocalCounters(options.now);
  const usage = new MemoryUsageStore();
  return {
    keys: new MemoryKeyStore(options.now),
    counters,
    audit: new MemoryAuditStore(),
    killSwitches: new MemoryKillSwitchStore(),
    usage,
    admission: new MemoryAdmissionStore(counters, usage),
    health: new MemoryStoreHealth(),
    close: async () => {},
  };
}
