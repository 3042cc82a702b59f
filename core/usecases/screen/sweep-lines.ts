/**
 * Piecewise-linear functions over a sweep's grid, exact (decimal.js): a program's described output read back as
 * pieces by grid index, so several outputs can be combined (a status from several eligibility outputs, a monthly
 * total from several programs' amounts) without sampling. Used by ./sweep-combine.ts.
 */
import { Decimal as BaseDecimal } from 'decimal.js';
import type { JsonValue } from '../../domain/household/shape.js';
import type { ExactNumber, SweepDescription } from '../../ports/sweeper.js';

/** Enough digits that sums of twelfths of amounts to the cent stay exact to far below a cent. */
export const Exact = BaseDecimal.clone({ precision: 28, rounding: BaseDecimal.ROUND_HALF_EVEN, toExpNeg: -28, toExpPos: 28 });
export type Exact = InstanceType<typeof Exact>;

export const ZERO = new Exact(0);

/** A number a + b·(k − k0) over grid indexes k0..k1, or a constant non-number value. */
export interface Piece {
  k0: number;
  k1: number;
  /** Present for a number: its value at k0 and its change per grid step. */
  line?: { a: Exact; b: Exact };
  /** The value for a non-number (a judgment, a text); for a number the JSON value at k0. */
  value: JsonValue;
}

/** The swept range as grid indexes: x = from + k·step for k in 0..last. */
export class Grid {
  readonly last: number;
  /** On the usual grids (cents, whole numbers) x = (start + k) / scale in plain numbers, exactly (as the engine's sweep). */
  private readonly plain: { scale: number; start: number } | undefined;
  /** On a plain grid whose step is a power of ten (a cent, a whole number): its decimal places (./sweep-scaled.ts). */
  readonly stepPlaces: number | undefined;

  constructor(
    readonly from: Exact,
    readonly step: Exact,
    to: Exact,
  ) {
    this.last = to.minus(from).dividedBy(step).toNumber();
    const scale = new Exact(1).dividedBy(step);
    const start = from.times(scale);
    const plain = scale.isInteger() && scale.lte(1e6) && start.isInteger() && start.abs().plus(this.last).lt(1e12);
    this.plain = plain ? { scale: scale.toNumber(), start: start.toNumber() } : undefined;
    const places = [0, 1, 2, 3, 4, 5, 6].find((g) => 10 ** g === this.plain?.scale);
    this.stepPlaces = places;
  }

  index(x: ExactNumber): number {
    if (this.plain && typeof x === 'number') return Math.round(x * this.plain.scale) - this.plain.start;
    return new Exact(x).minus(this.from).dividedBy(this.step).round().toNumber();
  }

  x(k: number): ExactNumber {
    if (this.plain) return (this.plain.start + k) / this.plain.scale;
    return exactJson(this.from.plus(this.step.times(k)));
  }
}

/** A JSON number where it carries the value exactly (15 significant digits or fewer), else a decimal string. */
export function exactJson(d: Exact): ExactNumber {
  return d.precision(true) <= 15 ? d.toNumber() : d.toString();
}

export function valueAt(piece: Piece, k: number): Exact | undefined {
  if (!piece.line) return undefined;
  return piece.line.b.isZero() || k === piece.k0 ? piece.line.a : piece.line.a.plus(piece.line.b.times(k - piece.k0));
}

/** The value at k as the answer carries it. */
export function jsonAt(piece: Piece, k: number): JsonValue {
  const v = valueAt(piece, k);
  return v === undefined ? piece.value : exactJson(v);
}

/** A number written as a decimal string (where a JSON number could not carry it). */
const DECIMAL = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

/** Whether a segment's value is a number written as a decimal string. */
export function isDecimalText(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

/** An output's description as pieces, and the rule named by each breakpoint, by the grid index it starts at. */
export function piecesOf(description: SweepDescription, grid: Grid): { pieces: Piece[]; rules: Map<number, string | null> } {
  const pieces = description.segments.map((s): Piece => {
    const k0 = grid.index(s.from);
    const numeric = typeof s.value === 'number' || isDecimalText(s.value);
    return { k0, k1: grid.index(s.to), value: s.value, ...(numeric ? { line: { a: new Exact(s.value as number | string), b: s.slope === 0 ? ZERO : new Exact(s.slope).times(grid.step) } } : {}) };
  });
  const rules = new Map<number, string | null>(description.breakpoints.map((b) => [grid.index(b.at), b.rule_id]));
  return { pieces, rules };
}

/** Two pieces that continue one line (or one constant value). */
export function sameLine(left: Piece, right: Piece): boolean {
  if (left.line && right.line) return left.line.b.eq(right.line.b) && (valueAt(left, right.k0) as Exact).eq(right.line.a);
  if (left.line || right.line) return false;
  // Two strings (a status) are the same value exactly when equal; other values compare as JSON.
  if (typeof left.value === 'string' && typeof right.value === 'string') return left.value === right.value;
  return JSON.stringify(left.value) === JSON.stringify(right.value);
}

/** Appends a piece, extending the last one instead when it continues its line. */
export function append(list: Piece[], piece: Piece): void {
  const last = list[list.length - 1];
  if (last && last.k1 + 1 === piece.k0 && sameLine(last, piece)) last.k1 = piece.k1;
  else list.push(piece);
}

/** Reads pieces at (mostly) increasing grid indexes. */
export class Cursor<P extends { k0: number; k1: number } = Piece> {
  private i = 0;

  constructor(readonly pieces: readonly P[]) {}

  /** The piece holding k; k moves right, or back a little (a breakpoint's value one step before it). */
  at(k: number): P {
    while (this.pieces[this.i].k1 < k) this.i += 1;
    while (this.pieces[this.i].k0 > k) this.i -= 1;
    return this.pieces[this.i];
  }
}

/** Every index at which one of the piece lists starts a piece, sorted, each once. */
export function starts(lists: ReadonlyArray<ReadonlyArray<{ k0: number }>>): number[] {
  let count = 0;
  for (const list of lists) count += list.length;
  const all = new Int32Array(count);
  let n = 0;
  for (const list of lists) for (const piece of list) all[n++] = piece.k0;
  // A typed array sorts numerically without a comparator: grid indexes are below 2^31 (at most 10,000,000 steps).
  all.sort();
  const sorted: number[] = [];
  for (let i = 0; i < count; i++) if (i === 0 || all[i] !== all[i - 1]) sorted.push(all[i]);
  return sorted;
}

/**
 * Pieces as segments and breakpoints. Each value is written once: a breakpoint's `after` is its segment's `value`,
 * and its `before` the previous segment's when that one is flat (the steps of a rounded amount).
 */
export function described(pieces: readonly Piece[], rules: ReadonlyMap<number, string | null>, grid: Grid) {
  const segments = pieces.map((p) => ({ from: grid.x(p.k0), to: grid.x(p.k1), value: jsonAt(p, p.k0), slope: p.line && !p.line.b.isZero() ? exactJson(p.line.b.dividedBy(grid.step)) : 0 }));
  const breakpoints = pieces.slice(1).map((p, i) => ({
    at: segments[i + 1].from,
    before: segments[i].slope === 0 ? segments[i].value : jsonAt(pieces[i], p.k0 - 1),
    after: segments[i + 1].value,
    rule_id: rules.get(p.k0) ?? null,
  }));
  return { segments, breakpoints };
}
