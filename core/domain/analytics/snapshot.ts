/** The AnalyticsSnapshot shape of the specification: one instance's counters since it started. */

export interface LatencyBuckets {
  le_25ms: number;
  le_100ms: number;
  le_500ms: number;
  le_2000ms: number;
  gt_2000ms: number;
}

export interface RouteStats {
  /** `METHOD /pattern` (the route pattern, never the raw path); `(unmatched)` for requests no route matched. */
  route: string;
  requests: number;
  success: number;
  client_errors: number;
  server_errors: number;
  avg_duration_ms: number;
  max_duration_ms: number;
  latency_buckets: LatencyBuckets;
}

export interface KeyStats {
  api_key_id: string;
  requests: number;
  rate_limited: number;
  last_used_at: string;
}

export interface AuthEvents {
  unauthorized: number;
  insufficient_scope: number;
  rate_limited: number;
  auth_throttled: number;
  auth_misconfigured: number;
}

export interface AnalyticsSnapshot {
  instance_id: string;
  collected_since: string;
  generated_at: string;
  totals: { requests: number; by_status: Record<string, number> };
  auth_events: AuthEvents;
  store_errors: number;
  routes: RouteStats[];
  keys: KeyStats[];
}

/** What `scope=global` answers: every live instance's last flushed snapshot. */
export interface GlobalAnalytics {
  scope: 'global';
  store: string;
  instances: AnalyticsSnapshot[];
}
