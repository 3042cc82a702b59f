/**
 * The sweep evaluator: walks the same IR as the explain evaluator (../explain/evaluate.ts), with the axis input
 * carried as a line over the grid (./line.ts). Every decision the walk makes (a comparison, min/max, floor/ceil,
 * a rule's rounding, a table key) narrows the window of grid indexes over which the walk would take the same
 * path (./window.ts), so each value is exact over its window. Values are memoised with their windows and reused
 * while the sweep moves right inside them.
 */
import type { CompiledDerived, CompiledParameter, CompiledProgram } from '../compile/index.js';
import type { ArithOp } from '../syntax/ast.js';
import type { Dataset, Period } from '../explain/types.js';
import { IrWalker } from '../explain/ir-walker.js';
import { TYPE_MISMATCH, compareValues, judgmentOf, roundTo } from '../explain/value-ops.js';
import { Decimal, EvalError, kindName, num, show, type Judgment, type Value } from '../values.js';
import { dividedBy, isLine, isSteps, line, minus, parts, plus, times, valueAt, ZERO, type Line, type Steps, type SweepValue } from './line.js';
import { comparisonHi, narrow, roundingHi, type Window } from './window.js';
import { staircase, stepEnd, stepValue, type StepMode } from './steps.js';
import { SweepError } from './errors.js';

/** The swept input: one slot of one entity; its value at grid index K is from + K·step. */
export interface AxisSlot {
  readonly slot: string;
  readonly entity: string;
  readonly from: Decimal;
  readonly step: Decimal;
  /** Last grid index. */
  readonly last: number;
}

interface Memo {
  readonly value: SweepValue | EvalError;
  readonly window: Window;
}

/** A number as the sweep's arithmetic takes it: value(K) = a + b·K. */
type Linear = { a: Decimal; b: Decimal };

const ONE = new Decimal(1);
/** The memo entry of a rule being evaluated: meeting it again is a dependency cycle. */
const IN_PROGRESS: Memo = Object.freeze({ value: new EvalError('in progress'), window: { hi: -1 } });

/** Whether a + b·K is a whole number of `unit`s at every grid index K (a and b both are). */
function onUnitGrid(v: Linear, unit: Decimal): boolean {
  return v.a.dividedBy(unit).isInteger() && v.b.dividedBy(unit).isInteger();
}

/** Walks values whose numbers may be lines over the axis (the shared dispatch is ../explain/ir-walker.ts). */
export class SweepEvaluator extends IrWalker<Line | Steps, Linear> {
  /** By rule, then entity id. */
  private readonly memo = new Map<CompiledDerived, Map<string, Memo>>();
  private readonly memberCache = new Map<string, { members: string[]; window: Window }>();
  private readonly frames: Array<{ rule?: CompiledDerived; window: Window }> = [];
  /** The grid index being evaluated. */
  private k = 0;

  constructor(
    program: CompiledProgram,
    data: Dataset,
    period: Period,
    private readonly axis: AxisSlot,
  ) {
    super(program, data, period);
  }

  /** Value of a rule for an entity at grid index k, with the window over which it keeps this description. */
  at(k: number, name: string, entity: string): { value: SweepValue; window: Window } {
    this.k = k;
    const window: Window = { hi: this.axis.last };
    this.frames.push({ window });
    try {
      const d = this.program.derived.get(name);
      if (d) return { value: this.derived(d, entity), window };
      const p = this.program.parameters.get(name);
      if (p) return { value: this.param(p, undefined), window };
      throw new EvalError(`unknown rule "${name}"`);
    } finally {
      this.frames.pop();
    }
  }

  private top(): { rule?: CompiledDerived; window: Window } {
    return this.frames[this.frames.length - 1];
  }

  /** Records a decision that keeps its outcome up to grid index hi. */
  private decided(hi: number): void {
    const frame = this.top();
    narrow(frame.window, hi, frame.rule);
  }

  private inherit(window: Window): void {
    narrow(this.top().window, window.hi, window.rule);
  }

