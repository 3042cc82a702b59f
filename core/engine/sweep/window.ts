/**
 * How far along the axis a decision keeps its outcome. Every window starts at the grid index being evaluated
 * (the sweep only moves right), so a window is its last index `hi` and the rule whose decision ends it.
 */
import type { CompiledDerived } from '../compile/index.js';
import { Decimal } from '../values.js';
import { cmpHolds } from '../explain/value-ops.js';
import { valueAt } from './line.js';
import { bisect } from './bisect.js';

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
  return cmpHolds(op, valueAt(d, k).comparedTo(0));
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

/** Where a rounding changes value: `floor` at the next unit, `ceil` just past the current one, `half` at the half unit. */
export type RoundingKind = 'floor' | 'ceil' | 'half';

/**
 * The y at which the rounded value c stops being c, moving in the direction of the line's slope (the guess that
 * roundingHi starts from; an exact check follows).
 */
function boundary(c: Decimal, unit: Decimal, kind: RoundingKind, rising: boolean): Decimal {
  if (kind === 'half') return rising ? c.plus(unit.dividedBy(2)) : c.minus(unit.dividedBy(2));
  if (kind === 'floor') return rising ? c.plus(unit) : c;
  return rising ? c : c.minus(unit);
}

/**
 * Last index in [k0, last] at which `round(y)` keeps its value at k0. Rounding is monotone in y and y is linear
 * in the index, so the indexes with the same rounded value form one interval. Its end is guessed from where y
 * meets the rounding boundary, then settled by exact checks a step or two either side; bisection is the fallback.
 */
export function roundingHi(y: Linear, k0: number, last: number, round: (n: Decimal) => Decimal, unit: Decimal, kind: RoundingKind): number {
  if (y.b.isZero()) return last;
  const value = round(valueAt(y, k0));
  const same = (k: number): boolean => round(valueAt(y, k)).eq(value);
  const cross = boundary(value, unit, kind, y.b.isPositive()).minus(y.a).dividedBy(y.b).floor();
  if (cross.gte(last)) {
    if (same(last)) return last;
  } else {
    // Walk from the guess to the last index with the same value: usually two exact checks.
    let guess = Math.max(k0, cross.toNumber());
    let here = same(guess);
    for (let moves = 0; moves < 4 && !here && guess > k0; moves++) here = same(--guess);
    if (here) {
      let next = guess < last && same(guess + 1);
      for (let moves = 0; moves < 4 && next; moves++) next = ++guess < last && same(guess + 1);
      if (!next) return guess;
    }
  }
  return bisect(same, k0, last);
}
