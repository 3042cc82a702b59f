/** Per-key fixed-window rate limiting on the shared counter store: one atomic increment per hit. */
import type { RateLimit } from '../../domain/keys/api-key.js';
import { decide, windowAt, type RateDecision } from '../../domain/keys/rate-window.js';
import type { CounterStore } from '../../ports/counter-store.js';

export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 120, window_seconds: 60 };

export class RateLimiter {
  constructor(private readonly counters: CounterStore) {}

  async hit(keyId: string, limit: RateLimit, nowMs: number): Promise<RateDecision> {
    const { counter, ttlSeconds } = this.counter(keyId, limit, nowMs);
    return this.decide(await this.counters.increment(counter, 1, ttlSeconds), limit, nowMs);
  }

  /** The key's counter in the current window (for a hit made elsewhere, e.g. an AdmissionStore). */
  counter(keyId: string, limit: RateLimit, nowMs: number): { counter: string; ttlSeconds: number; limit: number } {
    const window = windowAt(nowMs, limit.window_seconds);
    // The window length is part of the name so a changed override never shares a counter with the old one.
    return { counter: `rl:${keyId}:${limit.window_seconds}:${window.start}`, ttlSeconds: limit.window_seconds + 5, limit: limit.requests };
  }

  /** The decision for a window count after a hit. */
  decide(count: number, limit: RateLimit, nowMs: number): RateDecision {
    return decide(count, limit.requests, windowAt(nowMs, limit.window_seconds), nowMs);
  }
}