  protected derived(d: CompiledDerived, entity: string): SweepValue {
    let byEntity = this.memo.get(d);
    if (!byEntity) this.memo.set(d, (byEntity = new Map()));
    const hit = byEntity.get(entity);
    if (hit !== undefined && hit.window.hi >= this.k) {
      this.inherit(hit.window);
      if (hit.value instanceof EvalError) throw hit.value;
      return hit.value;
    }
    const ir = this.formula(d);
    if (ir instanceof EvalError) throw ir;
    if (hit === IN_PROGRESS) throw new EvalError(`dependency cycle while evaluating ${d.id}`);
    const frame = { rule: d, window: { hi: this.axis.last } as Window };
    this.frames.push(frame);
    byEntity.set(entity, IN_PROGRESS);
    let value: SweepValue;
    try {
      value = this.eval(ir, { entity });
      if (d.minorUnits !== undefined && d.rule.rounding) value = this.rounded(value, d.minorUnits, d.rule.rounding);
    } catch (e) {
      if (e instanceof SweepError) throw e;
      const err = e instanceof EvalError ? e : new EvalError((e as Error).message);
      byEntity.set(entity, { value: err, window: { hi: this.k } });
      throw err;
    } finally {
      this.frames.pop();
    }
    byEntity.set(entity, { value, window: frame.window });
    this.inherit(frame.window);
    return value;
  }

  /**
   * A rule's rounding to its currency's minor units: a step function of a line, kept whole as steps (./steps.ts)
   * where they are exact, else constant over its window.
   */
  private rounded(value: SweepValue, places: number, mode: string): SweepValue {
    const unit = new Decimal(10).pow(-places);
    // Steps already on the unit's grid (whole dollars rounded to the cent) are left as they are.
    if (isSteps(value) && onUnitGrid({ a: value.stairs.unit, b: ZERO }, unit)) return value;
    if (isSteps(value)) value = this.stepPoint(value);
    if (value.k === 'num') return num(roundTo(value.n, places, mode));
    if (!isLine(value)) return value;
    // A line whose every grid value is a whole number of units (an amount in cents times 12) is left as it is by
    // any rounding: without this each step of the axis would end a window, one piece per cent.
    if (onUnitGrid(value, unit)) return value;
    const steps = this.steps(value, unit, mode === 'half_up' || mode === 'half_even' || mode === 'floor' ? mode : 'ceil');
    if (steps) return steps;
    const round = (n: Decimal): Decimal => roundTo(n, places, mode);
    const kind = mode === 'floor' ? 'floor' : mode === 'ceil' ? 'ceil' : 'half';
    this.decided(roundingHi(value, this.k, this.axis.last, round, unit, kind));
    return num(round(valueAt(value, this.k)));
  }

  /** A parameter read; a table key that moves with the axis is read at the current index only. */
  protected param(p: CompiledParameter, index: SweepValue | undefined): Value {
    const key = index === undefined ? 0 : this.tableKey(p, this.point(index));
    return this.parameterCell(p, key).cell;
  }

  /** The rounding of a line as steps known in closed form, named by the rule rounding it; undefined where not exact. */
  private steps(v: Linear, unit: Decimal, mode: StepMode): Steps | undefined {
    const stairs = staircase(v.a, v.b, unit, mode, this.axis.last);
    return stairs ? { k: 'steps', stairs, ...(this.top()?.rule ? { rule: this.top().rule } : {}) } : undefined;
  }

  /** Steps read as a number at the current index: constant until the step ends, which the step's rule decides. */
  private stepPoint(v: Steps): Value {
    narrow(this.top().window, stepEnd(v.stairs, this.k, this.axis.last), v.rule);
    return num(stepValue(v.stairs, this.k));
  }

  /** The value at the current index where a consumer needs a plain value (a table key, a date offset): exact only here. */
  protected point(v: SweepValue): Value {
    if (isSteps(v)) return this.stepPoint(v);
    if (!isLine(v)) return v;
    this.decided(this.k);
    return num(valueAt(v, this.k));
  }

  /** A non-number day count is refused as not a whole number, after the date. */
  protected dayCount(v: SweepValue): Decimal | undefined {
    const n = this.point(v);
    return n.k === 'num' ? n.n : undefined;
  }

  protected input(slot: string, entity: string): SweepValue {
    if (slot === this.axis.slot && entity === this.axis.entity) return line(this.axis.from, this.axis.step);
    const v = this.data.inputs.get(slot)?.get(entity);
    if (v === undefined) {
      const rule = this.top()?.rule;
      throw new EvalError(`missing input "${slot}" for entity ${entity}${rule ? ` (read by ${rule.id})` : ''}`, { kind: 'missing_input', input: slot, entity, ...(rule ? { rule: rule.id } : {}) });
    }
    return v;
  }

