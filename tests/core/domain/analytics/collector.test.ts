import { describe, expect, it } from 'vitest';
import { AnalyticsCollector, MAX_TRACKED_KEYS, UNMATCHED_ROUTE } from '../../../../core/domain/analytics/collector.js';
import type { RequestRecord } from '../../../../core/ports/request-observer.js';

function rec(overrides: Partial<RequestRecord>): RequestRecord {
  return { method: 'GET', route: '/v1/search', status: 200, duration_ms: 10, request_id: 'r', key_id: null, error_code: null, client_ip: '10.0.0.1', ...overrides };
}

function clock(start = Date.parse('2026-11-21T10:00:00.000Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('AnalyticsCollector', () => {
  it('starts empty, stamped with its instance id and start time', () => {
    const c = clock();
    const snap = new AnalyticsCollector('inst-1', c.now).snapshot();
    expect(snap).toEqual({
      instance_id: 'inst-1',
      collected_since: '2026-11-21T10:00:00.000Z',
      generated_at: '2026-11-21T10:00:00.000Z',
      totals: { requests: 0, by_status: {} },
      auth_events: { unauthorized: 0, insufficient_scope: 0, rate_limited: 0, auth_throttled: 0, auth_misconfigured: 0 },
      store_errors: 0,
      routes: [],
      keys: [],
    });
  });

  it('counts statuses, auth events and store errors from the error codes', () => {
    const collector = new AnalyticsCollector('i');
    collector.observe(rec({ status: 401, error_code: 'unauthorized' }));
    collector.observe(rec({ status: 403, error_code: 'insufficient_scope', key_id: 'k' }));
    collector.observe(rec({ status: 429, error_code: 'rate_limited', key_id: 'k' }));
    collector.observe(rec({ status: 429, error_code: 'auth_throttled' }));
    collector.observe(rec({ status: 503, error_code: 'auth_not_configured' }));
    collector.observe(rec({ status: 503, error_code: 'store_unavailable' }));
    collector.observe(rec({ status: 200 }));
    collector.recordStoreError();
    const snap = collector.snapshot();
    expect(snap.totals).toEqual({ requests: 7, by_status: { '200': 1, '401': 1, '403': 1, '429': 2, '503': 2 } });
    expect(snap.auth_events).toEqual({ unauthorized: 1, insufficient_scope: 1, rate_limited: 1, auth_throttled: 1, auth_misconfigured: 1 });
    expect(snap.store_errors).toBe(2);
    expect(snap.keys).toEqual([expect.objectContaining({ api_key_id: 'k', requests: 2, rate_limited: 1 })]);
  });

  it('keeps per-route outcome counts, mean and max duration and latency buckets, sorted by requests', () => {
    const collector = new AnalyticsCollector('i');
    for (const ms of [5, 25, 26, 100, 400, 2000, 2500]) collector.observe(rec({ route: '/v1/rules/**:rule_id', duration_ms: ms }));
    collector.observe(rec({ method: 'POST', route: '/v1/search', status: 400, duration_ms: 1 }));
    collector.observe(rec({ method: 'POST', route: '/v1/search', status: 502, duration_ms: 3 }));
    collector.observe(rec({ route: null, status: 404, duration_ms: 1 }));
    const [rules, search, unmatched] = collector.snapshot().routes;
    expect(rules).toEqual({
      route: 'GET /v1/rules/**:rule_id',
      requests: 7,
      success: 7,
      client_errors: 0,
      server_errors: 0,
      avg_duration_ms: 722.286,
      max_duration_ms: 2500,
      latency_buckets: { le_25ms: 2, le_100ms: 2, le_500ms: 1, le_2000ms: 1, gt_2000ms: 1 },
    });
    expect(search).toMatchObject({ route: 'POST /v1/search', requests: 2, success: 0, client_errors: 1, server_errors: 1, avg_duration_ms: 2, max_duration_ms: 3 });
    expect(unmatched).toMatchObject({ route: UNMATCHED_ROUTE, requests: 1, client_errors: 1 });
  });

  it('sorts keys by requests and records when each was last used', () => {
    const c = clock();
    const collector = new AnalyticsCollector('i', c.now);
    collector.observe(rec({ key_id: 'a' }));
    c.advance(1000);
    collector.observe(rec({ key_id: 'b' }));
    c.advance(1000);
    collector.observe(rec({ key_id: 'b' }));
    expect(collector.snapshot().keys).toEqual([
      { api_key_id: 'b', requests: 2, rate_limited: 0, last_used_at: '2026-11-21T10:00:02.000Z' },
      { api_key_id: 'a', requests: 1, rate_limited: 0, last_used_at: '2026-11-21T10:00:00.000Z' },
    ]);
  });

  it('bounds the key table, dropping the least recently used key', () => {
    const collector = new AnalyticsCollector('i');
    collector.observe(rec({ key_id: 'first' }));
    for (let i = 0; i < MAX_TRACKED_KEYS; i++) collector.observe(rec({ key_id: `k${i}` }));
    const keys = collector.snapshot().keys;
    expect(keys).toHaveLength(MAX_TRACKED_KEYS);
    expect(keys.some((k) => k.api_key_id === 'first')).toBe(false);
  });

  it('treats a non-finite or negative duration as zero', () => {
    const collector = new AnalyticsCollector('i');
    collector.observe(rec({ duration_ms: Number.NaN }));
    collector.observe(rec({ duration_ms: -4 }));
    expect(collector.snapshot().routes[0]).toMatchObject({ avg_duration_ms: 0, max_duration_ms: 0, latency_buckets: { le_25ms: 2 } });
  });
});
