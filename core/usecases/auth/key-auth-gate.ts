/**
 * The AuthGate: environment keys plus store keys, failed-auth throttling, per-key fixed-window rate
 * limits, trial-key kill switch and quota, scope checks and monthly usage counting.
 *
 * Order per request: throttle check -> key resolution (401, counted as a failure) -> rate limit
 * (429 rate_limited) -> trial traffic kill switch (403) -> trial quota (429) -> scope (403) -> usage.
 * Every answer past key resolution carries the key's rate-limit window (rateLimit; over HTTP the x-ratelimit-*
 * headers). For keys other than trial keys the
 * store work (throttle read, rate-limit hit, usage) is one AdmissionStore step: one Redis round trip.
 * With the shared store unreachable: no key is still 401, environment keys still authenticate (rate limited on
 * this instance), anything else that needs the store is 503 store_unavailable (docs/auth.md, "Store outage").
 */
import { ServiceError } from '../../domain/errors.js';
import { CU_PER_REQUEST } from '../../domain/keys/compute-units.js';
import { rateLimitStatus, type RateDecision, type RateLimitStatus } from '../../domain/keys/rate-window.js';
import { grants } from '../../domain/keys/scopes.js';
import { utcMonth } from '../../domain/keys/usage-month.js';
import { type AuthGate, type AuthOutcome, type AuthRequest, type Principal } from '../../ports/auth-gate.js';
import type { AdmissionResult } from '../../ports/admission-store.js';
import type { ComputeMeter } from '../../ports/compute-meter.js';
import type { KeyStores } from '../../ports/key-stores.js';
import type { DependencyHealth } from '../../ports/readiness.js';
import { FailedAuthThrottle, type ThrottlePolicy } from './failed-auth-throttle.js';
import type { KeyRegistry, ResolvedKey } from './key-registry.js';
import type { KillSwitchReader } from './kill-switch-reader.js';
import { LocalCounters } from './local-counters.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './rate-limiter.js';
import { isStoreOutage } from './store-outage.js';
import { TrialQuota } from './trial-quota.js';
import { BoundedMap } from '../../domain/bounded-map.js';

export interface KeyAuthGateDeps {
  registry: KeyRegistry;
  stores: KeyStores;
  killSwitches: KillSwitchReader;
  now?: () => number;
  throttle?: ThrottlePolicy;
}

interface Metered {
  quota: number;
  expiresAt?: string;
}

export class KeyAuthGate implements AuthGate, ComputeMeter {
  readonly #registry: KeyRegistry;
  readonly #stores: KeyStores;
  readonly #kill: KillSwitchReader;
  readonly #now: () => number;
  readonly #throttle: FailedAuthThrottle;
  readonly #limiter: RateLimiter;
  readonly #quota: TrialQuota;
  /** Rate-limit windows of environment keys while the shared store is unreachable. */
  readonly #localCounters: LocalCounters;
  /** Quota facts of trial keys seen by this instance, for charge(); bounded like the registry cache. */
  readonly #metered = new BoundedMap<string, Metered>(10_000);

  constructor(deps: KeyAuthGateDeps) {
    this.#registry = deps.registry;
    this.#stores = deps.stores;
    this.#kill = deps.killSwitches;
    this.#now = deps.now ?? Date.now;
    this.#throttle = new FailedAuthThrottle(deps.stores.counters, deps.throttle);
    this.#limiter = new RateLimiter(deps.stores.counters);
    this.#quota = new TrialQuota(deps.stores.counters);
    this.#localCounters = new LocalCounters(this.#now);
  }