  members(relName: string, entity: string): string[] {
    const key = `${relName}\u0000${entity}`;
    const hit = this.memberCache.get(key);
    if (hit && hit.window.hi >= this.k) {
      this.inherit(hit.window);
      return hit.members;
    }
    const frame = { rule: this.top()?.rule, window: { hi: this.axis.last } as Window };
    this.frames.push(frame);
    let sorted: string[];
    try {
      sorted = this.collectMembers(relName, entity);
    } finally {
      this.frames.pop();
    }
    this.memberCache.set(key, { members: sorted, window: frame.window });
    this.inherit(frame.window);
    return sorted;
  }

  protected judg(v: SweepValue): Judgment {
    if (v.k === 'judg') return v.j;
    throw new EvalError(`expected a judgment, got ${isLine(v) || isSteps(v) ? 'number' : kindName(v)}`, TYPE_MISMATCH);
  }

  protected truthy(v: SweepValue): Value {
    const j = isLine(v) || isSteps(v) ? undefined : judgmentOf(v);
    if (j) return j;
    throw new EvalError(`type mismatch: a ${isLine(v) || isSteps(v) ? 'number' : kindName(v)} is used as a judgment`, TYPE_MISMATCH);
  }

  protected number(v: SweepValue, what: string): Linear {
    const p = parts(isSteps(v) ? this.stepPoint(v) : v);
    if (p) return p;
    throw new EvalError(`type mismatch: ${what} needs a number, got ${kindName(v as Value)} ${show(v as Value)}`, TYPE_MISMATCH);
  }

  private ruleName(): string {
    return this.top()?.rule?.id ?? 'the output';
  }

  protected arith(op: ArithOp, l: Linear, r: Linear): SweepValue {
    switch (op) {
      case '+':
        return plus(l, r);
      case '-':
        return minus(l, r);
      case '*':
        return times(l, r, this.ruleName());
      default:
        if (r.b.isZero() && r.a.isZero()) throw new EvalError('division by zero');
        return dividedBy(l, r, this.ruleName());
    }
  }

  protected negate(n: Linear): SweepValue {
    return line(n.a.negated(), n.b.negated());
  }

  /** A comparison: numbers by the sign of their difference, which keeps its outcome up to the line's root. */
  protected compare(op: string, left: SweepValue, right: SweepValue): Value {
    const l = isSteps(left) ? this.stepPoint(left) : left;
    const r = isSteps(right) ? this.stepPoint(right) : right;
    if (!isLine(l) && !isLine(r)) return compareValues(op, l, r);
    const d = minus(this.number(l, `"${op}"`), this.number(r, `"${op}"`));
    const diff = parts(d) ?? { a: ZERO, b: ZERO };
    this.decided(comparisonHi(op, diff, this.k, this.axis.last));
    return compareValues(op, num(valueAt(diff, this.k)), num(0));
  }

  /** floor/ceil: a step function of a line, kept whole as steps where they are exact, else constant over its window. */
  protected whole(fn: 'floor' | 'ceil', v: Linear): SweepValue {
    if (!v.b.isZero() && onUnitGrid(v, ONE)) return line(v.a, v.b);
    const steps = v.b.isZero() ? undefined : this.steps(v, ONE, fn);
    if (steps) return steps;
    const round = (n: Decimal): Decimal => (fn === 'floor' ? n.floor() : n.ceil());
    if (!v.b.isZero()) this.decided(roundingHi(v, this.k, this.axis.last, round, ONE, fn));
    return num(round(valueAt(v, this.k)));
  }

  /**
   * max/min picks the first argument attaining the extreme (as the explain evaluator does); the pick holds while
   * every earlier argument stays strictly behind it and every later one does not pass it.
   */
  protected extreme(fn: 'max' | 'min', values: readonly Linear[]): SweepValue {
    const better = (x: Decimal, y: Decimal): boolean => (fn === 'max' ? x.gt(y) : x.lt(y));
    let best = 0;
    for (let i = 1; i < values.length; i++) if (better(valueAt(values[i], this.k), valueAt(values[best], this.k))) best = i;
    const chosen = values[best];
    for (let i = 0; i < values.length; i++) {
      if (i === best) continue;
      const diff = parts(minus(values[i], chosen)) ?? { a: ZERO, b: ZERO };
      // For max: earlier arguments stay < the pick, later ones <= it (min: >, >=).
      const op = fn === 'max' ? (i < best ? '<' : '<=') : i < best ? '>' : '>=';
      this.decided(comparisonHi(op, diff, this.k, this.axis.last));
    }
    return line(chosen.a, chosen.b);
  }
}
