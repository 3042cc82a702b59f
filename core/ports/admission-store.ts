/**
 * A request's store work once its key is known, as one atomic step (one round trip on Redis instead of
 * three): read the client's failed-authentication count; unless that has reached the throttle, count a hit
 * on the key's rate-limit window; and when the hit is within the limit, record the request in the key's
 * monthly usage. The result is what the three separate steps would give.
 */
export interface AdmissionRequest {
  /** The client's failed-authentication counter (a CounterStore name) and the count that throttles it. */
  throttle: { counter: string; maxFailures: number };
  /** The key's rate-limit window counter (a CounterStore name), its time to live and its limit. */
  rate: { counter: string; ttlSeconds: number; limit: number };
  /** Usage to record when the hit is admitted; omitted when the request is refused for another reason. */
  usage?: { keyId: string; month: string; requests: number };
}

export type AdmissionResult =
  /** The client is throttled: nothing was counted. */
  | { throttled: true; failures: number }
  /** The window's count after this hit (admitted when at most the limit). */
  | { throttled: false; count: number };

export interface AdmissionStore {
  admit(request: AdmissionRequest): Promise<AdmissionResult>;
}
