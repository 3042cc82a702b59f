import { describe, expect, it } from 'vitest';
import { displayPrefix, formatKey, hashKey, looksLikeIssuedKey, sameHash } from '../../../../core/domain/keys/key-material.js';
import { decide, rateLimitStatus, secondsUntilReset, windowAt } from '../../../../core/domain/keys/rate-window.js';
import { grants, isGrantableScope } from '../../../../core/domain/keys/scopes.js';
import { secondsUntilNextUtcDay, trialExpiry, utcDay } from '../../../../core/domain/keys/trial-policy.js';
import { MONTH_PATTERN, sortUsage, utcMonth } from '../../../../core/domain/keys/usage-month.js';
import { calculationUnits } from '../../../../core/domain/keys/compute-units.js';

describe('key material', () => {
  it('formats 192 random bits behind a recognisable prefix', () => {
    const key = formatKey(new Uint8Array(24).fill(255));
    expect(key).toBe('tnt_' + '_'.repeat(32));
    expect(looksLikeIssuedKey(key)).toBe(true);
    expect(displayPrefix(key)).toHaveLength(12);
    expect(() => formatKey(new Uint8Array(8))).toThrow(RangeError);
  });

  it('hashes to lowercase hex sha256 and compares hashes exactly', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sameHash(hashKey('a'), hashKey('a'))).toBe(true);
    expect(sameHash(hashKey('a'), hashKey('b'))).toBe(false);
    expect(sameHash('ab', 'abc')).toBe(false);
  });
});

describe('scopes', () => {
  it('passes * and exact scopes only', () => {
    expect(grants(['*'], 'admin:keys')).toBe(true);
    expect(grants(['rules:read'], 'rules:read')).toBe(true);
    expect(grants(['rules:read'], 'admin:keys')).toBe(false);
    expect(grants([], 'rules:read')).toBe(false);
    expect(isGrantableScope('admin:keys')).toBe(true);
    expect(isGrantableScope('admin:everything')).toBe(false);
  });
});

describe('fixed windows aligned to the epoch', () => {
  it('starts windows at multiples of the window length', () => {
    expect(windowAt(125_500, 60)).toEqual({ start: 120, reset: 180 });
    expect(windowAt(120_000, 60)).toEqual({ start: 120, reset: 180 });
    expect(() => windowAt(0, 0)).toThrow(RangeError);
  });

  it('decides on the post-increment count and reports headers', () => {
    const window = windowAt(125_500, 60);
    const ok = decide(120, 120, window, 125_500);
    expect(ok).toMatchObject({ allowed: true, remaining: 0 });
    const over = decide(121, 120, window, 125_500);
    expect(over).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 55 });
    expect(rateLimitStatus(ok)).toEqual({ limit: 120, remaining: 0, reset: 180 });
    expect(secondsUntilReset(179_999, window)).toBe(1);
  });
});

describe('trial policy, usage months and compute units', () => {
  it('computes expiry, days and day resets in UTC', () => {
    const now = Date.parse('2026-11-21T23:59:30.000Z');
    expect(trialExpiry(now)).toBe('2026-12-05T23:59:30.000Z');
    expect(utcDay(now)).toBe('2026-11-21');
    expect(secondsUntilNextUtcDay(now)).toBe(30);
    expect(utcMonth(now)).toBe('2026-11');
  });

  it('gives the UTC month at its edges, in whatever order instants come', () => {
    const instants: Array<[string, string]> = [
      ['2026-11-30T23:59:59.999Z', '2026-11'],
      ['2026-12-01T00:00:00.000Z', '2026-12'],
      ['2026-11-01T00:00:00.000Z', '2026-11'],
      ['2026-10-31T23:59:59.999Z', '2026-10'],
      ['2028-02-29T12:00:00.000Z', '2028-02'],
      ['2026-12-31T23:59:59.999Z', '2026-12'],
      ['2027-01-01T00:00:00.000Z', '2027-01'],
      ['2026-11-15T00:00:00.000Z', '2026-11'],
    ];
    for (const [instant, month] of instants) expect(utcMonth(Date.parse(instant)), instant).toBe(month);
  });

  it('validates months and sorts usage by requests descending', () => {
    expect(MONTH_PATTERN.test('2026-11')).toBe(true);
    expect(MONTH_PATTERN.test('2026-13')).toBe(false);
    expect(MONTH_PATTERN.test('26-11')).toBe(false);
    expect(sortUsage([{ api_key_id: 'a', requests: 1 }, { api_key_id: 'b', requests: 5 }]).map((r) => r.api_key_id)).toEqual(['b', 'a']);
  });

  it('charges one unit per calculation entry', () => {
    expect(calculationUnits(25)).toBe(25);
    expect(() => calculationUnits(-1)).toThrow(RangeError);
  });
});
