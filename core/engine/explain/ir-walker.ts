/**
 * The IR walk both evaluators share: one dispatch over the IR forms, parameterised by the value domain. The
 * forms whose meaning does not depend on the domain (constants, the period, references, connectives, conditionals,
 * aggregation, membership, dates) are walked here; what does depend on it (numbers and their arithmetic,
 * comparisons, max/min and floor/ceil, how a rule, parameter or input is read) is each evaluator's own hook.
 * The explain evaluator (./evaluate.ts) walks plain values; the sweep (../sweep/evaluate.ts) walks values whose
 * numbers may be lines over its axis.
 */
import type { CompiledDerived, CompiledParameter, CompiledProgram, CompiledRelation, CompiledVersion } from '../compile/index.js';
import type { IR, ScalarFn } from '../check/ir.js';
import type { ArithOp, Pos } from '../syntax/ast.js';
import { EvalError, HOLDS, NOT_HOLDS, UNDETERMINED, isoToDays, judgment, kindName, num, show, type Decimal, type Judgment, type Value } from '../values.js';
import type { Dataset, Period } from './types.js';
import { TYPE_MISMATCH } from './value-ops.js';

/** Where a walk stands: the entity evaluated and, inside a derived-relation predicate, the aggregating entity. */
export interface WalkCtx {
  readonly entity: string;
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

/**
 * `Extra` is what the domain adds to plain values (nothing for explain, the sweep's lines); `Num` is the domain's
 * number as its arithmetic takes it (a Decimal, or the sweep's intercept and slope).
 */
export abstract class IrWalker<Extra extends { readonly k: string }, Num> {
  protected readonly periodStart: Value;
  protected readonly periodEnd: Value;

  constructor(
    readonly program: CompiledProgram,
    readonly data: Dataset,
    readonly period: Period,
  ) {
    const s = isoToDays(period.start);
    const e = isoToDays(period.end);
    if (s === undefined || e === undefined) throw new EvalError(`invalid period ${period.start}..${period.end}`);
    this.periodStart = { k: 'date', days: s };
    this.periodEnd = { k: 'date', days: e };
  }

  /** A derived rule's value for an entity (memoised by the domain). */
  protected abstract derived(d: CompiledDerived, entity: string): Value | Extra;
  /** A parameter read; `index` undefined reads key 0. */
  protected abstract param(p: CompiledParameter, index: Value | Extra | undefined): Value | Extra;
  protected abstract input(slot: string, entity: string, pos: Pos): Value | Extra;
  /** Related member ids of `entity` through `rel`, sorted (the domain caches `collectMembers`). */
  abstract members(relName: string, entity: string): string[];
  /** The number a value holds; a type mismatch naming `what` needs it otherwise. */
  protected abstract number(v: Value | Extra, what: string): Num;
  protected abstract arith(op: ArithOp, l: Num, r: Num): Value | Extra;
  protected abstract negate(n: Num): Value | Extra;
  protected abstract compare(op: string, l: Value | Extra, r: Value | Extra): Value;
  protected abstract judg(v: Value | Extra): Judgment;
  /** A value read in judgment position; a type mismatch naming `e` when it is not one. */
  protected abstract truthy(v: Value | Extra, e: IR): Value;
  /** max/min of the evaluated arguments: the first attaining the extreme. */
  protected abstract extreme(fn: 'max' | 'min', values: readonly Num[]): Value | Extra;
  protected abstract whole(fn: 'floor' | 'ceil', n: Num): Value | Extra;
  /** The plain value where a consumer needs one (a table key, a date). */
  protected abstract point(v: Value | Extra): Value;
  /** date_add_days's day count: a number, or undefined when the value is no number (each domain refuses it its way). */
  protected abstract dayCount(v: Value | Extra): Decimal | undefined;

