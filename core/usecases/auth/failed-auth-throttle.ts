/**
 * Failed-authentication throttling: 20 failures within a 300 s window (aligned to the epoch) from one
 * client make every further request from it 429 auth_throttled until the window ends. Only presented
 * keys that fail count; successes never count.
 */
import { ServiceError } from '../../domain/errors.js';
import { secondsUntilReset, windowAt } from '../../domain/keys/rate-window.js';
import type { CounterStore } from '../../ports/counter-store.js';

export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowSeconds: 300 };

/** Client identities come from a header; bound their length before they become counter names. */
function clientKey(client: string): string {
  return client.slice(0, 100);
}

export class FailedAuthThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  #name(client: string, start: number): string {
    return `authfail:${start}:${clientKey(client)}`;
  }

  /** The counter of the client's failures in the current window and the count that throttles it. */
  counter(client: string, nowMs: number): { counter: string; maxFailures: number } {
    return { counter: this.#name(client, windowAt(nowMs, this.policy.windowSeconds).start), maxFailures: this.policy.maxFailures };
  }

  /** 429 auth_throttled, retryable when the current window ends. */
  throttled(nowMs: number): ServiceError {
    const retryAfter = secondsUntilReset(nowMs, windowAt(nowMs, this.policy.windowSeconds));
    const wait = `${retryAfter} second${retryAfter === 1 ? '' : 's'}`;
    return new ServiceError('auth_throttled', `Too many failed authentication attempts from this client; retry after ${wait} (retry-after), with a valid key.`, {
      data: { retry_after_seconds: retryAfter },
      retryAfterSeconds: retryAfter,
    });
  }

  /** Throws 429 auth_throttled when the client has used up its failures in the current window. */
  async assertNotThrottled(client: string, nowMs: number): Promise<void> {
    const { counter, maxFailures } = this.counter(client, nowMs);
    if ((await this.counters.get(counter)) >= maxFailures) throw this.throttled(nowMs);
  }

  async recordFailure(client: string, nowMs: number): Promise<void> {
    const window = windowAt(nowMs, this.policy.windowSeconds);
    await this.counters.increment(this.#name(client, window.start), 1, this.policy.windowSeconds + 5);
  }
}
