/**
 * Per-instance request counters, fed one RequestRecord per response. Pure and synchronous: the HTTP
 * platform calls observe() on the response path, so it must stay O(1) and never throw.
 */
import type { RequestRecord } from './request-record.js';
import type { AnalyticsSnapshot, AuthEvents, KeyStats, LatencyBuckets, RouteStats } from './snapshot.js';
import { BoundedMap } from '../bounded-map.js';

/** Requests no route matched share one row, so unknown paths cannot grow the table. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Distinct keys tracked per instance; beyond it the least recently used key's row is dropped. */
export const MAX_TRACKED_KEYS = 10_000;

const AUTH_EVENT_BY_CODE: Record<string, keyof AuthEvents> = {
  unauthorized: 'unauthorized',
  insufficient_scope: 'insufficient_scope',
  rate_limited: 'rate_limited',
  auth_throttled: 'auth_throttled',
  auth_not_configured: 'auth_misconfigured',
};

interface RouteCounter {
  requests: number;
  success: number;
  client_errors: number;
  server_errors: number;
  total_ms: number;
  max_ms: number;
  buckets: LatencyBuckets;
}

interface KeyCounter {
  requests: number;
  rate_limited: number;
  last_used_ms: number;
}

function bucketOf(ms: number): keyof LatencyBuckets {
  if (ms <= 25) return 'le_25ms';
  if (ms <= 100) return 'le_100ms';
  if (ms <= 500) return 'le_500ms';
  if (ms <= 2000) return 'le_2000ms';
  return 'gt_2000ms';
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export class AnalyticsCollector {
  readonly instanceId: string;
  readonly #since: Date;
  readonly #now: () => Date;
  #requests = 0;
  readonly #byStatus = new Map<number, number>();
  readonly #auth: AuthEvents = { unauthorized: 0, insufficient_scope: 0, rate_limited: 0, auth_throttled: 0, auth_misconfigured: 0 };
  #storeErrors = 0;
  readonly #routes = new Map<string, RouteCounter>();
  /** Insertion order doubles as recency order (a hit re-inserts), for the bound. */
  readonly #keys = new BoundedMap<string, KeyCounter>(MAX_TRACKED_KEYS);

  constructor(instanceId: string, now: () => Date = () => new Date()) {
    this.instanceId = instanceId;
    this.#now = now;
    this.#since = now();
  }

  observe(record: RequestRecord): void {
    this.#requests += 1;
    this.#byStatus.set(record.status, (this.#byStatus.get(record.status) ?? 0) + 1);
    const event = record.error_code === null ? undefined : AUTH_EVENT_BY_CODE[record.error_code];
    if (event !== undefined) this.#auth[event] += 1;
    if (record.error_code === 'store_unavailable') this.#storeErrors += 1;
    this.#countRoute(record);
    if (record.key_id !== null) this.#countKey(record.key_id, record.error_code === 'rate_limited');
  }

  /** A shared-store failure outside a request (e.g. a background analytics flush). */
  recordStoreError(): void {
    this.#storeErrors += 1;
  }

  snapshot(): AnalyticsSnapshot {
    const byStatus: Record<string, number> = {};
    for (const [status, count] of [...this.#byStatus.entries()].sort((a, b) => a[0] - b[0])) byStatus[String(status)] = count;
    const routes: RouteStats[] = [...this.#routes.entries()].map(([route, c]) => ({
      route,
      requests: c.requests,
      success: c.success,
      client_errors: c.client_errors,
      server_errors: c.server_errors,
      avg_duration_ms: c.requests === 0 ? 0 : round3(c.total_ms / c.requests),
      max_duration_ms: round3(c.max_ms),
      latency_buckets: { ...c.buckets },
    }));
    routes.sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
    const keys: KeyStats[] = [...this.#keys.entries()].map(([id, c]) => ({
      api_key_id: id,
      requests: c.requests,
      rate_limited: c.rate_limited,
      last_used_at: new Date(c.last_used_ms).toISOString(),
    }));
    keys.sort((a, b) => b.requests - a.requests || a.api_key_id.localeCompare(b.api_key_id));
    return {
      instance_id: this.instanceId,
      collected_since: this.#since.toISOString(),
      generated_at: this.#now().toISOString(),
      totals: { requests: this.#requests, by_status: byStatus },
      auth_events: { ...this.#auth },
      store_errors: this.#storeErrors,
      routes,
      keys,
    };
  }

  #countRoute(record: RequestRecord): void {
    const name = record.route === null ? UNMATCHED_ROUTE : `${record.method} ${record.route}`;
    let c = this.#routes.get(name);
    if (c === undefined) {
      c = { requests: 0, success: 0, client_errors: 0, server_errors: 0, total_ms: 0, max_ms: 0, buckets: { le_25ms: 0, le_100ms: 0, le_500ms: 0, le_2000ms: 0, gt_2000ms: 0 } };
      this.#routes.set(name, c);
    }
    const ms = Number.isFinite(record.duration_ms) && record.duration_ms > 0 ? record.duration_ms : 0;
    c.requests += 1;
    if (record.status >= 500) c.server_errors += 1;
    else if (record.status >= 400) c.client_errors += 1;
    else c.success += 1;
    c.total_ms += ms;
    if (ms > c.max_ms) c.max_ms = ms;
    c.buckets[bucketOf(ms)] += 1;
  }

  #countKey(keyId: string, rateLimited: boolean): void {
    const existing = this.#keys.get(keyId);
    const c = existing ?? { requests: 0, rate_limited: 0, last_used_ms: 0 };
    // Re-added on every use, so the key dropped when the table is full is the one unused longest.
    if (existing !== undefined) this.#keys.delete(keyId);
    c.requests += 1;
    if (rateLimited) c.rate_limited += 1;
    c.last_used_ms = this.#now().getTime();
    this.#keys.set(keyId, c);
  }
}
