/**
 * The combined sweep's arithmetic (docs/screening.md "Cliffs across programs"): from the exact descriptions of each
 * program's eligibility and amount outputs, each program's status over the axis (eligible where any eligibility
 * output holds or is above 0, as a screen decides it), its part of the monthly total (its amount while eligible; an
 * annual amount as a twelfth, as a screen's totals count it), the total, and the cliffs. Exact: no point is sampled.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import type { ScreeningTerms, ScreenMember } from '../../ports/screener.js';
import type { ExactNumber, SweepDescription, SweepExecution } from '../../ports/sweeper.js';
import { append, Cursor, Exact, exactJson, type Grid, jsonAt, type Piece, piecesOf, starts, valueAt, ZERO } from './sweep-lines.js';

type Status = 'eligible' | 'ineligible';

/** One program's described outputs, as the merged package's sweep gave them. */
export interface ProgramOutputs {
  program_id: string;
  terms: ScreeningTerms;
  /** Each eligibility output and the rule that computes it (named where its value crosses 0 inside a segment). */
  eligible: Array<{ description: SweepDescription; rule_id: string | null }>;
  amount?: SweepDescription;
}

/** A program's swept eligibility and amount outputs, read from the merged package's sweep. */
export function programOutputs(member: ScreenMember, swept: SweepExecution): ProgramOutputs {
  const { terms } = member;
  return {
    program_id: member.package.program_id,
    terms,
    eligible: terms.eligible.map((name) => ({ description: swept.outputs[name], rule_id: member.rule(name)?.rule_id ?? null })),
    ...(terms.amount ? { amount: swept.outputs[terms.amount] } : {}),
  };
}

export interface ProgramBreakpoint {
  at: ExactNumber;
  before: JsonValue;
  after: JsonValue;
  rule_id: string | null;
}

export interface CombinedProgram {
  program_id: string;
  in_total: boolean;
  status: { segments: Array<{ from: ExactNumber; to: ExactNumber; value: Status }>; breakpoints: ProgramBreakpoint[] };
  amount: { segments: Array<{ from: ExactNumber; to: ExactNumber; value: JsonValue; slope: ExactNumber }>; breakpoints: ProgramBreakpoint[] } | null;
}

export interface TotalBreakpoint {
  at: ExactNumber;
  before: ExactNumber;
  after: ExactNumber;
  program_id: string;
  rule_id: string | null;
  also?: Array<{ program_id: string; rule_id: string | null }>;
}

export interface Cliff {
  at: ExactNumber;
  program_id: string;
  rule_id: string | null;
  before: Status;
  after: Status;
  total_before: ExactNumber;
  total_after: ExactNumber;
}

export interface Combined {
  programs: CombinedProgram[];
  total: { segments: Array<{ from: ExactNumber; to: ExactNumber; value: ExactNumber; slope: ExactNumber }>; breakpoints: TotalBreakpoint[] };
  cliffs: Cliff[];
}

/** A piece list with the rule named at each index where a piece starts. */
interface Described {
  pieces: Piece[];
  rules: Map<number, string | null>;
}

/** Whether a value says yes as a screen reads an eligibility output: a judgment that holds, a number above 0. */
function saysAt(piece: Piece, k: number): boolean {
  const v = valueAt(piece, k);
  return v === undefined ? piece.value === true : v.gt(0);
}

/** The first index after k0 within the piece at which a line's sign (above 0 or not) changes, if any. */
function crossing(piece: Piece): number | undefined {
  if (!piece.line || piece.line.b.isZero()) return undefined;
  const first = saysAt(piece, piece.k0);
  // A line changes sign at most once: none when both ends agree.
  if (saysAt(piece, piece.k1) === first) return undefined;
  const root = new Exact(piece.k0).minus(piece.line.a.dividedBy(piece.line.b));
  let c = Math.min(piece.k1, Math.max(piece.k0 + 1, root.floor().toNumber()));
  // The root is a rounded quotient: settle the first index with the other sign by exact checks.
  while (c <= piece.k1 && saysAt(piece, c) === first) c += 1;
  while (c - 1 > piece.k0 && saysAt(piece, c - 1) !== first) c -= 1;
  return c <= piece.k1 ? c : undefined;
}

