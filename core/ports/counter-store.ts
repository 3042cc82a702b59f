/** Shared counters for rate limits, failed-auth throttling, issuance caps and quotas. */
export interface CounterStore {
  /**
   * Atomically adds `by` to the counter and, when this call created it, sets its expiry.
   * Returns the new value. On Redis this is one Lua script (INCRBY + EXPIRE).
   */
  increment(name: string, by: number, ttlSeconds: number): Promise<number>;
  /** Current value, 0 when absent or expired. */
  get(name: string): Promise<number>;
}
