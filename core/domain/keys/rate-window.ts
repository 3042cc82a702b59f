/** Fixed windows aligned to the Unix epoch, so every instance agrees on window boundaries. */

export interface Window {
  /** Unix seconds at which the window started */
  start: number;
  /** Unix seconds at which the window ends (the `x-ratelimit-reset` value) */
  reset: number;
}

export function windowAt(nowMs: number, windowSeconds: number): Window {
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new RangeError('window_seconds must be an integer >= 1');
  const nowSeconds = Math.floor(nowMs / 1000);
  const start = nowSeconds - (nowSeconds % windowSeconds);
  return { start, reset: start + windowSeconds };
}

/** Whole seconds until the window ends; at least 1 so a client never retries in a busy loop. */
export function secondsUntilReset(nowMs: number, window: Window): number {
  return Math.max(1, Math.ceil(window.reset - nowMs / 1000));
}

/** Where a key stands in its rate-limit window (over HTTP: the x-ratelimit-limit, -remaining and -reset headers). */
export interface RateLimitStatus {
  limit: number;
  remaining: number;
  /** Unix seconds at which the window ends. */
  reset: number;
}

export interface RateDecision extends RateLimitStatus {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Decide on the count returned by an atomic increment (the hit already counted). */
export function decide(count: number, limit: number, window: Window, nowMs: number): RateDecision {
  const allowed = count <= limit;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    reset: window.reset,
    retryAfterSeconds: allowed ? 0 : secondsUntilReset(nowMs, window),
  };
}

export function rateLimitStatus(decision: RateDecision): RateLimitStatus {
  return { limit: decision.limit, remaining: decision.remaining, reset: decision.reset };
}