/** The program's status over the grid and the rule named at each change. */
function statusOf(outputs: ProgramOutputs, grid: Grid): Described {
  const parsed = outputs.eligible.map((e) => ({ ...piecesOf(e.description, grid), own: e.rule_id }));
  const cuts = new Set(starts(parsed.map((p) => p.pieces)));
  for (const p of parsed) for (const piece of p.pieces) {
    const c = crossing(piece);
    if (c !== undefined) cuts.add(c);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const cursors = parsed.map((p) => new Cursor(p.pieces));
  const pieces: Piece[] = [];
  const rules = new Map<number, string | null>();
  let previous: boolean[] = [];
  sorted.forEach((k, i) => {
    const says = cursors.map((c) => saysAt(c.at(k), k));
    const status: Status = says.some(Boolean) ? 'eligible' : 'ineligible';
    const last = pieces[pieces.length - 1];
    if (last && last.value !== status) {
      const changed = says.findIndex((s, j) => s !== previous[j] && s === (status === 'eligible'));
      const j = changed >= 0 ? changed : says.findIndex((s, n) => s !== previous[n]);
      rules.set(k, parsed[j].rules.get(k) ?? parsed[j].own);
    }
    append(pieces, { k0: k, k1: (sorted[i + 1] ?? grid.last + 1) - 1, value: status });
    previous = says;
  });
  return { pieces, rules };
}

/**
 * What the program adds to the total: its amount while eligible, else 0, in the amount's own period (the total
 * counts an annual amount as a twelfth: totalOf divides the sum of the annual ones once, so it stays exact).
 */
function contributionOf(status: Described, amount: Described, grid: Grid): Described {
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

/**
 * Pieces as segments and breakpoints. Each value is written once: a breakpoint's `after` is its segment's `value`,
 * and its `before` the previous segment's when that one is flat (the steps of a rounded amount).
 */
function described(pieces: readonly Piece[], rules: ReadonlyMap<number, string | null>, grid: Grid) {
  const segments = pieces.map((p) => ({ from: grid.x(p.k0), to: grid.x(p.k1), value: jsonAt(p, p.k0), slope: p.line && !p.line.b.isZero() ? exactJson(p.line.b.dividedBy(grid.step)) : 0 }));
  const breakpoints = pieces.slice(1).map((p, i) => ({
    at: segments[i + 1].from,
    before: segments[i].slope === 0 ? segments[i].value : jsonAt(pieces[i], p.k0 - 1),
    after: segments[i + 1].value,
    rule_id: rules.get(p.k0) ?? null,
  }));
  return { segments, breakpoints };
}

/** A program's amount as its own sweep described it (the engine's exact values), without the rules' sources. */
function amountDescription(description: SweepDescription): NonNullable<CombinedProgram['amount']> {
  return {
    segments: description.segments.map(({ from, to, value, slope }) => ({ from, to, value, slope })),
    breakpoints: description.breakpoints.map(({ at, before, after, rule_id }) => ({ at, before, after, rule_id })),
  };
}

/** A status over the grid: segments carry no slope. */
function statusDescription(status: Described, grid: Grid): CombinedProgram['status'] {
  const { segments, breakpoints } = described(status.pieces, status.rules, grid);
  return { segments: segments.map(({ from, to, value }) => ({ from, to, value: value as Status })), breakpoints };
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
function totalOf(contributions: ReadonlyArray<{ program_id: string; annual: boolean; part: Described }>, grid: Grid) {
  const sorted = starts(contributions.map((c) => c.part.pieces));
  const cursors = contributions.map((c) => ({ cursor: new Cursor(c.part.pieces), annual: c.annual }));
  const pieces: Piece[] = [];
  for (const [i, k] of (sorted.length > 0 ? sorted : [0]).entries()) append(pieces, { k0: k, k1: (sorted[i + 1] ?? grid.last + 1) - 1, value: null, line: sumsAt(cursors, k) });
  const { segments, breakpoints } = described(pieces, new Map(), grid);
  const causes = pieces.slice(1).map((p) => contributions.filter((c) => c.part.rules.has(p.k0)).map((c) => ({ program_id: c.program_id, rule_id: c.part.rules.get(p.k0) ?? null })));
  return {
    pieces,
    total: {
      segments: segments.map((s) => ({ ...s, value: s.value as ExactNumber })),
      breakpoints: breakpoints.map((bp, i): TotalBreakpoint => {
        const [first, ...also] = causes[i];
        return { at: bp.at, before: bp.before as ExactNumber, after: bp.after as ExactNumber, program_id: first.program_id, rule_id: first.rule_id, ...(also.length > 0 ? { also } : {}) };
      }),
    },
  };
}

/** Each program's status and amount, the monthly total and the cliffs, from the programs' described outputs. */
export function combine(programs: readonly ProgramOutputs[], grid: Grid): Combined {
  const statuses = programs.map((p) => statusOf(p, grid));
  const amounts = programs.map((p) => (p.amount ? piecesOf(p.amount, grid) : undefined));
  const inTotal = programs.map((p, i) => (p.terms.kind === 'cash' || p.terms.kind === 'near_cash') && amounts[i] !== undefined);
  const contributions = programs.flatMap((p, i) => (inTotal[i] ? [{ program_id: p.program_id, annual: p.terms.amount_period === 'year', part: contributionOf(statuses[i], amounts[i] as Described, grid) }] : []));
  const { pieces: total, total: description } = totalOf(contributions, grid);
  const combined = programs.map((p, i): CombinedProgram => ({
    program_id: p.program_id,
    in_total: inTotal[i],
    status: statusDescription(statuses[i], grid),
    amount: p.amount ? amountDescription(p.amount) : null,
  }));
  return { programs: combined, total: description, cliffs: cliffsOf(programs, statuses, total, grid) };
}

function cliffsOf(programs: readonly ProgramOutputs[], statuses: readonly Described[], total: readonly Piece[], grid: Grid): Cliff[] {
  const changes = programs.flatMap((p, i) => statuses[i].pieces.slice(1).map((piece, n) => ({ k: piece.k0, program_id: p.program_id, rule_id: statuses[i].rules.get(piece.k0) ?? null, before: statuses[i].pieces[n].value as Status, after: piece.value as Status })));
  changes.sort((x, y) => x.k - y.k || x.program_id.localeCompare(y.program_id));
  const totalAt = new Cursor(total);
  return changes.map(({ k, ...change }) => {
    const before = jsonAt(totalAt.at(k - 1), k - 1) as ExactNumber;
    return { at: grid.x(k), ...change, total_before: before, total_after: jsonAt(totalAt.at(k), k) as ExactNumber };
  });
}
