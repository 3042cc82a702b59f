/**
 * An amount or a count a screen assumed, swept exactly over its documented range (docs/screening.md "What to ask
 * next"): one exact sweep of the merged package over the fact (the eligibility and amount outputs of the programs
 * whose rules read it, in one walk, combined as POST /v1/screen/sweep combines them) gives the smallest and largest
 * monthly total and each program's amount and statuses over the whole range, with the value at which each is reached.
 * Those values are then screened as ordinary variants (./fact-questions.ts), so the questions' totals and the
 * undetermined ranges are what plain screens give there.
 */
import { ServiceError } from '../../domain/errors.js';
import { mapHousehold } from '../../domain/household/map.js';
import type { JsonValue, PackageInput, ShapeIndex } from '../../domain/household/shape.js';
import type { MemberExecution, ScreenablePackage, ScreenExecution, ScreenMember, SweepExtreme as Extreme, SweptProgram } from '../../ports/screener.js';
import type { ExactNumber } from '../../ports/sweeper.js';
import { amountOf, statusOf } from './program-result.js';
import { combine, programOutputs, type CombinedProgram } from './sweep-combine.js';
import { Exact, Grid, ZERO } from './sweep-lines.js';
import { inputOf, type FactRange } from './variants.js';

/** Segments one fact's sweep may describe per output (a fact is swept within a step budget, so this is rarely what ends it). */
const FACT_SWEEP_SEGMENTS = 5_000;

type Status = 'eligible' | 'ineligible';

/** What one fact's sweep found (`steps`: the evaluation steps it took), or why it could not be swept. */
export type FactSweep =
  | { swept: true; range: FactRange; total_monthly: { min: Extreme; max: Extreme }; programs: SweptProgram[]; values: number[]; steps: number }
  | { swept: false; range: FactRange; reason: string; steps: number };

/** The fact to sweep: its input in the merged shape, whose it is, and its range. */
export interface FactTarget {
  input: PackageInput;
  entityId: string;
  range: FactRange;
}

const num = (x: ExactNumber | JsonValue): Exact => new Exact(x as number | string);

interface ExactExtreme {
  v: Exact;
  at: Exact;
}

/** The smallest and largest of a piecewise-linear description, exactly, each at the smallest value reaching it. */
function exactExtremes(segments: ReadonlyArray<{ from: ExactNumber; to: ExactNumber; value: JsonValue; slope: ExactNumber }>): { min: ExactExtreme; max: ExactExtreme } {
  let min: ExactExtreme | undefined;
  let max: ExactExtreme | undefined;
  for (const s of segments) {
    const from = num(s.from);
    const to = num(s.to);
    const start = num(s.value);
    const end = start.plus(num(s.slope).times(to.minus(from)));
    for (const [v, at] of [[start, from], [end, to]] as const) {
      if (!min || v.lt(min.v)) min = { v, at };
      if (!max || v.gt(max.v)) max = { v, at };
    }
  }
  return { min: min as ExactExtreme, max: max as ExactExtreme };
}

/** The extremes as the answer gives them, `plus` added to each value (the total's part the fact does not change). */
function extremes(segments: Parameters<typeof exactExtremes>[0], plus: Exact = ZERO): { min: Extreme; max: Extreme } {
  const { min, max } = exactExtremes(segments);
  const out = (e: ExactExtreme): Extreme => ({ value: plus.plus(e.v).toNumber(), at: e.at.toNumber() });
  return { min: out(min), max: out(max) };
}

function sweptProgram(program: CombinedProgram): SweptProgram {
  const statuses = new Map<Status, number>();
  for (const s of program.status.segments) if (!statuses.has(s.value)) statuses.set(s.value, num(s.from).toNumber());
  return {
    program_id: program.program_id,
    statuses: [...statuses].map(([status, at]) => ({ status, at })).sort((a, b) => a.at - b.at),
    amount: program.amount ? extremes(program.amount.segments) : null,
  };
}

/** Whether the program has `status` at `value` (its status segments cover the range). */
function holdsAt(program: CombinedProgram, status: Status, value: number): boolean {
  return program.status.segments.some((s) => s.value === status && num(s.from).lte(value) && num(s.to).gte(value));
}

