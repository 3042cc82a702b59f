/**
 * Numbers of a sweep as lines over the axis grid: value(K) = a + b·K, where K is the grid index
 * (x = from + K·step). A constant stays an ordinary `num` Value; only an axis-dependent number is a Line.
 */
import { Decimal, num, type Value } from '../values.js';
import type { CompiledDerived } from '../compile/index.js';
import { SweepError } from './errors.js';
import type { Staircase } from './steps.js';

export interface Line {
  readonly k: 'line';
  /** Value at K = 0 (the start of the range). */
  readonly a: Decimal;
  /** Change per grid step; never zero (a zero slope is a plain number). */
  readonly b: Decimal;
}

/**
 * A rounding of a line, kept whole rather than rounded at one index (./steps.ts): round(a + b·K) at every index of
 * the window it was computed over. A consumer that needs its number takes the value at its index and a window that
 * ends with the step; the sweep enumerates an output's steps in closed form.
 */
export interface Steps {
  readonly k: 'steps';
  readonly stairs: Staircase;
  /** The rule whose rounding makes the steps: each step's breakpoint names it. */
  readonly rule?: CompiledDerived;
}

/** What the sweep evaluator computes: an ordinary value, or a number that moves with the axis. */
export type SweepValue = Value | Line | Steps;

export function line(a: Decimal, b: Decimal): SweepValue {
  return b.isZero() ? num(a) : { k: 'line', a, b };
}

export function isLine(v: SweepValue): v is Line {
  return v.k === 'line';
}

export function isSteps(v: SweepValue): v is Steps {
  return v.k === 'steps';
}

/** The number's intercept and slope (slope 0 for a constant); undefined when it is not a number (or not a line). */
export function parts(v: SweepValue): { a: Decimal; b: Decimal } | undefined {
  if (v.k === 'line') return { a: v.a, b: v.b };
  if (v.k === 'num') return { a: v.n, b: ZERO };
  return undefined;
}

export const ZERO = new Decimal(0);

/** The value at grid index K. */
export function valueAt(v: { a: Decimal; b: Decimal }, k: number): Decimal {
  return v.b.isZero() ? v.a : v.a.plus(v.b.times(k));
}

export function plus(l: Line | { a: Decimal; b: Decimal }, r: { a: Decimal; b: Decimal }): SweepValue {
  return line(l.a.plus(r.a), l.b.plus(r.b));
}

export function minus(l: { a: Decimal; b: Decimal }, r: { a: Decimal; b: Decimal }): SweepValue {
  return line(l.a.minus(r.a), l.b.minus(r.b));
}

/** A product stays a line only when one side is constant; two axis-dependent factors make a curve. */
export function times(l: { a: Decimal; b: Decimal }, r: { a: Decimal; b: Decimal }, rule: string): SweepValue {
  if (!l.b.isZero() && !r.b.isZero()) throw new SweepError('nonlinear', `${rule} multiplies two values that both change with the axis, so the output is not piecewise linear in it`);
  return l.b.isZero() ? line(r.a.times(l.a), r.b.times(l.a)) : line(l.a.times(r.a), l.b.times(r.a));
}

export function dividedBy(l: { a: Decimal; b: Decimal }, r: { a: Decimal; b: Decimal }, rule: string): SweepValue {
  if (!r.b.isZero()) throw new SweepError('nonlinear', `${rule} divides by a value that changes with the axis, so the output is not piecewise linear in it`);
  return line(l.a.dividedBy(r.a), l.b.dividedBy(r.a));
}
