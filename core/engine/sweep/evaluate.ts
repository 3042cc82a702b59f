/**
 * The sweep evaluator: walks the same IR as the explain evaluator (../explain/evaluate.ts), with the axis input
 * carried as a line over the grid (./line.ts). Every decision the walk makes (a comparison, min/max, floor/ceil,
 * a rule's rounding, a table key) narrows the window of grid indexes over which the walk would take the same
 * path (./window.ts), so each value is exact over its window. Values are memoised with their windows and reused
 * while the sweep moves right inside them.
 */
import type { CompiledDerived, CompiledParameter, CompiledProgram, CompiledRelation } from '../compile/index.js';
import type { IR } from '../check/ir.js';
import { liveVersion, type Dataset, type Period } from '../explain/evaluate.js';
import { TYPE_MISMATCH, compareValues, roundTo } from '../explain/value-ops.js';
import { Decimal, EvalError, HOLDS, NOT_HOLDS, UNDETERMINED, isoToDays, judgment, kindName, num, show, type Judgment, type Value } from '../values.js';
import { dividedBy, isLine, line, minus, parts, plus, times, valueAt, ZERO, type SweepValue } from './line.js';
import { comparisonHi, narrow, roundingHi, type Window } from './window.js';
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

interface Ctx {
  readonly entity: string;
  readonly current?: string;
}

interface Memo {
  readonly value: SweepValue | EvalError;
  readonly window: Window;
}

const ONE = new Decimal(1);
/** The memo entry of a rule being evaluated: meeting it again is a dependency cycle. */
const IN_PROGRESS: Memo = Object.freeze({ value: new EvalError('in progress'), window: { hi: -1 } });

export class SweepEvaluator {
  /** By rule, then entity id. */
  private readonly memo = new Map<CompiledDerived, Map<string, Memo>>();
  private readonly memberCache = new Map<string, { members: string[]; window: Window }>();
  private readonly frames: Array<{ rule?: CompiledDerived; window: Window }> = [];
  private readonly periodStart: Value;
  private readonly periodEnd: Value;
  /** The grid index being evaluated. */
  private k = 0;

