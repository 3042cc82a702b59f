/**
 * Resolves a presented raw key to its record: environment keys (SERVICE_API_KEYS, held as hashes) first,
 * then the key store, looked up by sha256. Store answers are cached per instance:
 * - a found key for `revocationWindowMs` (so a revocation made elsewhere is seen within that window, <= 30 s);
 * - an unknown hash for `propagationMs` (so a key issued elsewhere authenticates within that window, <= 15 s).
 * Runtime revocations of environment keys are re-read from the store at most every `revocationWindowMs`; while
 * the store is unreachable the last list read stays in force (environment keys keep working, revoked ones stay out).
 */
import { timingSafeEqual } from 'node:crypto';
import type { EnvironmentKeyConfig } from '../../domain/config.js';
import { isExpired, type RateLimit, type StoredKey } from '../../domain/keys/api-key.js';
import { hashKey } from '../../domain/keys/key-material.js';
import type { KeyStore } from '../../ports/key-store.js';
import { isStoreOutage } from './store-outage.js';
import { BoundedMap } from '../../domain/bounded-map.js';

export interface ResolvedKey {
  id: string;
  source: 'environment' | 'store';
  kind: 'environment' | 'store' | 'trial';
  scopes: string[];
  owner?: string;
  rate_limit?: RateLimit;
  quota_cu?: number;
  expires_at?: string;
}

export interface KeyCacheOptions {
  /** How long a found key (and the environment revocation list) is trusted; default 15 s, at most 30 s. */
  revocationWindowMs?: number;
  /** How long an unknown hash is remembered; default 5 s, at most 15 s. */
  propagationMs?: number;
  /** Upper bound on cached entries of each kind, so sprayed random keys cannot grow memory. */
  maxEntries?: number;
}

export const DEFAULT_REVOCATION_WINDOW_MS = 15_000;
export const DEFAULT_PROPAGATION_MS = 5_000;
/** While the store is unreachable, the environment revocation list is asked for again at most this often. */
const OUTAGE_RETRY_MS = 1_000;

interface CachedLookup {
  key: StoredKey | null;
  until: number;
}

export class KeyRegistry {
  readonly #env: Array<{ entry: EnvironmentKeyConfig; digest: Buffer }>;
  readonly #store: KeyStore;
  readonly #revocationWindowMs: number;
  readonly #propagationMs: number;
  readonly #lookups: BoundedMap<string, CachedLookup>;
  #revokedEnv: { ids: Set<string>; until: number } = { ids: new Set(), until: 0 };
  /** The re-read of the revocation list under way, which concurrent requests share instead of each asking the store. */
  #revokedRead: { revocations: number; done: Promise<void> } | null = null;
  /** Counts local revocations: a re-read begun before one must not stand for the list after it. */
  #revocations = 0;

  constructor(environmentKeys: readonly EnvironmentKeyConfig[], store: KeyStore, options: KeyCacheOptions = {}) {
    this.#env = environmentKeys.map((entry) => ({ entry, digest: Buffer.from(entry.sha256, 'hex') }));
    this.#store = store;
    this.#revocationWindowMs = Math.min(options.revocationWindowMs ?? DEFAULT_REVOCATION_WINDOW_MS, 30_000);
    this.#propagationMs = Math.min(options.propagationMs ?? DEFAULT_PROPAGATION_MS, 15_000);
    this.#lookups = new BoundedMap(options.maxEntries ?? 10_000);
  }

  get environmentKeys(): readonly EnvironmentKeyConfig[] {
    return this.#env.map((e) => e.entry);
  }

  hasEnvironmentKeys(): boolean {
    return this.#env.length > 0;
  }

  isEnvironmentKeyId(id: string): boolean {
    return this.#env.some((e) => e.entry.id === id);
  }

