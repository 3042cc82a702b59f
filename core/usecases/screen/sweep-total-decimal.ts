/**
 * The monthly total on decimals (./sweep-lines.ts), where a program's numbers do not fit scaled integers
 * (./sweep-scaled.ts): each program's contribution (its amount while eligible, else 0, in the amount's own period)
 * summed at every index where one of them starts a piece, the monthly and the annual ones apart, the annual sum
 * divided by 12 once.
 */
import type { ExactNumber } from '../../ports/sweeper.js';
import type { MonthlyTotal, StatusLines, TotalBreakpoint } from './sweep-total.js';
import { append, Cursor, described, Exact, type Grid, jsonAt, type Piece, starts, valueAt, ZERO } from './sweep-lines.js';

/** A piece list with the rule named at each index where a piece starts. */
export interface DecimalLines {
  pieces: Piece[];
  rules: Map<number, string | null>;
}

export interface DecimalPart {
  program_id: string;
  annual: boolean;
  part: DecimalLines;
}

/** What the program adds to the total: its amount while eligible, else 0. */
export function decimalContribution(status: StatusLines, amount: DecimalLines, grid: Grid): DecimalLines {
  const sorted = starts([status.pieces, amount.pieces]);
  const statusAt = new Cursor(status.pieces);
  const amountAt = new Cursor(amount.pieces);
  const pieces: Piece[] = [];
  const rules = new Map<number, string | null>();
  sorted.forEach((k, i) => {
    const k1 = (sorted[i + 1] ?? grid.last + 1) - 1;
    const piece = amountAt.at(k);
    const v = valueAt(piece, k);
    const line = statusAt.at(k).value === 'eligible' && v !== undefined && piece.line ? { a: v, b: piece.line.b } : { a: ZERO, b: ZERO };
    const before = pieces.length;
    append(pieces, { k0: k, k1, value: null, line });
    if (pieces.length > before && before > 0) rules.set(k, status.rules.has(k) ? (status.rules.get(k) as string | null) : (amount.rules.get(k) ?? null));
  });
  return { pieces, rules };
}

/** Sums of the contributions' values and slopes at one index, the monthly and the annual ones apart. */
function sumsAt(cursors: ReadonlyArray<{ cursor: Cursor; annual: boolean }>, k: number): { a: Exact; b: Exact } {
  const sums = { month: { a: ZERO, b: ZERO }, year: { a: ZERO, b: ZERO } };
  for (const { cursor, annual } of cursors) {
    const piece = cursor.at(k);
    const v = valueAt(piece, k) as Exact;
    const sum = annual ? sums.year : sums.month;
    if (!v.isZero()) sum.a = sum.a.plus(v);
    if (piece.line && !piece.line.b.isZero()) sum.b = sum.b.plus(piece.line.b);
  }
  // Amounts to the cent add up exactly; the annual sum is divided by 12 once, rounded once (28 digits).
  const { month, year } = sums;
  return { a: year.a.isZero() ? month.a : month.a.plus(year.a.dividedBy(12)), b: year.b.isZero() ? month.b : month.b.plus(year.b.dividedBy(12)) };
}

/** The monthly total: the sum of the programs' contributions, each change named by the programs that cause it. */
export function decimalTotal(contributions: readonly DecimalPart[], grid: Grid): MonthlyTotal {
  const sorted = starts(contributions.map((c) => c.part.pieces));
  const cursors = contributions.map((c) => ({ cursor: new Cursor(c.part.pieces), annual: c.annual }));
  const pieces: Piece[] = [];
  for (const [i, k] of (sorted.length > 0 ? sorted : [0]).entries()) append(pieces, { k0: k, k1: (sorted[i + 1] ?? grid.last + 1) - 1, value: null, line: sumsAt(cursors, k) });
  const { segments, breakpoints } = described(pieces, new Map(), grid);
  const causes = pieces.slice(1).map((p) => contributions.filter((c) => c.part.rules.has(p.k0)).map((c) => ({ program_id: c.program_id, rule_id: c.part.rules.get(p.k0) ?? null })));
  const totalAt = new Cursor(pieces);
  return {
    segments: segments.map((s) => ({ ...s, value: s.value as ExactNumber })),
    breakpoints: breakpoints.map((bp, i): TotalBreakpoint => {
      const [first, ...also] = causes[i];
      return { at: bp.at, before: bp.before as ExactNumber, after: bp.after as ExactNumber, program_id: first.program_id, rule_id: first.rule_id, ...(also.length > 0 ? { also } : {}) };
    }),
    at: (k) => jsonAt(totalAt.at(k), k) as ExactNumber,
  };
}
