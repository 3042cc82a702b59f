/**
 * The monthly total on scaled integers (./sweep-scaled.ts), the same answer as the decimal total of
 * ./sweep-total-decimal.ts in a fraction of its time: each program's contribution is a list of scaled pieces, and
 * one pass over their starts in order keeps the sums of the monthly and the annual contributions, and of their
 * slopes, moving them by the pieces that change. The total is held exactly as n twelfths of 10^-places
 * (12 · monthly + annual) and written as Exact writes it (./sweep-twelfths.ts).
 *
 * The decimal total divides the annual sum by 12 once, rounding a decimal that does not terminate to 28 digits, and
 * reads a sloped piece further along its line from that rounded value. Where the value and the slope terminate that
 * arithmetic is exact, so the exact integers decide the same. Where only the slope does (a CTC phase-in under the
 * EITC's whole-dollar steps), the decimal sum keeps the rounded value's last decimal place and at most 28 digits:
 * the exact value rounded there is the same number, as a twelfth's digits end in 3s or 6s and never in a tie. Where
 * the slope does not terminate, the value along the line (and whether the next piece continues it) is computed with
 * those same decimals.
 */
import type { ExactNumber } from '../../ports/sweeper.js';
import type { MonthlyTotal, StatusLines, TotalBreakpoint, TotalSegment } from './sweep-total.js';
import { Cursor, Exact, exactJson, type Grid, starts } from './sweep-lines.js';
import { scaledAt, type ScaledLines, type ScaledPiece } from './sweep-scaled.js';
import { decimalJson, decimalString, placesOf, terminates, twelfthJson, twelfthText } from './sweep-twelfths.js';

export interface ScaledPart {
  program_id: string;
  annual: boolean;
  lines: ScaledLines;
}

interface Cause {
  program_id: string;
  rule_id: string | null;
}

/** The sums at the start of a piece of the total, in units of 10^-places: values and slopes, monthly and annual apart. */
interface Sums {
  month: number;
  year: number;
  monthSlope: number;
  yearSlope: number;
}

/** A piece of the total: n + b·(k − k0) twelfths of 10^-places (n = 12 · month + year, b likewise). */
interface TotalPiece {
  k0: number;
  k1: number;
  sums: Sums;
  n: number;
  b: number;
  causes: Cause[];
}

/** What a program adds to the total: its amount while eligible, else 0, in the amount's own period. */
export function scaledContribution(status: StatusLines, amount: ScaledLines, grid: Grid): ScaledLines {
  const sorted = starts([status.pieces, amount.pieces]);
  const statusAt = new Cursor(status.pieces);
  const amountAt = new Cursor(amount.pieces);
  const pieces: ScaledPiece[] = [];
  const rules = new Map<number, string | null>();
  for (let i = 0; i < sorted.length; i++) {
    const k = sorted[i];
    const k1 = (sorted[i + 1] ?? grid.last + 1) - 1;
    const piece = amountAt.at(k);
    const counted = piece.num && statusAt.at(k).value === 'eligible';
    const a = counted ? scaledAt(piece, k) : 0;
    const b = counted ? piece.b : 0;
    const last = pieces[pieces.length - 1];
    if (last && last.b === b && scaledAt(last, k) === a) {
      last.k1 = k1;
      continue;
    }
    pieces.push({ k0: k, k1, num: true, a, b, value: null });
    if (last) rules.set(k, status.rules.has(k) ? (status.rules.get(k) as string | null) : (amount.rules.get(k) ?? null));
  }
  return { pieces, rules };
}

/** The piece's value and slope per grid step as the decimal total holds them. */
function decimalsOf(piece: TotalPiece, places: number): { a: Exact; b: Exact } {
  const { month, year, monthSlope, yearSlope } = piece.sums;
  return { a: new Exact(twelfthText(month, year, places)), b: new Exact(twelfthText(monthSlope, yearSlope, places)) };
}

/** The value at k along a sloped piece as the decimal total reads it: its value plus the slope's steps (see above). */
function textAlong(piece: TotalPiece, k: number, places: number, value: string): string {
  return decimalString(piece.n + piece.b * (k - piece.k0), 12 * 10 ** places, placesOf(value));
}

/** The total's value at k within a piece, as the answer writes it (`value`: the piece's own, where already written). */
function jsonAt(piece: TotalPiece, k: number, places: number, value = valueJson(piece, places)): ExactNumber {
  if (k === piece.k0 || piece.b === 0) return value;
  if (terminates(piece.n) && terminates(piece.b)) return twelfthJson(0, piece.n + piece.b * (k - piece.k0), places);
  if (terminates(piece.b)) return decimalJson(textAlong(piece, k, places, value as string));
  const { a, b } = decimalsOf(piece, places);
  return exactJson(a.plus(b.times(k - piece.k0)));
}