  /** The active key behind a raw key, or null for unknown, expired and revoked keys alike. */
  async resolve(raw: string, nowMs: number): Promise<ResolvedKey | null> {
    const hash = hashKey(raw);
    const env = this.#matchEnvironment(hash);
    if (env) {
      if (isExpired(env.expires_at, nowMs)) return null;
      if ((await this.revokedEnvironmentKeys(nowMs)).has(env.id)) return null;
      const resolved: ResolvedKey = { id: env.id, source: 'environment', kind: 'environment', scopes: [...env.scopes] };
      if (env.owner !== undefined) resolved.owner = env.owner;
      if (env.rate_limit) resolved.rate_limit = env.rate_limit;
      if (env.expires_at !== undefined) resolved.expires_at = env.expires_at;
      return resolved;
    }
    const stored = await this.#lookup(hash, nowMs);
    if (!stored || stored.revoked_at || isExpired(stored.expires_at, nowMs)) return null;
    const resolved: ResolvedKey = { id: stored.id, source: 'store', kind: stored.kind === 'trial' ? 'trial' : 'store', scopes: [...stored.scopes] };
    if (stored.owner !== undefined) resolved.owner = stored.owner;
    if (stored.rate_limit) resolved.rate_limit = stored.rate_limit;
    if (stored.quota_cu !== undefined) resolved.quota_cu = stored.quota_cu;
    if (stored.expires_at !== undefined) resolved.expires_at = stored.expires_at;
    return resolved;
  }

  /**
   * The runtime revocations of environment keys, re-read from the store when the last read is older than the
   * window. Concurrent requests share one re-read: with a hung store they wait for one call, not one each.
   */
  async revokedEnvironmentKeys(nowMs: number): Promise<Set<string>> {
    if (this.#env.length === 0) return new Set();
    if (nowMs < this.#revokedEnv.until) return this.#revokedEnv.ids;
    const read = (this.#revokedRead ??= { revocations: this.#revocations, done: this.#rereadRevocations(nowMs) });
    await read.done;
    // The read joined began before a revocation made here since: one begun after it (made or joined now) counts.
    if (read.revocations !== this.#revocations) await (this.#revokedRead ??= { revocations: this.#revocations, done: this.#rereadRevocations(nowMs) }).done;
    return this.#revokedEnv.ids;
  }

  async #rereadRevocations(nowMs: number): Promise<void> {
    const revocations = this.#revocations;
    // Let the caller keep the read before it starts: a store that fails at once must not clear it first.
    await Promise.resolve();
    try {
      // Revocations are permanent, so what this instance saw stays revoked even if the store lost it.
      const stored = await this.#store.revokedEnvironmentKeys();
      if (revocations === this.#revocations) this.#revokedEnv = { ids: new Set([...this.#revokedEnv.ids, ...stored]), until: nowMs + this.#revocationWindowMs };
    } catch (error) {
      if (!isStoreOutage(error)) throw error;
      // Fail closed: the revocations last read stay in force while the store is away; ask again shortly.
      if (revocations === this.#revocations) this.#revokedEnv = { ids: this.#revokedEnv.ids, until: nowMs + Math.min(this.#revocationWindowMs, OUTAGE_RETRY_MS) };
    } finally {
      if (revocations === this.#revocations) this.#revokedRead = null;
    }
  }

  /** Called after a revocation on this instance so it takes effect here at once. */
  forget(id: string): void {
    for (const [hash, cached] of this.#lookups) if (cached.key?.id === id) this.#lookups.delete(hash);
    this.#revocations += 1;
    this.#revokedRead = null;
    this.#revokedEnv.until = 0;
  }

  /** Called after an issuance on this instance so a cached "unknown" does not delay the new key here. */
  forgetHash(hash: string): void {
    this.#lookups.delete(hash);
  }

  #matchEnvironment(hash: string): EnvironmentKeyConfig | undefined {
    const digest = Buffer.from(hash, 'hex');
    // Compare against every entry so the time taken does not reveal which entry matched.
    let match: EnvironmentKeyConfig | undefined;
    for (const candidate of this.#env) {
      if (candidate.digest.length === digest.length && timingSafeEqual(candidate.digest, digest) && match === undefined) match = candidate.entry;
    }
    return match;
  }

  async #lookup(hash: string, nowMs: number): Promise<StoredKey | null> {
    const cached = this.#lookups.get(hash);
    if (cached && nowMs < cached.until) return cached.key;
    const key = await this.#store.findByHash(hash);
    // The store is keyed by hash already; re-check in constant time so a faulty store cannot hand back another key.
    const verified = key && key.hash.length === hash.length && timingSafeEqual(Buffer.from(key.hash), Buffer.from(hash)) ? key : null;
    this.#lookups.set(hash, { key: verified, until: nowMs + (verified ? this.#revocationWindowMs : this.#propagationMs) });
    return verified;
  }
}
