import { describe, expect, it } from 'vitest';
import { averageCaseLatency, buildRunRecord, newestFirst, summaryOf, totalsOf } from '../../../../core/domain/validation/run.js';

describe('validation run totals', () => {
  it('counts one variable per row by status; every status but uncovered is covered', () => {
    const rows = ['parity_match', 'parity_match', 'parity_diff', 'drift_diff', 'covered', 'uncovered', 'uncovered'].map((status, i) => ({ variable: `v${i}`, status }));
    expect(totalsOf(rows)).toEqual({ variables: 7, covered: 5, parity_match: 2, parity_diff: 1, drift_diff: 1, uncovered: 2 });
    expect(totalsOf([])).toEqual({ variables: 0, covered: 0, parity_match: 0, parity_diff: 0, drift_diff: 0, uncovered: 0 });
  });

  it('rejects a row without a known status, naming its position', () => {
    expect(() => totalsOf([{ status: 'parity_match' }, { variable: 'x' }])).toThrow(/^body\.rows\[1\]\.status: must be one of/);
    expect(() => totalsOf([{ status: 'match' }])).toThrow(/rows\[0\]/);
  });

  it('averages the cases that state latency_ms, rounding to whole milliseconds', () => {
    expect(averageCaseLatency([{ latency_ms: 10 }, { latency_ms: 15 }, { id: 'no timing' }])).toBe(13);
    expect(averageCaseLatency([{ id: 'a' }])).toBeNull();
    expect(averageCaseLatency([])).toBeNull();
    // Finite latencies whose sum is not (issue #25): the mean stays finite instead of becoming null in JSON.
    expect(averageCaseLatency([{ latency_ms: 1.7e308 }, { latency_ms: 1.7e308 }])).toBe(1.7e308);
    expect(() => averageCaseLatency([{ latency_ms: -1 }])).toThrow(/cases\[0\]\.latency_ms/);
    expect(() => averageCaseLatency([{ latency_ms: '5' }])).toThrow(/cases\[0\]/);
  });

  it('builds a record with identity, defaults nulls, and summarises without rows and cases', () => {
    const record = buildRunRecord({ kind: 'parity', rows: [{ status: 'covered' }] }, { id: 'vr-1', recordedAt: new Date('2026-11-21T10:00:00Z'), contractHash: 'sha256:ab' });
    expect(record).toEqual({
      id: 'vr-1',
      kind: 'parity',
      recorded_at: '2026-11-21T10:00:00.000Z',
      api_version: null,
      contract_hash: 'sha256:ab',
      base_url: null,
      model_versions: null,
      totals: { variables: 1, covered: 1, parity_match: 0, parity_diff: 0, drift_diff: 0, uncovered: 0 },
      avg_case_latency_ms: null,
      rows: [{ status: 'covered' }],
      cases: [],
    });
    expect(summaryOf(record)).not.toHaveProperty('rows');
    expect(summaryOf(record)).not.toHaveProperty('cases');
  });

  it('orders newest first, then by id descending', () => {
    const s = (id: string, at: string) => summaryOf(buildRunRecord({ kind: 'k', rows: [] }, { id, recordedAt: new Date(at), contractHash: 'h' }));
    const sorted = [s('a', '2026-01-01T00:00:00Z'), s('b', '2026-02-01T00:00:00Z'), s('c', '2026-01-01T00:00:00Z')].sort(newestFirst);
    expect(sorted.map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });
});
