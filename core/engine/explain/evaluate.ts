/**
 * The explain evaluator: walks a CompiledProgram lazily for one dataset and period, memoised per
 * (rule, entity), and records a trace of every computed rule with its legal source and parameter reads.
 */
import type { CompiledDerived, CompiledParameter, CompiledProgram, CompiledRelation } from '../compile/index.js';
import type { Pos } from '../syntax/ast.js';
import type { IR } from '../check/ir.js';
import {
  Decimal,
  EvalError,
  HOLDS,
  NOT_HOLDS,
  UNDETERMINED,
  bool,
  daysToIso,
  isoToDays,
  judgment,
  kindName,
  num,
  show,
  toJson,
  type Judgment,
  type Value,
} from '../values.js';
import type { Dataset, ParameterRead, Period, TraceEntry } from './types.js';
import { TYPE_MISMATCH, compareValues, roundTo } from './value-ops.js';

export type { Dataset, ParameterRead, Period, TraceEntry } from './types.js';

interface Frame {
  readonly rule: CompiledDerived;
  readonly params: ParameterRead[];
}

interface Ctx {
  readonly entity: string;
  /** Inside a derived-relation predicate: the aggregating entity. */
  readonly current?: string;
}

/** Selects the live version at `start` (HEAD rule: honours effective_to, §3.1). */
export function liveVersion<V extends { from: string; to?: string }>(versions: readonly V[], start: string, honourTo = true): V | undefined {
  let best: V | undefined;
  for (const v of versions) {
    if (v.from > start) continue;
    if (honourTo && v.to !== undefined && start > v.to) continue;
    if (!best || v.from > best.from) best = v;
  }
  return best;
}

export class Evaluator {
  private readonly memo = new Map<string, Value | EvalError>();
  private readonly memberCache = new Map<string, string[]>();
  private readonly frames: Frame[] = [];
  private readonly inProgress = new Set<string>();
  readonly trace: TraceEntry[] = [];
  private readonly periodStart: Value;
  private readonly periodEnd: Value;

  constructor(
    readonly program: CompiledProgram,
    readonly data: Dataset,
    readonly period: Period,
    private readonly options: { trace?: boolean } = {},
  ) {
    const s = isoToDays(period.start);
    const e = isoToDays(period.end);
    if (s === undefined || e === undefined) throw new EvalError(`invalid period ${period.start}..${period.end}`);
    this.periodStart = { k: 'date', days: s };
    this.periodEnd = { k: 'date', days: e };
  }

  /** Value of a derived rule (or a parameter's key-0 / formula value) for an entity id. Throws EvalError. */
  evaluate(name: string, entity: string): Value {
    const d = this.program.derived.get(name);
    if (d) return this.derived(d, entity);
    const p = this.program.parameters.get(name);
    if (p) return this.param(p, undefined);
    throw new EvalError(`unknown rule "${name}"`);
  }