  async authenticate(request: AuthRequest): Promise<AuthOutcome> {
    const now = this.#now();
    const raw = request.presentedKey;
    // A key the registry has cached resolves without the store; only then does the store work fit in one step.
    const key = raw === null ? null : await this.#registry.resolve(raw, now);
    if (!key) {
      // Resolution got here without the store failing, so the answer is 401 even during a store outage:
      // the throttle (a throttled client is refused whatever it presented) is then best effort.
      await bestEffort(this.#throttle.assertNotThrottled(request.clientIp, now));
      if (!(await this.#configured())) throw new ServiceError('auth_not_configured');
      // A request without any key is not an authentication attempt; only presented keys that fail count.
      if (raw !== null) await bestEffort(this.#throttle.recordFailure(request.clientIp, now));
      throw new ServiceError('unauthorized');
    }
    if (key.kind === 'trial') return this.#authenticateTrial(key, request, now);

    // Throttle read, rate-limit hit and usage in one step; usage only counts a request that will be served.
    const limit = key.rate_limit ?? DEFAULT_RATE_LIMIT;
    const scoped = grants(key.scopes, request.scope);
    const admission = await this.#stores.admission
      .admit({
        throttle: this.#throttle.counter(request.clientIp, now),
        rate: this.#limiter.counter(key.id, limit, now),
        usage: scoped ? { keyId: key.id, month: utcMonth(now), requests: 1 } : undefined,
      })
      .catch(async (error: unknown): Promise<AdmissionResult> => {
        // Environment keys need no store to be known, so the operator keeps access during an outage: the
        // limit is counted on this instance, and neither the throttle nor monthly usage is recorded.
        if (key.kind !== 'environment' || !isStoreOutage(error)) throw error;
        const { counter, ttlSeconds } = this.#limiter.counter(key.id, limit, now);
        return { throttled: false, count: await this.#localCounters.increment(counter, 1, ttlSeconds) };
      });
    if (admission.throttled) throw this.#throttle.throttled(now);
    const decision = this.#limiter.decide(admission.count, limit, now);
    const rateLimit = rateLimitStatus(decision);
    if (!decision.allowed) throw this.#rateLimited(decision, key.id);
    if (!scoped) throw this.#insufficientScope(request.scope, rateLimit, key.id);
    return { principal: toPrincipal(key), rateLimit };
  }

  /** Trial keys: the same checks step by step, with the kill switch and quota between rate limit and scope. */
  async #authenticateTrial(key: ResolvedKey, request: AuthRequest, now: number): Promise<AuthOutcome> {
    await this.#throttle.assertNotThrottled(request.clientIp, now);
    const decision = await this.#limiter.hit(key.id, key.rate_limit ?? DEFAULT_RATE_LIMIT, now);
    const rateLimit = rateLimitStatus(decision);
    if (!decision.allowed) throw this.#rateLimited(decision, key.id);
    await this.#checkTrial(key, now, rateLimit);
    if (!grants(key.scopes, request.scope)) throw this.#insufficientScope(request.scope, rateLimit, key.id);
    await this.#stores.usage.record(key.id, utcMonth(now), 1);
    return { principal: toPrincipal(key), rateLimit };
  }

  #rateLimited(decision: RateDecision, keyId: string): ServiceError {
    return new ServiceError('rate_limited', undefined, {
      data: { retry_after_seconds: decision.retryAfterSeconds },
      retryAfterSeconds: decision.retryAfterSeconds,
      rateLimit: rateLimitStatus(decision),
      keyId,
    });
  }

  #insufficientScope(scope: string, rateLimit: RateLimitStatus, keyId: string): ServiceError {
    return new ServiceError('insufficient_scope', `The API key lacks the required scope: ${scope}.`, { data: { required_scope: scope }, rateLimit, keyId });
  }

  async charge(principal: Principal | null, units: number): Promise<void> {
    if (!principal || principal.kind !== 'trial' || units <= 0) return;
    const metered = this.#metered.get(principal.key_id);
    if (!metered) return;
    await this.#quota.charge(principal.key_id, metered.quota, units, metered.expiresAt, this.#now());
  }

  async refund(principal: Principal | null, units: number): Promise<void> {
    if (!principal || principal.kind !== 'trial' || units <= 0) return;
    if (!this.#metered.has(principal.key_id)) return;
    await this.#quota.refund(principal.key_id, units);
  }

  async health(): Promise<DependencyHealth> {
    const name = 'auth configuration';
    if (this.#registry.hasEnvironmentKeys()) {
      return { name, status: 'ready', detail: `${this.#registry.environmentKeys.length} environment key(s) and the ${this.#stores.health.name} key store` };
    }
    if (this.#stores.health.durable) return { name, status: 'ready', detail: `keys from the shared ${this.#stores.health.name} key store` };
    try {
      if ((await this.#stores.keys.list()).length > 0) return { name, status: 'degraded', detail: 'no environment keys; only keys issued into the memory store' };
    } catch {
      // fall through: an unreadable store holds no usable keys
    }
    return { name, status: 'unavailable', detail: 'no API keys configured (SERVICE_API_KEYS is empty and no shared key store)' };
  }

  async #configured(): Promise<boolean> {
    if (this.#registry.hasEnvironmentKeys() || this.#stores.health.durable) return true;
    // A memory store with no environment keys: only keys minted into it (trial keys) can exist.
    return (await this.#stores.keys.list()).length > 0;
  }

  async #checkTrial(key: ResolvedKey, now: number, rateLimit: RateLimitStatus): Promise<void> {
    if (key.kind !== 'trial') return;
    const switches = await this.#kill.read(now);
    if (switches.trial_traffic.engaged) throw new ServiceError('trial_traffic_disabled', undefined, { rateLimit });
    if (key.quota_cu === undefined) return;
    this.#metered.set(key.id, key.expires_at === undefined ? { quota: key.quota_cu } : { quota: key.quota_cu, expiresAt: key.expires_at });
    try {
      await this.#quota.charge(key.id, key.quota_cu, CU_PER_REQUEST, key.expires_at, now);
    } catch (error) {
      if (error instanceof ServiceError) {
        throw new ServiceError(error.code, error.message, { data: error.data, retryAfterSeconds: error.retryAfterSeconds ?? undefined, rateLimit });
      }
      throw error;
    }
  }
}

/** Store work whose loss during an outage changes no answer. */
async function bestEffort(work: Promise<void>): Promise<void> {
  await work.catch((error: unknown) => {
    if (!isStoreOutage(error)) throw error;
  });
}

function toPrincipal(key: ResolvedKey): Principal {
  const principal: Principal = { key_id: key.id, scopes: key.scopes, kind: key.kind };
  return key.owner === undefined ? principal : { ...principal, owner: key.owner };
}