/**
 * The values a plain screen must see so the variants reach the total's and each amount's extremes and every status of
 * each program: the extremes' values, then, while a program's status is shown by none, the segment start that shows
 * the most such statuses (the fewest variants to evaluate).
 */
function criticalValues(total: { min: Extreme; max: Extreme }, programs: readonly SweptProgram[], combined: readonly CombinedProgram[]): number[] {
  const values = new Set<number>([total.min.at, total.max.at]);
  for (const p of programs) if (p.amount) [p.amount.min.at, p.amount.max.at].forEach((v) => values.add(v));
  const shown = (i: number, status: Status, among: Iterable<number>) => [...among].some((v) => holdsAt(combined[i], status, v));
  let missing = programs.flatMap((p, i) => p.statuses.filter((s) => !shown(i, s.status, values)).map((s) => ({ i, status: s.status })));
  const candidates = [...new Set(programs.flatMap((p) => p.statuses.map((s) => s.at)))];
  const count = (v: number) => missing.filter((m) => shown(m.i, m.status, [v])).length;
  while (missing.length > 0) {
    const best = candidates.reduce((a, b) => (count(b) > count(a) ? b : a));
    values.add(best);
    missing = missing.filter((m) => !shown(m.i, m.status, [best]));
  }
  return [...values].sort((a, b) => a - b);
}

/** A program's exact part of the monthly total in the base evaluation, as the combined sweep counts it. */
function partOf(member: ScreenMember, execution: MemberExecution): Exact {
  const amount = amountOf(member, execution);
  const inTotal = member.terms.kind === 'cash' || member.terms.kind === 'near_cash';
  if (!inTotal || amount === null || statusOf(member, execution) !== 'eligible') return ZERO;
  return member.terms.amount_period === 'year' ? new Exact(amount).dividedBy(12) : new Exact(amount);
}

/**
 * Sweeps one fact over its range on the household (the other facts as given or defaulted), at most `maxSteps`
 * evaluation steps. Only the programs computed in `base` whose own package reads the fact (`memberIndexes`: each
 * program's shape) are swept; the others' part of the total is the base evaluation's. A sweep the engine cannot
 * describe exactly, or that needs more steps, says why.
 */
export function sweepFact(screen: ScreenablePackage, index: ShapeIndex, memberIndexes: readonly ShapeIndex[], household: Record<string, JsonValue>, base: ScreenExecution, target: FactTarget, maxSteps: number): FactSweep {
  const { input, entityId, range } = target;
  const computed = screen.members.flatMap((_, i) => ('problem' in base.members[i] ? [] : [i]));
  const readers = computed.filter((i) => inputOf(memberIndexes[i], input.alias ?? input.name) !== undefined);
  if (readers.length === 0) return { swept: false, range, reason: 'no program computed for the household reads it', steps: 0 };
  const rest = computed.filter((i) => !readers.includes(i)).reduce((sum, i) => sum.plus(partOf(screen.members[i], base.members[i])), ZERO);
  const mapped = mapHousehold(index, household);
  mapped.inputs[entityId] = { ...mapped.inputs[entityId], [input.name]: range.from };
  const chosen = readers.map((i) => screen.members[i]);
  const outputs = [...new Set(chosen.flatMap((m) => [...m.terms.eligible, ...(m.terms.amount ? [m.terms.amount] : [])]))];
  const step = range.step === 1 ? '1' : '0.01';
  let swept;
  try {
    swept = screen.sweep(mapped, { input: input.name, entity_id: entityId, from: String(range.from), to: String(range.to), step }, outputs, { maxSegments: FACT_SWEEP_SEGMENTS, maxSteps });
  } catch (error) {
    if (!(error instanceof ServiceError) || (error.code !== 'invalid_request' && error.code !== 'invalid_household')) throw error;
    return { swept: false, range, reason: error.message.replace(/^axis: /, ''), steps: maxSteps };
  }
  const combined = combine(chosen.map((member) => programOutputs(member, swept)), new Grid(new Exact(range.from), new Exact(step), new Exact(range.to)));
  const total = extremes(combined.total.segments, rest);
  const programs = combined.programs.map(sweptProgram);
  return { swept: true, range, total_monthly: total, programs, values: criticalValues(total, programs, combined.programs), steps: swept.steps };
}
