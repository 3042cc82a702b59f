/**
 * How far along the axis a decision keeps its outcome. Every window starts at the grid index being evaluated
 * (the sweep only moves right), so a window is its last index `hi` and the rule whose decision ends it.
 */
import type { CompiledDerived } from '../compile/index.js';
import { Decimal } from '../values.js';
import { valueAt } from './line.js';

export interface Window {
  /** Last grid index at which every decision made so far keeps its outcome. */
  hi: number;
  /** The rule whose decision ends the window (undefined when the window runs to the end of the range). */
  rule?: CompiledDerived;
}

/** Narrows `w` to end no later than `hi`, naming `rule` when it is the tighter end. */
export function narrow(w: Window, hi: number, rule: CompiledDerived | undefined): void {
  if (hi < w.hi) {
    w.hi = hi;
    w.rule = rule;
  }
}

type Linear = { a: Decimal; b: Decimal };

/** The comparison `d op 0` at grid index k, exactly. */
function holds(op: string, d: Linear, k: number): boolean {
  const c = valueAt(d, k).comparedTo(0);
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '==':
      return c === 0;
    default:
      return c !== 0;
  }
}

/**
 * Last index in [k0, last] at which `d op 0` has the outcome it has at k0. A line changes sign once, at its
 * root r, so the outcome can only change between indexes next to r; those candidates are checked exactly
 * (the root itself is a rounded quotient, the check is not).
 */
export function comparisonHi(op: string, d: Linear, k0: number, last: number): number {
  if (d.b.isZero()) return last;
  const root = d.a.negated().dividedBy(d.b);
  if (root.gt(last + 2) || root.lt(k0 - 2)) return last;
  const base = root.floor().toNumber();
  const outcome = holds(op, d, k0);
  for (let c = base - 2; c <= base + 2; c++) {
    if (c < k0 || c >= last) continue;
    if (holds(op, d, c + 1) !== outcome) return c;
  }
  return last;
}

/**
 * Last index in [k0, last] at which `round(y)` keeps its value at k0. Rounding is monotone in y and y is
 * linear in the index, so the indexes with the same rounded value form one interval: found by bisection
 * between k0 and an index where y has moved by more than two rounding units.
 */
export function roundingHi(y: Linear, k0: number, last: number, round: (n: Decimal) => Decimal, unit: Decimal): number {
  if (y.b.isZero()) return last;
  const value = round(valueAt(y, k0));
  const same = (k: number): boolean => round(valueAt(y, k)).eq(value);
  const reach = new Decimal(unit).times(2).dividedBy(y.b.abs()).ceil().plus(1);
  let hi = reach.gte(last - k0) ? last : k0 + reach.toNumber();
  if (same(hi)) return hi;
  let lo = k0;
  // Invariant: same(lo) and not same(hi).
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (same(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
