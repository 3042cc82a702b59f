/**
 * A rounding of a line over the grid as a staircase known in closed form: round(a + b·K) to a unit, as exact
 * integer arithmetic on the grid index K. The sweep enumerates a staircase's steps from it instead of evaluating
 * the rules again at every step (the EITC's whole-dollar credit steps about every 20 cents of monthly earnings).
 *
 * Exact, and the same as the evaluator's decimal rounding at every index: a staircase is made only where
 * a + b·K is a whole number of 1/D units with integer numerators that plain numbers carry exactly over the whole
 * range (safe integers), and where the decimal arithmetic of a + b·K is itself exact (it has the digits); elsewhere
 * the evaluator keeps evaluating step by step. Each step's end is guessed and then settled by exact checks.
 */
import { Decimal } from '../values.js';
import { bisect } from './bisect.js';

/** The roundings a staircase reproduces: floor/ceil and the rule roundings of ../explain/value-ops.ts roundTo. */
export type StepMode = 'floor' | 'ceil' | 'half_up' | 'half_even';

/** round((A + B·K) / D) in the mode, as a whole number of units; A, B, D integers with D > 0. */
export interface Staircase {
  readonly A: number;
  readonly B: number;
  readonly D: number;
  readonly mode: StepMode;
  /** The unit of the rounded value (1 for floor/ceil, 10^-places for a rule's rounding). */
  readonly unit: Decimal;
}

/** The precision of the engine's decimals (core/engine/values.ts): a + b·K is exact while it needs no more digits. */
const PRECISION = 28;

/** floor(n / d) for integers n and d > 0 whose quotient plain numbers may round: settled by the remainder. */
function floorDiv(n: number, d: number): number {
  let q = Math.floor(n / d);
  const r = n - q * d;
  if (r < 0) q -= 1;
  else if (r >= d) q += 1;
  return q;
}

/** The rounded value at index k, in units. */
export function stepAt(s: Staircase, k: number): number {
  const n = s.A + s.B * k;
  switch (s.mode) {
    case 'floor':
      return floorDiv(n, s.D);
    case 'ceil':
      return -floorDiv(-n, s.D);
    case 'half_up': {
      // Ties away from zero, as decimal.js ROUND_HALF_UP.
      const up = floorDiv(2 * Math.abs(n) + s.D, 2 * s.D);
      return n < 0 ? -up : up;
    }
    default: {
      const q = floorDiv(n, s.D);
      const twice = 2 * (n - q * s.D);
      return twice < s.D || (twice === s.D && q % 2 === 0) ? q : q + 1;
    }
  }
}

/** A decimal's value times 10^places as an integer, when it is one plain numbers carry exactly. */
function scaled(d: Decimal, places: number): number | undefined {
  const n = d.times(new Decimal(10).pow(places));
  if (!n.isInteger() || n.abs().gt(Number.MAX_SAFE_INTEGER)) return undefined;
  return n.toNumber();
}

/**
 * The staircase of round(a + b·K) to `unit` (a power of ten) over indexes 0..last, or undefined where it cannot
 * be exact (then the caller rounds at each index as before).
 */
export function staircase(a: Decimal, b: Decimal, unit: Decimal, mode: StepMode, last: number): Staircase | undefined {
  if (b.isZero()) return undefined;
  const places = Math.max(a.decimalPlaces(), b.decimalPlaces());
  const reach = a.abs().plus(b.abs().times(last));
  // Digits a + b·K needs at most: the decimal arithmetic of the per-index rounding is exact within them.
  if (reach.gte(1) && reach.precision(true) - reach.decimalPlaces() + places > PRECISION) return undefined;
  if (places > PRECISION) return undefined;
  // (a + b·K) / unit = (A + B·K) / D with D = 10^places · unit (a whole number when unit ≥ 10^-places).
  const unitPlaces = unit.decimalPlaces();
  const top = Math.max(places, unitPlaces);
  const A = scaled(a, top);
  const B = scaled(b, top);
  const D = scaled(unit, top);
  if (A === undefined || B === undefined || D === undefined || D <= 0) return undefined;
  if (Math.abs(A) + Math.abs(B) * last > Number.MAX_SAFE_INTEGER / 4 || D > Number.MAX_SAFE_INTEGER / 4) return undefined;
  return { A, B, D, mode, unit };
}

/**
 * Where (A + B·K)/D leaves the value v, moving the way B goes: floor reaches v + 1 (rising) or falls below v;
 * ceil passes v (rising) or reaches v − 1; the half roundings pass v ± 1/2. A guess: ties are settled by exact checks.
 */
function boundary(mode: StepMode, v: number, rising: boolean): number {
  if (mode === 'floor') return rising ? v + 1 : v;
  if (mode === 'ceil') return rising ? v : v - 1;
  return rising ? v + 0.5 : v - 0.5;
}

/**
 * The last index in [k, last] with the value it has at k. The value is monotone in k, so the indexes with one value
 * form an interval: its end is guessed where the line meets the next value and settled by exact checks (a bisection
 * if the guess is far off).
 */
export function stepEnd(s: Staircase, k: number, last: number): number {
  const value = stepAt(s, k);
  const same = (i: number): boolean => stepAt(s, i) === value;
  if (same(last)) return last;
  const target = boundary(s.mode, value, s.B > 0) * s.D;
  let guess = Math.min(last - 1, Math.max(k, Math.floor((target - s.A) / s.B)));
  for (let moves = 0; moves < 4 && !same(guess) && guess > k; moves++) guess -= 1;
  for (let moves = 0; moves < 4 && same(guess) && same(guess + 1); moves++) guess += 1;
  if (same(guess) && !same(guess + 1)) return guess;
  return bisect(same, k, last);
}

/** The rounded value at index k as a decimal (units times the unit). */
export function stepValue(s: Staircase, k: number): Decimal {
  const units = stepAt(s, k);
  return s.unit.eq(1) ? new Decimal(units) : s.unit.times(units);
}
