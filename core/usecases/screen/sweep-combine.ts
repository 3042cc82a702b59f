/**
 * The combined sweep's arithmetic (docs/screening.md "Cliffs across programs"): from the exact descriptions of each
 * program's eligibility and amount outputs, each program's status over the axis (eligible where any eligibility
 * output holds or is above 0, as a screen decides it), its part of the monthly total (its amount while eligible; an
 * annual amount as a twelfth, as a screen's totals count it), the total, and the cliffs. Exact: no point is sampled.
 * The arithmetic is on scaled integers (./sweep-scaled.ts) where every number fits them, else on decimals.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import type { ScreeningTerms, ScreenMember } from '../../ports/screener.js';
import type { ExactNumber, SweepDescription, SweepExecution } from '../../ports/sweeper.js';
import { append, Cursor, described, Exact, type Grid, type Piece, piecesOf, starts, valueAt } from './sweep-lines.js';
import { MAX_PARTS, scaledCrossing, scaledLinesOf, scaledSays, scaleOf, type ScaledLines, type ScaledPiece } from './sweep-scaled.js';
import type { MonthlyTotal, TotalBreakpoint, TotalSegment } from './sweep-total.js';
import { decimalContribution, type DecimalLines, decimalTotal } from './sweep-total-decimal.js';
import { scaledContribution, scaledTotal } from './sweep-total-scaled.js';

export type { TotalBreakpoint, TotalSegment } from './sweep-total.js';

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
  total: { segments: TotalSegment[]; breakpoints: TotalBreakpoint[] };
  cliffs: Cliff[];
}

/** How an eligibility output's pieces say yes (a judgment that holds, a number above 0) and where a line changes that. */
interface Sign<P> {
  says(piece: P, k: number): boolean;
  crossing(piece: P): number | undefined;
}

/** An eligibility output's pieces, the rules of its breakpoints and the rule that computes it. */
interface Eligibility<P> {
  pieces: P[];
  rules: ReadonlyMap<number, string | null>;
  own: string | null;
}

function decimalSays(piece: Piece, k: number): boolean {
  const v = valueAt(piece, k);
  return v === undefined ? piece.value === true : v.gt(0);
}

const DECIMAL_SIGN: Sign<Piece> = {
  says: decimalSays,
  crossing(piece) {
    if (!piece.line || piece.line.b.isZero()) return undefined;
    const first = decimalSays(piece, piece.k0);
    // A line changes sign at most once: none when both ends agree.
    if (decimalSays(piece, piece.k1) === first) return undefined;
    const root = new Exact(piece.k0).minus(piece.line.a.dividedBy(piece.line.b));
    let c = Math.min(piece.k1, Math.max(piece.k0 + 1, root.floor().toNumber()));
    // The root is a rounded quotient: settle the first index with the other sign by exact checks.
    while (c <= piece.k1 && decimalSays(piece, c) === first) c += 1;
    while (c - 1 > piece.k0 && decimalSays(piece, c - 1) !== first) c -= 1;
    return c <= piece.k1 ? c : undefined;
  },
};

const SCALED_SIGN: Sign<ScaledPiece> = { says: scaledSays, crossing: scaledCrossing };

