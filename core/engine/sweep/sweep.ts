/**
 * An exact sweep: a package's outputs as piecewise-linear functions of one numeric input over a grid
 * (x = from + K·step). The sweep evaluates at K = 0, learns from the evaluator how far every output keeps its
 * description (./evaluate.ts), and continues one step after the nearest end, so it evaluates once per piece,
 * never per grid point. Adjacent pieces on the same line are merged; every remaining boundary is a breakpoint
 * attributed to the rule whose decision ended the piece before it.
 */
import { packageDataset } from '../package/package-evaluation.js';
import type { PackageRequest, RuntimePackage } from '../package/types.js';
import type { CompiledDerived, CompiledProgram } from '../compile/index.js';
import type { Dataset, Period } from '../explain/types.js';
import { Decimal, EvalError, num, toJson, type Value } from '../values.js';
import { SweepEvaluator } from './evaluate.js';
import { isLine, isSteps, valueAt, ZERO, type Line, type Steps } from './line.js';
import { stepAt, stepEnd, stepValue } from './steps.js';
import type { Window } from './window.js';
import { SweepError } from './errors.js';

export interface SweepAxis {
  /** The input, by slot or any accepted input id. */
  readonly input: string;
  /** Entity id whose input is swept (the unit's id, or a person's). */
  readonly entity: string;
  /** Range ends, both on the grid; from < to. */
  readonly from: Decimal;
  readonly to: Decimal;
  /** Grid step: 1 for an integer input, 0.01 (a cent) for money. */
  readonly step: Decimal;
}

export interface SweepLimits {
  /** Most segments in one output's description. */
  readonly maxSegments: number;
  /** Most evaluation steps (pieces before merging) for the whole sweep. */
  readonly maxSteps: number;
}

type Json = string | number | boolean;

export interface SweepSegment {
  /** First and last grid value of the segment (both included; the next segment starts one step after `to`). */
  readonly from: Json;
  readonly to: Json;
  /** The output at `from`. */
  readonly value: Json;
  /** Change of the output per unit of the input (0 for a step or a non-number). */
  readonly slope: Json;
}

/** The rule whose decision causes a breakpoint, with its legal sources as its trace entries list them. */
export interface SweepRule {
  readonly ruleId: string;
  readonly name: string;
  /** The compiled rule's frozen sources array (CompiledDerived.sources). */
  readonly sources: readonly string[];
}

export interface SweepBreakpoint {
  /** The first grid value at which the output takes `after`. */
  readonly at: Json;
  /** The output one step below `at`, and at `at`. */
  readonly before: Json;
  readonly after: Json;
  readonly rule?: SweepRule;
}

export interface SweepOutput {
  readonly segments: SweepSegment[];
  readonly breakpoints: SweepBreakpoint[];
}

export interface SweepResult {
  readonly outputs: Record<string, SweepOutput>;
  /** Evaluation steps taken (one per piece before merging). */
  readonly steps: number;
}

interface Piece {
  readonly k0: number;
  k1: number;
  readonly value: Value | Line;
  /** The rule that ended the latest window merged into this piece. */
  rule?: CompiledDerived;
  /** A step's value as JSON, known from its whole number of units (see stepJson). */
  readonly json?: number;
}

/**
 * A staircase's values as JSON, where its unit is 10^-places: units / 10^places is exactly the number toJson gives
 * for the decimal (a division of two exact doubles rounds once, as reading the decimal does), and below 10^15 units it
 * reads back as that decimal.
 */
function stepJson(s: Steps['stairs']): ((k: number) => number | undefined) | undefined {
  const places = s.unit.decimalPlaces();
  if (!s.unit.eq(new Decimal(10).pow(-places))) return undefined;
  const scale = 10 ** places;
  return (k) => {
    const units = stepAt(s, k);
    return Math.abs(units) < 1e15 ? units / scale : undefined;
  };
}

function sameLine(x: Value | Line, y: Value | Line): boolean {
  const lx = isLine(x) ? x : x.k === 'num' ? { a: x.n, b: ZERO } : undefined;
  const ly = isLine(y) ? y : y.k === 'num' ? { a: y.n, b: ZERO } : undefined;
  if (lx && ly) return lx.a.eq(ly.a) && lx.b.eq(ly.b);
  if (lx || ly) return false;
  return toJson(x as Value) === toJson(y as Value);
}

function at(v: Value | Line, k: number): Json {
  if (isLine(v)) return toJson(num(valueAt(v, k)));
  return toJson(v);
}

function ruleOf(d: CompiledDerived | undefined): SweepRule | undefined {
  if (!d) return undefined;
  return { ruleId: d.id, name: d.name, sources: d.sources };
}

/** Number of grid steps in the range; the axis must lie on its grid. */
export function gridSteps(axis: Pick<SweepAxis, 'from' | 'to' | 'step'>): number {
  const steps = axis.to.minus(axis.from).dividedBy(axis.step);
  if (!steps.isInteger() || steps.lte(0)) throw new EvalError(`the axis range ${axis.from}..${axis.to} is not a positive whole number of steps of ${axis.step}`);
  return steps.toNumber();
}

/** Describes `outputs` exactly over the axis. Throws SweepError (nonlinear use of the axis, over a limit) or EvalError. */
export function sweepPackage(pkg: RuntimePackage, request: PackageRequest, axis: SweepAxis, outputs: readonly string[], limits: SweepLimits): SweepResult {
  const { period, entityId, data } = packageDataset(pkg, request);
  const slot = pkg.inputCatalog.find((c) => c.slot === axis.input || c.accepted.includes(axis.input))?.slot ?? axis.input;
  return sweepProgram(pkg.program, data, period, entityId, { ...axis, input: slot }, outputs, limits);
}

