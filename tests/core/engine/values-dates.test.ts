/**
 * isoToDays (plain arithmetic, no cache) gives what the calendar gives: every month and day number 0..32 of many
 * years checked against JavaScript's own proleptic Gregorian Date, real dates and impossible ones alike.
 */
import { describe, expect, it } from 'vitest';
import { daysToIso, isoToDays } from '../../../core/engine/values.js';

/** The calendar's answer: days since 1970-01-01 when Date keeps the same year, month and day, else undefined. */
function calendarDays(y: number, m: number, d: number): number | undefined {
  const at = new Date(Date.UTC(2000, m - 1, d));
  at.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return undefined;
  return Math.round(at.getTime() / 86_400_000);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('isoToDays', () => {
  it('agrees with the calendar on every month 0..13 and day 0..32 of years near 0, 1600, 2000 and 9999', () => {
    const years = [...range(0, 120), ...range(1580, 1610), ...range(1890, 2110), ...range(9980, 9999)];
    let real = 0;
    for (const y of years)
      for (const m of range(0, 13))
        for (const d of range(0, 32)) {
          const expected = calendarDays(y, m, d);
          const iso = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          if (isoToDays(iso) !== expected) expect({ iso, days: isoToDays(iso) }).toEqual({ iso, days: expected });
          if (expected !== undefined) real += 1;
        }
    // 392 years: 365 or 366 days each (leap years include 0, 1600, 2000 but not 1700, 1900, 2100).
    expect(real).toBeGreaterThan(392 * 365);
  });

  it('round-trips with daysToIso and knows the epoch and leap days', () => {
    expect(isoToDays('1970-01-01')).toBe(0);
    expect(isoToDays('1969-12-31')).toBe(-1);
    // 2000 is a leap year (divisible by 400), 1900 and 2100 are not (divisible by 100 only).
    expect(isoToDays('2000-02-29')).toBe(11_016);
    expect(isoToDays('1900-02-29')).toBeUndefined();
    expect(isoToDays('2100-02-29')).toBeUndefined();
    // 0000-01-01 is day -719,528 and 9999-12-31 day 2,932,896.
    expect(isoToDays('0000-01-01')).toBe(-719_528);
    expect(isoToDays('9999-12-31')).toBe(2_932_896);
    for (let days = -719_528; days <= 2_932_896; days += 997) expect(isoToDays(daysToIso(days))).toBe(days);
  });

  it('refuses text that is not YYYY-MM-DD', () => {
    for (const text of ['', '2026-1-01', '2026-01-1', '2026/01/01', '20260101', ' 2026-01-01', '2026-01-01 ', '2026-01-01\n', '２０２６-01-01', '2026-0a-01', '-026-01-01', '+2026-01-01'])
      expect(isoToDays(text)).toBeUndefined();
  });
});
