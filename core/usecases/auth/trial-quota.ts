/** The lifetime compute-unit quota of trial keys, counted atomically on the shared counter store. */
import { ServiceError } from '../../domain/errors.js';
import type { CounterStore } from '../../ports/counter-store.js';

/** Quota counters outlive the 14-day key by a day, then expire with it. */
const QUOTA_COUNTER_TTL_SECONDS = 15 * 86_400;

export class TrialQuota {
  constructor(private readonly counters: CounterStore) {}

  /**
   * Adds `units` and throws 429 rate_limited when the total passes the quota. The quota never refills,
   * so retry-after points at the key's expiry: the client needs a new key.
   */
  async charge(keyId: string, quota: number, units: number, expiresAt: string | undefined, nowMs: number): Promise<number> {
    const used = await this.counters.increment(`cu:${keyId}`, units, QUOTA_COUNTER_TTL_SECONDS);
    if (used > quota) {
      const expiry = expiresAt ? Date.parse(expiresAt) : nowMs + 1000;
      const retryAfter = Math.max(1, Math.ceil((expiry - nowMs) / 1000));
      throw new ServiceError('rate_limited', `Trial key compute-unit quota of ${quota} exhausted; request a new trial key.`, {
        data: { retry_after_seconds: retryAfter, quota_cu: quota, used_cu: Math.min(used, quota) },
        retryAfterSeconds: retryAfter,
      });
    }
    return used;
  }

  /** Takes back units charged for work that never started. */
  async refund(keyId: string, units: number): Promise<void> {
    await this.counters.increment(`cu:${keyId}`, -units, QUOTA_COUNTER_TTL_SECONDS);
  }
}
