/** Per-key fixed-window rate limiting on the shared counter store: one atomic increment per hit. */
import type { RateLimit } from '../../domain/keys/api-key.js';
import { decide, windowAt, type RateDecision } from '../../domain/keys/rate-window.js';
import type { CounterStore } from '../../ports/counter-store.js';

export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 120, window_seconds: 60 };

export class RateLimiter {
  constructor(private readonly counters: CounterStore) {}

  async hit(keyId: string, limit: RateLimit, nowMs: number): Promise<RateDecision> {
    const window = windowAt(nowMs, limit.window_seconds);
    // The window length is part of the name so a changed override never shares a counter with the old one.
    const count = await this.counters.increment(`rl:${keyId}:${limit.window_seconds}:${window.start}`, 1, limit.window_seconds + 5);
    return decide(count, limit.requests, window, nowMs);
  }
}