/** The program's status over the grid and the rule named at each change. */
function statusOf<P extends { k0: number; k1: number }>(parsed: ReadonlyArray<Eligibility<P>>, sign: Sign<P>, grid: Grid): DecimalLines {
  const cuts = new Set(starts(parsed.map((p) => p.pieces)));
  for (const p of parsed) for (const piece of p.pieces) {
    const c = sign.crossing(piece);
    if (c !== undefined) cuts.add(c);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const cursors = parsed.map((p) => new Cursor(p.pieces));
  const pieces: Piece[] = [];
  const rules = new Map<number, string | null>();
  let previous: boolean[] = [];
  sorted.forEach((k, i) => {
    const says = cursors.map((c) => sign.says(c.at(k), k));
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

/** A program's amount as its own sweep described it (the engine's exact values), without the rules' sources. */
function amountDescription(description: SweepDescription): NonNullable<CombinedProgram['amount']> {
  return {
    segments: description.segments.map(({ from, to, value, slope }) => ({ from, to, value, slope })),
    breakpoints: description.breakpoints.map(({ at, before, after, rule_id }) => ({ at, before, after, rule_id })),
  };
}

/** A status over the grid: segments carry no slope. */
function statusDescription(status: DecimalLines, grid: Grid): CombinedProgram['status'] {
  const { segments, breakpoints } = described(status.pieces, status.rules, grid);
  return { segments: segments.map(({ from, to, value }) => ({ from, to, value: value as Status })), breakpoints };
}

const isCounted = (p: ProgramOutputs) => (p.terms.kind === 'cash' || p.terms.kind === 'near_cash') && p.amount !== undefined;

/** The statuses and the monthly total on scaled integers, or undefined where a number does not fit them. */
function scaledCombination(programs: readonly ProgramOutputs[], grid: Grid): { statuses: DecimalLines[]; total: MonthlyTotal } | undefined {
  const descriptions = programs.flatMap((p) => [...p.eligible.map((e) => e.description), ...(isCounted(p) ? [p.amount as SweepDescription] : [])]);
  const places = scaleOf(descriptions, grid);
  if (places === undefined || programs.filter(isCounted).length > MAX_PARTS) return undefined;
  const lines = new Map<SweepDescription, ScaledLines | undefined>(descriptions.map((d) => [d, scaledLinesOf(d, grid, places)]));
  if ([...lines.values()].includes(undefined)) return undefined;
  const linesOf = (d: SweepDescription) => lines.get(d) as ScaledLines;
  const statuses = programs.map((p) => statusOf(p.eligible.map((e) => ({ ...linesOf(e.description), own: e.rule_id })), SCALED_SIGN, grid));
  const parts = programs.flatMap((p, i) => (isCounted(p) ? [{ program_id: p.program_id, annual: p.terms.amount_period === 'year', lines: scaledContribution(statuses[i], linesOf(p.amount as SweepDescription), grid) }] : []));
  return { statuses, total: scaledTotal(parts, grid, places) };
}

/** The statuses and the monthly total on decimals. */
function decimalCombination(programs: readonly ProgramOutputs[], grid: Grid): { statuses: DecimalLines[]; total: MonthlyTotal } {
  const statuses = programs.map((p) => statusOf(p.eligible.map((e) => ({ ...piecesOf(e.description, grid), own: e.rule_id })), DECIMAL_SIGN, grid));
  const parts = programs.flatMap((p, i) => (isCounted(p) ? [{ program_id: p.program_id, annual: p.terms.amount_period === 'year', part: decimalContribution(statuses[i], piecesOf(p.amount as SweepDescription, grid), grid) }] : []));
  return { statuses, total: decimalTotal(parts, grid) };
}

/** Each program's status and amount, the monthly total and the cliffs, from the programs' described outputs. */
export function combine(programs: readonly ProgramOutputs[], grid: Grid): Combined {
  const { statuses, total } = scaledCombination(programs, grid) ?? decimalCombination(programs, grid);
  const combined = programs.map((p, i): CombinedProgram => ({
    program_id: p.program_id,
    in_total: isCounted(p),
    status: statusDescription(statuses[i], grid),
    amount: p.amount ? amountDescription(p.amount) : null,
  }));
  return { programs: combined, total: { segments: total.segments, breakpoints: total.breakpoints }, cliffs: cliffsOf(programs, statuses, total, grid) };
}

function cliffsOf(programs: readonly ProgramOutputs[], statuses: readonly DecimalLines[], total: MonthlyTotal, grid: Grid): Cliff[] {
  const changes = programs.flatMap((p, i) => statuses[i].pieces.slice(1).map((piece, n) => ({ k: piece.k0, program_id: p.program_id, rule_id: statuses[i].rules.get(piece.k0) ?? null, before: statuses[i].pieces[n].value as Status, after: piece.value as Status })));
  changes.sort((x, y) => x.k - y.k || x.program_id.localeCompare(y.program_id));
  return changes.map(({ k, ...change }) => ({ at: grid.x(k), ...change, total_before: total.at(k - 1), total_after: total.at(k) }));
}