/** The sweep over a compiled program and its facts; `axis.input` is the input slot. */
export function sweepProgram(
  program: CompiledProgram,
  data: Dataset,
  period: Period,
  entityId: string,
  axis: SweepAxis,
  outputs: readonly string[],
  limits: SweepLimits,
): SweepResult {
  const last = gridSteps(axis);
  const evaluator = new SweepEvaluator(program, data, period, { slot: axis.input, entity: axis.entity, from: axis.from, step: axis.step, last });
  const pieces = new Map<string, Piece[]>(outputs.map((o) => [o, []]));
  let steps = 0;
  for (let k = 0; k <= last; ) {
    if (++steps > limits.maxSteps) throw new SweepError('too_many_segments', `the sweep needs more than ${limits.maxSteps} evaluation steps; narrow the range or ask for fewer outputs`);
    let next = last;
    const found = outputs.map((o) => {
      const r = evaluator.at(k, o, entityId);
      next = Math.min(next, r.window.hi);
      return r;
    });
    outputs.forEach((o, i) => {
      const { value, window } = found[i];
      const rule = window.hi === next ? window.rule : undefined;
      if (isSteps(value)) addSteps(pieces.get(o) as Piece[], k, next, value, window, limits, o);
      else addPiece(pieces.get(o) as Piece[], k, next, value, rule, limits, o);
    });
    k = next + 1;
  }
  const described: Record<string, SweepOutput> = {};
  for (const o of outputs) described[o] = describe(pieces.get(o) as Piece[], axis);
  return { outputs: described, steps };
}

/**
 * Steps over k0..k1 as pieces, enumerated in closed form (./steps.ts). A step that ends inside the output's window
 * is ended by the steps' rounding rule; one that runs to the window's end, by what ends the window (`window.rule`
 * when the window ends at k1; otherwise another output ended k1 and the piece continues in the next evaluation).
 */
function addSteps(list: Piece[], k0: number, k1: number, steps: Steps, window: Window, limits: SweepLimits, output: string): void {
  const jsonAt = stepJson(steps.stairs);
  for (let k = k0; k <= k1; ) {
    const end = stepEnd(steps.stairs, k, window.hi);
    const stop = Math.min(end, k1);
    const rule = stop < end ? undefined : end < window.hi ? steps.rule : window.hi === k1 ? window.rule : undefined;
    const json = jsonAt?.(k);
    const prev = list[list.length - 1];
    // Two JSON numbers that carry their decimals exactly are equal exactly when the decimals are.
    if (json !== undefined && prev?.json === json) extend(prev, stop, rule);
    else addPiece(list, k, stop, num(stepValue(steps.stairs, k)), rule, limits, output, json, json !== undefined && prev?.json !== undefined);
    k = stop + 1;
  }
}

function extend(piece: Piece, k1: number, rule: CompiledDerived | undefined): void {
  piece.k1 = k1;
  piece.rule = rule;
}

/** Appends a piece, or extends the last one where it continues its line (`differs`: known not to). */
function addPiece(list: Piece[], k0: number, k1: number, value: Value | Line, rule: CompiledDerived | undefined, limits: SweepLimits, output: string, json?: number, differs = false): void {
  const prev = list[list.length - 1];
  if (prev && !differs && sameLine(prev.value, value)) return extend(prev, k1, rule);
  if (list.length >= limits.maxSegments) throw new SweepError('too_many_segments', `${output} has more than ${limits.maxSegments} segments over this range; narrow the range`);
  list.push(json === undefined ? { k0, k1, value, rule } : { k0, k1, value, rule, json });
}

/**
 * The grid value at index k as JSON. On the usual grids (cents, whole numbers) it is an integer count of steps over
 * the scale, and that integer divided by the scale is exactly the number JSON gives for the decimal.
 */
function gridValue(axis: SweepAxis): (k: number) => Json {
  const scale = new Decimal(1).dividedBy(axis.step);
  const start = axis.from.times(scale);
  if (scale.isInteger() && scale.lte(1e6) && start.isInteger() && start.abs().lt(1e12)) {
    const [s, n] = [scale.toNumber(), start.toNumber()];
    return (k) => (n + k) / s;
  }
  return (k) => toJson(num(axis.from.plus(axis.step.times(k))));
}

/** Pieces as segments and breakpoints; each value is written once (a breakpoint's `after` is its segment's `value`). */
function describe(pieces: readonly Piece[], axis: SweepAxis): SweepOutput {
  const x = gridValue(axis);
  const segments: SweepSegment[] = pieces.map((p) => ({
    from: x(p.k0),
    to: x(p.k1),
    value: p.json ?? at(p.value, p.k0),
    slope: isLine(p.value) ? toJson(num(p.value.b.dividedBy(axis.step))) : 0,
  }));
  const rules = new Map<CompiledDerived, SweepRule>();
  const breakpoints: SweepBreakpoint[] = [];
  for (let i = 1; i < pieces.length; i++) {
    const before = pieces[i - 1];
    let rule = before.rule && rules.get(before.rule);
    if (before.rule && !rule) rules.set(before.rule, (rule = ruleOf(before.rule) as SweepRule));
    const value = isLine(before.value) ? at(before.value, pieces[i].k0 - 1) : segments[i - 1].value;
    breakpoints.push({ at: segments[i].from, before: value, after: segments[i].value, ...(rule ? { rule } : {}) });
  }
  return { segments, breakpoints };
}
