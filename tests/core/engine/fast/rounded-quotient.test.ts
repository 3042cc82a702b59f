/**
 * `rqdiv` (a rule's `rounding` applied to a quotient on generated code, #12/#14) against what the explain path
 * computes: decimal.js divides to 28 significant digits half-even, then `roundTo` rounds to the places. The
 * scaling mirrors the emitter (emit/rounding.ts): N at scale sn over D at scale sd to `places` decimals is
 * rqdiv(N * 10^x, D) with x = places + sd - sn, or rqdiv(N, D * 10^-x) when x < 0.
 */
import { describe, expect, it } from 'vitest';
import { BAIL, HELPERS } from '../../../../core/engine/fast/kernel/helpers.js';
import { roundTo } from '../../../../core/engine/explain/value-ops.js';
import { Decimal } from '../../../../core/engine/values.js';
import { mulberry32 } from '../../../support/prng.js';

const MODES = ['half_up', 'half_even', 'floor', 'ceil'] as const;
type Mode = (typeof MODES)[number];
const MODE_NUMBER: Record<Mode, number> = { half_up: 0, half_even: 1, floor: 2, ceil: 3 };
const HALF = 2 ** 52;
/** Enough digits to hold every quotient here exactly (denominators 2^k, 5^k up to 2^52 terminate within 52 places). */
const Exact = Decimal.clone({ precision: 200 });

interface Case {
  readonly n: number;
  readonly sn: number;
  readonly d: number;
  readonly sd: number;
  readonly places: number;
  readonly mode: Mode;
}

/** The explain path's value, signed (decimal.js keeps -0), as text at the places. */
function explain(c: Case): string {
  const value = new Decimal(c.n).div(10 ** c.sn).dividedBy(new Decimal(c.d).div(10 ** c.sd));
  return show(roundTo(value, c.places, c.mode), c.places);
}

/** rqdiv's scaled integer as the same text, or 'bail'. */
function fast(c: Case): string {
  const x = c.places + c.sd - c.sn;
  try {
    const m = x >= 0 ? HELPERS.rqdiv(HELPERS.up(c.n, 10 ** x), c.d, MODE_NUMBER[c.mode]) : HELPERS.rqdiv(c.n, HELPERS.up(c.d, 10 ** -x), MODE_NUMBER[c.mode]);
    return show(new Decimal(m).div(10 ** c.places), c.places);
  } catch (e) {
    if (e === BAIL) return 'bail';
    throw e;
  }
}

function show(d: Decimal, places: number): string {
  return `${d.isNeg() ? '-' : '+'}${d.abs().toFixed(places)}`;
}

/** Whether the scaled inputs stay within what rqdiv takes (|n|, |d| <= 2^52 after the emitter's scaling). */
function inside(c: Case): boolean {
  const x = c.places + c.sd - c.sn;
  const n = x >= 0 ? c.n * 10 ** x : c.n;
  const d = x >= 0 ? c.d : c.d * 10 ** -x;
  return Math.abs(n) <= HALF && Math.abs(d) <= HALF && Number.isSafeInteger(n) && Number.isSafeInteger(d);
}

function expectAgreement(cases: readonly Case[]): void {
  const mismatches = cases.filter((c) => fast(c) !== explain(c)).map((c) => ({ ...c, fast: fast(c), explain: explain(c) }));
  expect(mismatches.slice(0, 5)).toEqual([]);
}

const randomInt = (r: () => number, digits: number): number => Math.floor(r() * 10 ** digits);
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const signed = (r: () => number, v: number): number => (r() < 0.3 ? -v : v);