  eval(ir: IR, ctx: WalkCtx): Value | Extra {
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
        const l = this.number(this.eval(ir.l, ctx), `"${ir.op}"`);
        return this.arith(ir.op, l, this.number(this.eval(ir.r, ctx), `"${ir.op}"`));
      }
      case 'neg':
        return this.negate(this.number(this.eval(ir.e, ctx), 'unary "-"'));
      case 'cmp':
        return this.compare(ir.op, this.eval(ir.l, ctx), this.eval(ir.r, ctx));
      case 'and':
      case 'or':
        return this.connective(ir.k, ir.items, ctx);
      case 'not': {
        const j = this.judg(this.eval(ir.e, ctx));
        return j === 'holds' ? NOT_HOLDS : j === 'not_holds' ? HOLDS : UNDETERMINED;
      }
      case 'truthy':
        return this.truthy(this.eval(ir.e, ctx), ir.e);
      case 'if':
        // Only holds selects the branch; not_holds and undetermined fall through (§4.6).
        for (let i = 0; i < ir.conds.length; i++) if (this.judg(this.eval(ir.conds[i], ctx)) === 'holds') return this.eval(ir.thens[i], ctx);
        return this.eval(ir.otherwise, ctx);
      case 'fn':
        return this.call(ir.fn, ir.args, ctx);
      case 'agg':
        return this.aggregate(ir, ctx);
      case 'member':
        if (ctx.current === undefined) throw new EvalError(`relation "${ir.rel}" used as a membership test outside a derived-relation predicate`);
        return judgment(this.members(ir.rel, ctx.current).includes(ctx.entity));
      case 'exactly_one':
        return this.exactlyOne(ir.items, ctx);
      case 'unsupported':
        throw new EvalError(ir.message);
    }
    throw new EvalError('unreachable');
  }

  /** The live version's formula, or the period_not_covered failure when there is none. */
  protected formula(d: CompiledDerived): IR | EvalError {
    const version = liveVersion(d.versions, this.period.start);
    if (version?.ir) return version.ir;
    return new EvalError(`derived ${d.id} has no formula version at ${this.period.start}`, { kind: 'period_not_covered', rule: d.id, period: this.period.start });
  }

  /** A table key: an integer value (§3.3). */
  protected tableKey(p: CompiledParameter, index: Value): number {
    if (index.k !== 'num' || !index.n.isInteger()) throw new EvalError(`parameter ${p.id}: table key must be an integer, got ${kindName(index)} ${show(index)}`, TYPE_MISMATCH);
    return index.n.toNumber();
  }

  /** A parameter's cell at `key` in its live version (§3.2-3.3), with the version for the trace. */
  protected parameterCell(p: CompiledParameter, key: number): { cell: Value; version: CompiledVersion } {
    const version = liveVersion(p.versions, this.period.start);
    if (!version) throw new EvalError(`parameter ${p.id} has no value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    if (!version.cells) throw new EvalError(`parameter ${p.id} has no literal value at ${this.period.start}`, { kind: 'period_not_covered', rule: p.id, period: this.period.start });
    const cell = version.cells.get(key);
    if (cell === undefined) throw new EvalError(`parameter ${p.id} has no value for key ${key} at ${this.period.start}`, { kind: 'table_key_not_covered', parameter: p.id, key, period: this.period.start });
    return { cell, version };
  }

  /** Member ids of `entity` through `relName`: stated tuples, the canonical relation's, then derived ones (§5.2-5.3). */
  protected collectMembers(relName: string, entity: string): string[] {
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
    for (const m of this.sourceMembers(rel, entity)) if (this.judg(this.eval(rel.predicate, { entity: m, current: entity })) === 'holds') out.push(m);
    return out;
  }

  /**
   * The source relation's entities related to `entity`. With `current_slot: 0` (§5.3) the derived relation reads
   * its source the other way round: the entity is a member (slot 0) and its related entities are the aggregating
   * ones (slot 1), so a person's rule can aggregate over the households it belongs to. Reversal reads stated tuples.
   */
  private sourceMembers(rel: CompiledRelation, entity: string): string[] {
    const source = rel.source as string;
    const r = rel.rule;
    if (!(r && r.shape === 'derived_relation' && r.currentSlot === 0 && r.relatedSlot === 1)) return this.members(source, entity);
    const out = new Set<string>();
    for (const [member, current] of this.data.relations.get(source) ?? []) if (member === entity) out.add(current);
    return [...out].sort();
  }

  private connective(kind: 'and' | 'or', items: readonly IR[], ctx: WalkCtx): Value {
    const stop = kind === 'and' ? 'not_holds' : 'holds';
    let undetermined = false;
    for (const item of items) {
      const j = this.judg(this.eval(item, ctx));
      if (j === stop) return kind === 'and' ? NOT_HOLDS : HOLDS;
      if (j === 'undetermined') undetermined = true;
    }
    if (undetermined) return UNDETERMINED;
    return kind === 'and' ? HOLDS : NOT_HOLDS;
  }

  private exactlyOne(items: readonly IR[], ctx: WalkCtx): Value {
    const js = items.map((i) => this.judg(this.eval(i, ctx)));
    const holds = js.filter((j) => j === 'holds').length;
    if (js.includes('undetermined')) return holds > 1 ? NOT_HOLDS : UNDETERMINED;
    return judgment(holds === 1);
  }

  private aggregate(ir: Extract<IR, { k: 'agg' }>, ctx: WalkCtx): Value | Extra {
    const members = this.members(ir.rel, ctx.entity);
    if (ir.fn === 'len') return num(members.length);
    if (ir.fn === 'count_where') {
      let n = 0;
      for (const m of members) if (this.judg(this.eval(ir.pred as IR, { entity: m })) === 'holds') n++;
      return num(n);
    }
    let sum: Value | Extra = num(0);
    for (const m of members) {
      if (ir.pred && this.judg(this.eval(ir.pred, { entity: m })) !== 'holds') continue;
      const total = this.number(sum, ir.fn);
      sum = this.arith('+', total, this.number(this.eval(ir.field as IR, { entity: m }), ir.fn));
    }
    return sum;
  }

  private call(fn: ScalarFn, args: readonly IR[], ctx: WalkCtx): Value | Extra {
    switch (fn) {
      case 'max':
      case 'min':
        if (args.length === 0) throw new EvalError(`${fn}() needs at least one argument`);
        return this.extreme(
          fn,
          args.map((a) => this.number(this.eval(a, ctx), fn)),
        );
      case 'floor':
      case 'ceil':
        return this.whole(fn, this.number(this.eval(args[0], ctx), fn));
      case 'days_between': {
        const a = this.point(this.eval(args[0], ctx));
        const b = this.point(this.eval(args[1], ctx));
        if (a.k !== 'date' || b.k !== 'date') throw new EvalError(`days_between needs two dates, got ${kindName(a)} and ${kindName(b)}`, TYPE_MISMATCH);
        return num(b.days - a.days);
      }
      case 'date_add_days': {
        const d = this.point(this.eval(args[0], ctx));
        const n = this.dayCount(this.eval(args[1], ctx));
        if (d.k !== 'date') throw new EvalError(`date_add_days needs a date, got ${kindName(d)}`, TYPE_MISMATCH);
        if (n === undefined || !n.isInteger()) throw new EvalError('date_add_days needs a whole number of days');
        return { k: 'date', days: d.days + n.toNumber() };
      }
    }
    throw new EvalError(`unknown function ${fn as string}`);
  }
}