  private derived(d: CompiledDerived, entity: string): Value {
    const key = `${d.name}\u0000${entity}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) {
      if (hit instanceof EvalError) throw hit;
      return hit;
    }
    if (this.inProgress.has(key)) throw new EvalError(`dependency cycle while evaluating ${d.id}`);
    const version = liveVersion(d.versions, this.period.start);
    if (!version || !version.ir) {
      const e = new EvalError(`derived ${d.id} has no formula version at ${this.period.start}`, { kind: 'period_not_covered', rule: d.id, period: this.period.start });
      this.memo.set(key, e);
      throw e;
    }
    this.inProgress.add(key);
    const frame: Frame = { rule: d, params: [] };
    this.frames.push(frame);
    let value: Value;
    try {
      value = this.eval(version.ir, { entity });
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

  /** Parameter read with the HEAD version rule; `index` undefined reads key 0 (§3.2-3.3). */
  private param(p: CompiledParameter, index: Value | undefined): Value {
    const v = liveVersion(p.versions, this.period.start);
    let key = 0;
    if (index !== undefined) {
      if (index.k !== 'num' || !index.n.isInteger()) throw new EvalError(`parameter ${p.id}: table key must be an integer, got ${kindName(index)} ${show(index)}`, TYPE_MISMATCH);
      key = index.n.toNumber();
    }
    if (!v) throw new EvalError(`parameter ${p.id} has no value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    if (!v.cells) throw new EvalError(`parameter ${p.id} has no literal value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    const cell = v.cells.get(key);
    if (cell === undefined) throw new EvalError(`parameter ${p.id} has no value for key ${key} at ${this.period.start}`, { kind: 'table_key_not_covered', parameter: p.id, key, period: this.period.start });
    const frame = this.frames[this.frames.length - 1];
    if (frame && this.options.trace) frame.params.push({ id: p.id, name: p.name, key, effectiveFrom: v.from, effectiveTo: v.to, value: toJson(cell) });
    return cell;
  }

  private input(slot: string, entity: string, pos: Pos): Value {
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
    const rel = this.program.relations.get(relName);
    const out = new Set<string>();
    for (const [member, current] of this.data.relations.get(relName) ?? []) if (current === entity) out.add(member);
    if (rel && rel.kind === 'derived') {
      const canonical = rel.rule?.name ?? relName;
      if (canonical !== relName) for (const [member, current] of this.data.relations.get(canonical) ?? []) if (current === entity) out.add(member);
      for (const m of this.derivedMembers(rel, entity)) out.add(m);
    }
    const sorted = [...out].sort();
    this.memberCache.set(key, sorted);
    return sorted;
  }

  private derivedMembers(rel: CompiledRelation, entity: string): string[] {
    if (!rel.source || !rel.predicate) return [];
    const out: string[] = [];
    for (const m of this.members(rel.source, entity)) {
      if (this.judg(this.eval(rel.predicate, { entity: m, current: entity })) === 'holds') out.push(m);
    }
    return out;
  }

  private judg(v: Value): Judgment {
    if (v.k === 'judg') return v.j;
    throw new EvalError(`expected a judgment, got ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
  }

  private numOf(v: Value, what: string): Decimal {
    if (v.k === 'num') return v.n;
    throw new EvalError(`type mismatch: ${what} needs a number, got ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
  }

  eval(ir: IR, ctx: Ctx): Value {
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
        return this.input(ir.slot, ctx.entity, ir.pos);
      case 'arith': {
        const l = this.numOf(this.eval(ir.l, ctx), `"${ir.op}"`);
        const r = this.numOf(this.eval(ir.r, ctx), `"${ir.op}"`);
        switch (ir.op) {
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
        break;
      }
      case 'neg':
        return num(new Decimal(0).minus(this.numOf(this.eval(ir.e, ctx), 'unary "-"')));
      case 'cmp':
        return compareValues(ir.op, this.eval(ir.l, ctx), this.eval(ir.r, ctx));
      case 'and': {
        let und = false;
        for (const item of ir.items) {
          const j = this.judg(this.eval(item, ctx));
          if (j === 'not_holds') return NOT_HOLDS;
          if (j === 'undetermined') und = true;
        }
        return und ? UNDETERMINED : HOLDS;
      }
      case 'or': {
        let und = false;
        for (const item of ir.items) {
          const j = this.judg(this.eval(item, ctx));
          if (j === 'holds') return HOLDS;
          if (j === 'undetermined') und = true;
        }
        return und ? UNDETERMINED : NOT_HOLDS;
      }
      case 'not': {
        const j = this.judg(this.eval(ir.e, ctx));
        return j === 'holds' ? NOT_HOLDS : j === 'not_holds' ? HOLDS : UNDETERMINED;
      }
      case 'truthy': {
        const v = this.eval(ir.e, ctx);
        if (v.k === 'judg') return v;
        if (v.k === 'bool') return judgment(v.b);
        if (v.k === 'text' && (v.s === 'holds' || v.s === 'not_holds')) return judgment(v.s === 'holds');
        const what = ir.e.k === 'input' ? `input "${ir.e.slot}"` : ir.e.k === 'derived' ? `rule "${ir.e.name}"` : 'value';
        throw new EvalError(`type mismatch: ${what} is used as a judgment but is ${kindName(v)} ${show(v)}`, TYPE_MISMATCH);
      }
      case 'if': {
        for (let i = 0; i < ir.conds.length; i++) {
          // Only holds selects the branch; not_holds and undetermined fall through (§4.6).
          if (this.judg(this.eval(ir.conds[i], ctx)) === 'holds') return this.eval(ir.thens[i], ctx);
        }
        return this.eval(ir.otherwise, ctx);
      }
      case 'fn':
        return this.fn(ir.fn, ir.args, ctx);
      case 'agg': {
        const members = this.members(ir.rel, ctx.entity);
        if (ir.fn === 'len') return num(members.length);
        if (ir.fn === 'count_where') {
          let n = 0;
          for (const m of members) if (this.judg(this.eval(ir.pred as IR, { entity: m })) === 'holds') n++;
          return num(n);
        }
        let sum = new Decimal(0);
        for (const m of members) {
          if (ir.pred && this.judg(this.eval(ir.pred, { entity: m })) !== 'holds') continue;
          sum = sum.plus(this.numOf(this.eval(ir.field as IR, { entity: m }), ir.fn));
        }
        return num(sum);
      }
      case 'member': {
        if (ctx.current === undefined) throw new EvalError(`relation "${ir.rel}" used as a membership test outside a derived-relation predicate`);
        return judgment(this.members(ir.rel, ctx.current).includes(ctx.entity));
      }
      case 'exactly_one': {
        const js = ir.items.map((i) => this.judg(this.eval(i, ctx)));
        if (js.includes('undetermined')) {
          const holds = js.filter((j) => j === 'holds').length;
          return holds > 1 ? NOT_HOLDS : UNDETERMINED;
        }
        return judgment(js.filter((j) => j === 'holds').length === 1);
      }
      case 'unsupported':
        throw new EvalError(ir.message);
    }
    throw new EvalError('unreachable');
  }

  private fn(fn: string, args: readonly IR[], ctx: Ctx): Value {
    switch (fn) {
      case 'max':
      case 'min': {
        if (args.length === 0) throw new EvalError(`${fn}() needs at least one argument`);
        let best = this.numOf(this.eval(args[0], ctx), fn);
        for (let i = 1; i < args.length; i++) {
          const x = this.numOf(this.eval(args[i], ctx), fn);
          if (fn === 'max' ? x.gt(best) : x.lt(best)) best = x;
        }
        return num(best);
      }
      case 'floor':
        return num(this.numOf(this.eval(args[0], ctx), fn).floor());
      case 'ceil':
        return num(this.numOf(this.eval(args[0], ctx), fn).ceil());
      case 'days_between': {
        const a = this.eval(args[0], ctx);
        const b = this.eval(args[1], ctx);
        if (a.k !== 'date' || b.k !== 'date') throw new EvalError(`days_between needs two dates, got ${kindName(a)} and ${kindName(b)}`, TYPE_MISMATCH);
        return num(b.days - a.days);
      }
      case 'date_add_days': {
        const d = this.eval(args[0], ctx);
        const n = this.numOf(this.eval(args[1], ctx), fn);
        if (d.k !== 'date') throw new EvalError(`date_add_days needs a date, got ${kindName(d)}`, TYPE_MISMATCH);
        if (!n.isInteger()) throw new EvalError('date_add_days needs a whole number of days');
        return { k: 'date', days: d.days + n.toNumber() };
      }
    }
    throw new EvalError(`unknown function ${fn}`);
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