  constructor(
    private readonly program: CompiledProgram,
    private readonly data: Dataset,
    private readonly period: Period,
    private readonly axis: AxisSlot,
  ) {
    const s = isoToDays(period.start);
    const e = isoToDays(period.end);
    if (s === undefined || e === undefined) throw new EvalError(`invalid period ${period.start}..${period.end}`);
    this.periodStart = { k: 'date', days: s };
    this.periodEnd = { k: 'date', days: e };
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

  private derived(d: CompiledDerived, entity: string): SweepValue {
    let byEntity = this.memo.get(d);
    if (!byEntity) this.memo.set(d, (byEntity = new Map()));
    const hit = byEntity.get(entity);
    if (hit !== undefined && hit.window.hi >= this.k) {
      this.inherit(hit.window);
      if (hit.value instanceof EvalError) throw hit.value;
      return hit.value;
    }
    const version = liveVersion(d.versions, this.period.start);
    if (!version || !version.ir) throw new EvalError(`derived ${d.id} has no formula version at ${this.period.start}`, { kind: 'period_not_covered', rule: d.id, period: this.period.start });
    if (hit === IN_PROGRESS) throw new EvalError(`dependency cycle while evaluating ${d.id}`);
    const frame = { rule: d, window: { hi: this.axis.last } as Window };
    this.frames.push(frame);
    byEntity.set(entity, IN_PROGRESS);
    let value: SweepValue;
    try {
      value = this.eval(version.ir, { entity });
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

  /** A rule's rounding to its currency's minor units: a step function of a line, constant over its window. */
  private rounded(value: SweepValue, places: number, mode: string): SweepValue {
    if (value.k === 'num') return num(roundTo(value.n, places, mode));
    if (!isLine(value)) return value;
    const round = (n: Decimal): Decimal => roundTo(n, places, mode);
    const kind = mode === 'floor' ? 'floor' : mode === 'ceil' ? 'ceil' : 'half';
    this.decided(roundingHi(value, this.k, this.axis.last, round, new Decimal(10).pow(-places), kind));
    return num(round(valueAt(value, this.k)));
  }

  private param(p: CompiledParameter, index: SweepValue | undefined): Value {
    const v = liveVersion(p.versions, this.period.start);
    let key = 0;
    if (index !== undefined) {
      const at = this.pointValue(index);
      if (at.k !== 'num' || !at.n.isInteger()) throw new EvalError(`parameter ${p.id}: table key must be an integer, got ${kindName(at)} ${show(at)}`, TYPE_MISMATCH);
      key = at.n.toNumber();
    }
    if (!v) throw new EvalError(`parameter ${p.id} has no value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    if (!v.cells) throw new EvalError(`parameter ${p.id} has no literal value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    const cell = v.cells.get(key);
    if (cell === undefined) throw new EvalError(`parameter ${p.id} has no value for key ${key} at ${this.period.start}`, { kind: 'table_key_not_covered', parameter: p.id, key, period: this.period.start });
    return cell;
  }

  /** The value at the current index where a consumer needs a plain value (a table key, a date offset): exact only here. */
  private pointValue(v: SweepValue): Value {
    if (!isLine(v)) return v;
    this.decided(this.k);
    return num(valueAt(v, this.k));
  }

  private input(slot: string, entity: string): SweepValue {
    if (slot === this.axis.slot && entity === this.axis.entity) return line(this.axis.from, this.axis.step);
    const v = this.data.inputs.get(slot)?.get(entity);
    if (v === undefined) {
      const rule = this.top()?.rule;
      throw new EvalError(`missing input "${slot}" for entity ${entity}${rule ? ` (read by ${rule.id})` : ''}`, { kind: 'missing_input', input: slot, entity, ...(rule ? { rule: rule.id } : {}) });
    }
    return v;
  }

  private members(relName: string, entity: string): string[] {
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

  private collectMembers(relName: string, entity: string): string[] {
    const rel = this.program.relations.get(relName);
    const out = new Set<string>();
    for (const [member, current] of this.data.relations.get(relName) ?? []) if (current === entity) out.add(member);
    if (rel && rel.kind === 'derived') {
      const canonical = rel.rule?.name ?? relName;
      if (canonical !== relName) for (const [member, current] of this.data.relations.get(canonical) ?? []) if (current === entity) out.add(member);
      for (const m of this.derivedMembers(rel, entity)) out.add(m);
    }
    return [...out].sort();
  }

  private derivedMembers(rel: CompiledRelation, entity: string): string[] {
    if (!rel.source || !rel.predicate) return [];
    const out: string[] = [];
    for (const m of this.members(rel.source, entity)) if (this.judg(this.eval(rel.predicate, { entity: m, current: entity })) === 'holds') out.push(m);
    return out;
  }

  private judg(v: SweepValue): Judgment {
    if (v.k === 'judg') return v.j;
    throw new EvalError(`expected a judgment, got ${isLine(v) ? 'number' : kindName(v)}`, TYPE_MISMATCH);
  }

  private linear(v: SweepValue, what: string): { a: Decimal; b: Decimal } {
    const p = parts(v);
    if (p) return p;
    throw new EvalError(`type mismatch: ${what} needs a number, got ${kindName(v as Value)} ${show(v as Value)}`, TYPE_MISMATCH);
  }

  private ruleName(): string {
    return this.top()?.rule?.id ?? 'the output';
  }

  private eval(ir: IR, ctx: Ctx): SweepValue {
    switch (ir.k) {
      case 'const':
        return ir.v;
      case 'period':
        return ir.which === 'start' ? this.periodStart : this.periodEnd;
      case 'param': {
        const p = this.program.parameters.get(ir.name);
        if (!p) throw new EvalError(`unknown parameter ${ir.name}`);
        return this.param(p, ir.index ? this.eval(ir.index, ctx) : undefined);
      }
      case 'derived': {
        const d = this.program.derived.get(ir.name);
        if (!d) throw new EvalError(`unknown derived rule ${ir.name}`);
        return this.derived(d, ir.at === 'current' && ctx.current !== undefined ? ctx.current : ctx.entity);
      }
      case 'input':
        return this.input(ir.slot, ctx.entity);
      case 'arith':
        return this.arith(ir.op, this.linear(this.eval(ir.l, ctx), `"${ir.op}"`), this.linear(this.eval(ir.r, ctx), `"${ir.op}"`));
      case 'neg': {
        const e = this.linear(this.eval(ir.e, ctx), 'unary "-"');
        return line(e.a.negated(), e.b.negated());
      }
      case 'cmp':
        return this.compare(ir.op, this.eval(ir.l, ctx), this.eval(ir.r, ctx));
      case 'and':
      case 'or':
        return this.connective(ir.k, ir.items, ctx);
      case 'not': {
        const j = this.judg(this.eval(ir.e, ctx));
        return j === 'holds' ? NOT_HOLDS : j === 'not_holds' ? HOLDS : UNDETERMINED;
      }
      case 'truthy': {
        const v = this.eval(ir.e, ctx);
        if (v.k === 'judg') return v;
        if (v.k === 'bool') return judgment(v.b);
        if (v.k === 'text' && (v.s === 'holds' || v.s === 'not_holds')) return judgment(v.s === 'holds');
        throw new EvalError(`type mismatch: a ${isLine(v) ? 'number' : kindName(v)} is used as a judgment`, TYPE_MISMATCH);
      }
      case 'if': {
        for (let i = 0; i < ir.conds.length; i++) if (this.judg(this.eval(ir.conds[i], ctx)) === 'holds') return this.eval(ir.thens[i], ctx);
        return this.eval(ir.otherwise, ctx);
      }
      case 'fn':
        return this.fn(ir.fn, ir.args, ctx);
      case 'agg':
        return this.aggregate(ir, ctx);
      case 'member': {
        if (ctx.current === undefined) throw new EvalError(`relation "${ir.rel}" used as a membership test outside a derived-relation predicate`);
        return judgment(this.members(ir.rel, ctx.current).includes(ctx.entity));
      }
      case 'exactly_one': {
        const js = ir.items.map((i) => this.judg(this.eval(i, ctx)));
        if (js.includes('undetermined')) return js.filter((j) => j === 'holds').length > 1 ? NOT_HOLDS : UNDETERMINED;
        return judgment(js.filter((j) => j === 'holds').length === 1);
      }
      case 'unsupported':
        throw new EvalError(ir.message);
    }
    throw new EvalError('unreachable');
  }

  private arith(op: string, l: { a: Decimal; b: Decimal }, r: { a: Decimal; b: Decimal }): SweepValue {
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

  /** A comparison: numbers by the sign of their difference, which keeps its outcome up to the line's root. */
  private compare(op: string, l: SweepValue, r: SweepValue): Value {
    if (!isLine(l) && !isLine(r)) return compareValues(op, l, r);
    const d = minus(this.linear(l, `"${op}"`), this.linear(r, `"${op}"`));
    const diff = parts(d) ?? { a: ZERO, b: ZERO };
    this.decided(comparisonHi(op, diff, this.k, this.axis.last));
    return compareValues(op, num(valueAt(diff, this.k)), num(0));
  }

  private connective(kind: 'and' | 'or', items: readonly IR[], ctx: Ctx): Value {
    const stop = kind === 'and' ? 'not_holds' : 'holds';
    let und = false;
    for (const item of items) {
      const j = this.judg(this.eval(item, ctx));
      if (j === stop) return kind === 'and' ? NOT_HOLDS : HOLDS;
      if (j === 'undetermined') und = true;
    }
    if (und) return UNDETERMINED;
    return kind === 'and' ? HOLDS : NOT_HOLDS;
  }

  private aggregate(ir: Extract<IR, { k: 'agg' }>, ctx: Ctx): SweepValue {
    const members = this.members(ir.rel, ctx.entity);
    if (ir.fn === 'len') return num(members.length);
    if (ir.fn === 'count_where') {
      let n = 0;
      for (const m of members) if (this.judg(this.eval(ir.pred as IR, { entity: m })) === 'holds') n++;
      return num(n);
    }
    let sum: SweepValue = num(0);
    for (const m of members) {
      if (ir.pred && this.judg(this.eval(ir.pred, { entity: m })) !== 'holds') continue;
      sum = plus(this.linear(sum, ir.fn), this.linear(this.eval(ir.field as IR, { entity: m }), ir.fn));
    }
    return sum;
  }

  private fn(fn: string, args: readonly IR[], ctx: Ctx): SweepValue {
    switch (fn) {
      case 'max':
      case 'min':
        return this.extreme(fn, args, ctx);
      case 'floor':
      case 'ceil': {
        const v = this.linear(this.eval(args[0], ctx), fn);
        const round = (n: Decimal): Decimal => (fn === 'floor' ? n.floor() : n.ceil());
        if (!v.b.isZero()) this.decided(roundingHi(v, this.k, this.axis.last, round, ONE, fn));
        return num(round(valueAt(v, this.k)));
      }
      case 'days_between': {
        const a = this.pointValue(this.eval(args[0], ctx));
        const b = this.pointValue(this.eval(args[1], ctx));
        if (a.k !== 'date' || b.k !== 'date') throw new EvalError(`days_between needs two dates, got ${kindName(a)} and ${kindName(b)}`, TYPE_MISMATCH);
        return num(b.days - a.days);
      }
      case 'date_add_days': {
        const d = this.pointValue(this.eval(args[0], ctx));
        const n = this.pointValue(this.eval(args[1], ctx));
        if (d.k !== 'date') throw new EvalError(`date_add_days needs a date, got ${kindName(d)}`, TYPE_MISMATCH);
        if (n.k !== 'num' || !n.n.isInteger()) throw new EvalError('date_add_days needs a whole number of days');
        return { k: 'date', days: d.days + n.n.toNumber() };
      }
    }
    throw new EvalError(`unknown function ${fn}`);
  }

  /**
   * max/min picks the first argument attaining the extreme (as the explain evaluator does); the pick holds while
   * every earlier argument stays strictly behind it and every later one does not pass it.
   */
  private extreme(fn: 'max' | 'min', args: readonly IR[], ctx: Ctx): SweepValue {
    if (args.length === 0) throw new EvalError(`${fn}() needs at least one argument`);
    const values = args.map((a) => this.linear(this.eval(a, ctx), fn));
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
