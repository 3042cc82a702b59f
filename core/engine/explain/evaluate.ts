/**
 * The explain evaluator: walks a CompiledProgram lazily for one dataset and period, memoised per
 * (rule, entity), and records a trace of every computed rule with its legal source and parameter reads.
 */
import type { CompiledDerived, CompiledParameter, CompiledProgram } from '../compile/index.js';
import type { ArithOp, Pos } from '../syntax/ast.js';
import type { IR } from '../check/ir.js';
import { Decimal, EvalError, bool, daysToIso, kindName, num, show, toJson, type Judgment, type Value } from '../values.js';
import type { Dataset, ParameterRead, Period, TraceEntry } from './types.js';
import { TYPE_MISMATCH, compareValues, judgmentOf, roundTo } from './value-ops.js';
import { IrWalker, liveVersion } from './ir-walker.js';

export type { Dataset, ParameterRead, Period, TraceEntry } from './types.js';
export { liveVersion };

interface Frame {
  readonly rule: CompiledDerived;
  readonly params: ParameterRead[];
}

/** Walks plain values (the shared dispatch is ./ir-walker.ts); numbers are Decimals. */
export class Evaluator extends IrWalker<never, Decimal> {
  private readonly memo = new Map<string, Value | EvalError>();
  private readonly memberCache = new Map<string, string[]>();
  private readonly frames: Frame[] = [];
  private readonly inProgress = new Set<string>();
  readonly trace: TraceEntry[] = [];

  constructor(
    program: CompiledProgram,
    data: Dataset,
    period: Period,
    private readonly options: { trace?: boolean } = {},
  ) {
    super(program, data, period);
  }

  /** Value of a derived rule (or a parameter's key-0 / formula value) for an entity id. Throws EvalError. */
  evaluate(name: string, entity: string): Value {
    const d = this.program.derived.get(name);
    if (d) return this.derived(d, entity);
    const p = this.program.parameters.get(name);
    if (p) return this.param(p, undefined);
    throw new EvalError(`unknown rule "${name}"`);
  }

  protected derived(d: CompiledDerived, entity: string): Value {
    const key = `${d.name}\u0000${entity}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) {
      if (hit instanceof EvalError) throw hit;
      return hit;
    }
    if (this.inProgress.has(key)) throw new EvalError(`dependency cycle while evaluating ${d.id}`);
    const ir = this.formula(d);
    if (ir instanceof EvalError) {
      this.memo.set(key, ir);
      throw ir;
    }
    this.inProgress.add(key);
    const frame: Frame = { rule: d, params: [] };
    this.frames.push(frame);
    let value: Value;
    try {
      value = this.eval(ir, { entity });
      if (d.minorUnits !== undefined && d.rule.rounding && value.k === 'num') value = num(roundTo(value.n, d.minorUnits, d.rule.rounding));
    } catch (e) {
      const err = e instanceof EvalError ? e : new EvalError((e as Error).message);
      this.memo.set(key, err);
      throw err;
    } finally {
      this.frames.pop();
      this.inProgress.delete(key);
    }
    this.memo.set(key, value);
    if (this.options.trace) this.record(d, entity, value, frame);
    return value;
  }

  private record(d: CompiledDerived, entity: string, value: Value, frame: Frame): void {
    this.trace.push({ ruleId: d.id, name: d.name, entity, value: toJson(value), sources: d.sources, parameters: frame.params });
  }

  /** Parameter read with the HEAD version rule, recorded in the reading rule's trace entry. */
  protected param(p: CompiledParameter, index: Value | undefined): Value {
    const key = index === undefined ? 0 : this.tableKey(p, index);
    const { cell, version } = this.parameterCell(p, key);
    const frame = this.frames[this.frames.length - 1];
    if (frame && this.options.trace) frame.params.push({ id: p.id, name: p.name, key, effectiveFrom: version.from, effectiveTo: version.to, value: toJson(cell) });
    return cell;
  }

  protected input(slot: string, entity: string, pos: Pos): Value {
    const v = this.data.inputs.get(slot)?.get(entity);
    if (v === undefined) {
      // Name the reading rule and where: in RuleSpec an unknown name (or a typo) is an implicit input.
      const rule = this.frames[this.frames.length - 1]?.rule;
      const where = rule ? ` (read by ${rule.id}, formula line ${pos.line}, column ${pos.col})` : '';
      throw new EvalError(`missing input "${slot}" for entity ${entity}${where}`, { kind: 'missing_input', input: slot, entity, ...(rule ? { rule: rule.id } : {}) });
    }
    return v;
  }

  /** Related member ids of `entity` through `rel`, sorted and de-duplicated (§5.2-5.3). */
  members(relName: string, entity: string): string[] {
    const key = `${relName}\u0000${entity}`;
    const hit = this.memberCache.get(key);
    if (hit) return hit;
    const sorted = this.collectMembers(relName, entity);
    this.memberCache.set(key, sorted);
    return sorted;
  }

  protected judg(v: Value): Judgment {
    if (v.k === 'judg') return v.j;
    throw new EvalError(`expected a judgment, got ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
  }

  protected number(v: Value, what: string): Decimal {
    if (v.k === 'num') return v.n;
    throw new EvalError(`type mismatch: ${what} needs a number, got ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
  }

  protected arith(op: ArithOp, l: Decimal, r: Decimal): Value {
    switch (op) {
      case '+':
        return num(l.plus(r));
      case '-':
        return num(l.minus(r));
      case '*':
        return num(l.times(r));
      case '/':
        if (r.isZero()) throw new EvalError('division by zero');
        return num(l.dividedBy(r));
    }
  }

  protected negate(n: Decimal): Value {
    return num(new Decimal(0).minus(n));
  }

  protected compare(op: string, l: Value, r: Value): Value {
    return compareValues(op, l, r);
  }

  protected truthy(v: Value, e: IR): Value {
    const j = judgmentOf(v);
    if (j) return j;
    const what = e.k === 'input' ? `input "${e.slot}"` : e.k === 'derived' ? `rule "${e.name}"` : 'value';
    throw new EvalError(`type mismatch: ${what} is used as a judgment but is ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
  }

  protected extreme(fn: 'max' | 'min', values: readonly Decimal[]): Value {
    let best = values[0];
    for (const x of values.slice(1)) if (fn === 'max' ? x.gt(best) : x.lt(best)) best = x;
    return num(best);
  }

  protected whole(fn: 'floor' | 'ceil', n: Decimal): Value {
    return num(fn === 'floor' ? n.floor() : n.ceil());
  }

  protected point(v: Value): Value {
    return v;
  }

  /** A non-number day count is a type mismatch, refused before the date is looked at. */
  protected dayCount(v: Value): Decimal {
    return this.number(v, 'date_add_days');
  }
}

/** Convenience: a Dataset from plain JSON-ish records. */
export function makeDataset(
  inputs: Record<string, Record<string, Value>>,
  relations: Record<string, readonly (readonly [string, string])[]> = {},
): Dataset {
  const im = new Map<string, Map<string, Value>>();
  for (const [entity, slots] of Object.entries(inputs))
    for (const [slot, v] of Object.entries(slots)) {
      let m = im.get(slot);
      if (!m) im.set(slot, (m = new Map()));
      m.set(entity, v);
    }
  return { inputs: im, relations: new Map(Object.entries(relations)) };
}

export { bool, daysToIso };