describe('rqdiv: a rounded quotient equals decimal.js (28 digits half-even, then the rule rounding)', () => {
  it('random magnitudes, scales, signs and modes (50,000 cases)', () => {
    const r = mulberry32(20261124);
    const cases: Case[] = [];
    while (cases.length < 50_000) {
      const c: Case = {
        n: signed(r, randomInt(r, Math.floor(r() * 16))),
        sn: Math.floor(r() * 5),
        d: signed(r, 1 + randomInt(r, Math.floor(r() * 14))),
        sd: Math.floor(r() * 5),
        places: Math.floor(r() * 5),
        mode: pick(r, MODES),
      };
      if (inside(c)) cases.push(c);
    }
    expectAgreement(cases);
    // Not vacuous: most of these quotients are inexact, so decimal.js rounded them to 28 digits first.
    const inexact = cases.filter((c) => !new Exact(c.n).div(10 ** c.sn).div(new Exact(c.d).div(10 ** c.sd)).eq(new Decimal(c.n).div(10 ** c.sn).div(new Decimal(c.d).div(10 ** c.sd))));
    expect(inexact.length).toBeGreaterThan(25_000);
  });

  it('pro rata shares: cents x (people - excluded) / people, every mode', () => {
    // 400.00 x 2 / 3 = 266.666... -> 266.67 half up (the bundled case-16 of 273.11(c)); 0.01 x 1 / 2 = 0.005 -> 0.01.
    const cases: Case[] = [];
    for (const cents of [40000, 1, 5, 99999, 123456789, 100000000000])
      for (let people = 1; people <= 12; people++)
        for (let kept = 0; kept <= people; kept++) for (const mode of MODES) cases.push({ n: cents * kept, sn: 2, d: people, sd: 0, places: 2, mode });
    expectAgreement(cases);
    expect(fast({ n: 80000, sn: 2, d: 3, sd: 0, places: 2, mode: 'half_up' })).toBe('+266.67');
    expect(fast({ n: 1, sn: 2, d: 2, sd: 0, places: 2, mode: 'half_up' })).toBe('+0.01');
    expect(fast({ n: 1, sn: 2, d: 2, sd: 0, places: 2, mode: 'half_even' })).toBe('+0.00');
  });

  it('exact halves at the final place, signed, in every mode', () => {
    const r = mulberry32(7);
    const cases: Case[] = [];
    for (let i = 0; i < 5_000; i++) {
      const d = 2 * (1 + randomInt(r, Math.floor(r() * 7)));
      const q = randomInt(r, Math.floor(r() * 8));
      // (q * d + d / 2) / d = q + 1/2 exactly: a tie for half_up (away from zero) and half_even (to even).
      cases.push({ n: signed(r, q * d + d / 2), sn: 0, d: signed(r, d), sd: 0, places: 0, mode: pick(r, MODES) });
    }
    expectAgreement(cases);
    expect(fast({ n: -5, sn: 0, d: 2, sd: 0, places: 0, mode: 'half_up' })).toBe('-3');
    expect(fast({ n: -5, sn: 0, d: 2, sd: 0, places: 0, mode: 'half_even' })).toBe('-2');
    expect(fast({ n: -5, sn: 0, d: 2, sd: 0, places: 0, mode: 'floor' })).toBe('-3');
    expect(fast({ n: -5, sn: 0, d: 2, sd: 0, places: 0, mode: 'ceil' })).toBe('-2');
  });

  it('quotients of exactly 29 significant digits ending in 5 (a tie at the 28th digit for decimal.js)', () => {
    const r = mulberry32(29);
    const cases: Case[] = [];
    let ties = 0;
    while (ties < 2_000) {
      // m / 2^k and m / 5^k terminate after k places; some have exactly 29 significant digits.
      const base = r() < 0.5 ? 2 : 5;
      const k = base === 2 ? 20 + Math.floor(r() * 33) : 10 + Math.floor(r() * 13);
      const d = base ** k;
      const m = Math.floor(r() * Math.min(d * 1000, HALF / 1e6));
      const exact = new Exact(m).div(d);
      if (m % base === 0 || exact.sd() !== 29) continue;
      ties++;
      for (const mode of MODES) for (const places of [0, 2, 6]) cases.push({ n: signed(r, m), sn: 0, d, sd: 0, places, mode });
    }
    // The 28-digit rounding really moved these quotients (half-even at the 28th digit).
    expect(cases.every((c) => !new Decimal(c.n).div(c.d).eq(new Exact(c.n).div(c.d)))).toBe(true);
    expectAgreement(cases);
  });

  it('results below 1, large values, zeros and -0', () => {
    const cases: Case[] = [];
    for (const mode of MODES) {
      for (const places of [0, 2, 4]) {
        for (const [n, d] of [
          [1, 3e15],
          [-1, 3e15],
          [1, 7],
          [2, -3],
          [HALF / 1e4, 3],
          [-(HALF / 1e4 - 1), 7],
          [HALF / 1e4, -HALF],
          [0, 3],
          [0, -3],
          [-0, 3],
          [-0, -3],
          [-1, 1e15],
          [1, -1e15],
        ] as const) {
          cases.push({ n, sn: 0, d, sd: 0, places, mode });
        }
      }
    }
    expectAgreement(cases);
    // -0.004 rounds to -0.00 half up and -0 / 3 is -0: decimal.js keeps the sign, and so does rqdiv.
    expect(fast({ n: -4, sn: 3, d: 1, sd: 0, places: 2, mode: 'half_up' })).toBe('-0.00');
    expect(fast({ n: -0, sn: 0, d: 3, sd: 0, places: 2, mode: 'half_up' })).toBe('-0.00');
    expect(fast({ n: 2, sn: 0, d: 3e15, sd: 0, places: 2, mode: 'ceil' })).toBe('+0.01');
  });

  it('bails outside what it takes: a zero divisor (the explain path raises) and operands beyond 2^52', () => {
    expect(fast({ n: 5, sn: 0, d: 0, sd: 0, places: 2, mode: 'half_up' })).toBe('bail');
    expect(fast({ n: HALF + 2, sn: 0, d: 3, sd: 0, places: 0, mode: 'half_up' })).toBe('bail');
    expect(fast({ n: 1, sn: 0, d: -(HALF + 2), sd: 0, places: 0, mode: 'floor' })).toBe('bail');
    expect(fast({ n: HALF / 8, sn: 0, d: 3, sd: 0, places: 2, mode: 'half_up' })).toBe('bail'); // x 100 > 2^52
  });
});