const valueJson = (piece: TotalPiece, places: number) => twelfthJson(piece.sums.month, piece.sums.year, places);

/** Whether the next piece's sums at k continue the last piece's line (as the decimal total's sameLine decides). */
function continues(last: TotalPiece, next: TotalPiece, places: number): boolean {
  const k = next.k0;
  if (last.b !== next.b) return false;
  if (next.b === 0) return last.n === next.n;
  const rise = next.b * (k - last.k0);
  // Far apart (beyond every total) or apart at all: a rounded decimal is within far less than a twelfth of 10^-places.
  if (Math.abs(rise) > 2 ** 50 || last.n + rise !== next.n) return false;
  if (terminates(last.n) && terminates(next.b)) return true;
  const text = (p: TotalPiece) => twelfthText(p.sums.month, p.sums.year, places);
  if (terminates(next.b)) return textAlong(last, k, places, text(last)) === text(next);
  const { a, b } = decimalsOf(last, places);
  return a.plus(b.times(k - last.k0)).eq(decimalsOf(next, places).a);
}

/** The total's pieces: one pass over every contribution's starts in order. */
function totalPieces(parts: readonly ScaledPart[], grid: Grid, places: number): TotalPiece[] {
  const current = parts.map((p) => p.lines.pieces[0]);
  const next = parts.map(() => 1);
  const sums: Sums = { month: 0, year: 0, monthSlope: 0, yearSlope: 0 };
  const add = (part: ScaledPart, a: number, b: number) => {
    if (part.annual) {
      sums.year += a;
      sums.yearSlope += b;
    } else {
      sums.month += a;
      sums.monthSlope += b;
    }
  };
  const piece = (k0: number, causes: Cause[]): TotalPiece => ({ k0, k1: grid.last, sums: { ...sums }, n: 12 * sums.month + sums.year, b: 12 * sums.monthSlope + sums.yearSlope, causes });
  parts.forEach((part, i) => add(part, current[i].a, current[i].b));
  const pieces = [piece(0, [])];
  for (let k = 0; ; ) {
    let at = Infinity;
    for (let i = 0; i < parts.length; i++) at = Math.min(at, parts[i].lines.pieces[next[i]]?.k0 ?? Infinity);
    if (at === Infinity) return pieces;
    sums.month += sums.monthSlope * (at - k);
    sums.year += sums.yearSlope * (at - k);
    k = at;
    const changed: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const started = parts[i].lines.pieces[next[i]];
      if (started?.k0 !== at) continue;
      add(parts[i], started.a - scaledAt(current[i], at), started.b - current[i].b);
      current[i] = started;
      next[i] += 1;
      changed.push(i);
    }
    const last = pieces[pieces.length - 1];
    const candidate = piece(at, []);
    if (continues(last, candidate, places)) continue;
    last.k1 = at - 1;
    candidate.causes = changed.map((i) => ({ program_id: parts[i].program_id, rule_id: parts[i].lines.rules.get(at) ?? null }));
    pieces.push(candidate);
  }
}

/** The monthly total from the programs' scaled contributions, and its value at any index (for the cliffs). */
export function scaledTotal(parts: readonly ScaledPart[], grid: Grid, places: number): MonthlyTotal {
  const pieces = totalPieces(parts, grid, places);
  const slopePlaces = places - (grid.stepPlaces as number);
  const segments = pieces.map((p): TotalSegment => ({ from: grid.x(p.k0), to: grid.x(p.k1), value: valueJson(p, places), slope: p.b === 0 ? 0 : twelfthJson(p.sums.monthSlope, p.sums.yearSlope, slopePlaces) }));
  const breakpoints = pieces.slice(1).map((p, i): TotalBreakpoint => {
    const [first, ...also] = p.causes;
    const before = segments[i].slope === 0 ? segments[i].value : jsonAt(pieces[i], p.k0 - 1, places, segments[i].value);
    return { at: segments[i + 1].from, before, after: segments[i + 1].value, program_id: first.program_id, rule_id: first.rule_id, ...(also.length > 0 ? { also } : {}) };
  });
  const cursor = new Cursor(pieces);
  return { segments, breakpoints, at: (k) => jsonAt(cursor.at(k), k, places) };
}
