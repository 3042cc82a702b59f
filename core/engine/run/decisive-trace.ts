/**
 * The decisive trace (docs/calculation.md "Trace sizes"): of the entries an evaluation recorded, the rules that
 * decided the returned outputs and person outputs. It starts from those entries and follows each rule's formula
 * (the version live at the period) to the rule values it read, keeping only what decided the value:
 *
 * - `a and b and c` that does not hold: the first operand that does not hold (it stopped the evaluation); when it
 *   holds or is undetermined, every operand. `or` the same way round.
 * - `if`: each condition tried, up to the one that held, and the branch taken.
 * - an aggregation over a relation: the operands for each member (for a `sum_where`, the value only of members
 *   its condition held for).
 * - anything else (arithmetic, comparisons, functions): every rule it names.
 *
 * Operand values come from the trace itself, so only operands that are a rule (or `not`/a judgment reading of one,
 * a comparison of rules, literals and scalar parameters, or an `and`/`or` of such) can be told apart; any other
 * operand of a connective or condition keeps every rule it names, which keeps the selection a superset of what
 * decided. Computed from the recorded trace and the compiled
 * rules only, so it is the same on the explain and fast paths (their traces are identical).
 */
import type { IR } from '../check/ir.js';
import type { CompiledProgram, TraceEntry as EngineTrace } from '../index.js';
import { liveVersion } from '../explain/ir-walker.js';
import { compareValues } from '../explain/value-ops.js';
import { Decimal, type Value } from '../values.js';
import { relationName } from '../syntax/ids.js';

type Recorded = string | number | boolean;

/** Where the walk starts: rule names at one entity id. */
export interface DecisiveStart {
  readonly names: readonly string[];
  readonly entity: string;
}

/** Stands for every entity of a rule (operands read through a derived relation, whose members the trace does not name). */
const ANY = '\u0000any';

/** One selection over one evaluation's trace. */
class DecisiveWalk {
  /**
   * Recorded entries by rule name: the first entry's index, and per entry the index of the next entry of the same
   * rule (-1: none). A rule is recorded at a few entities at most, so a chain is shorter than a map per rule is to build.
   */
  private readonly firstOf = new Map<string, number>();
  private readonly nextOf: Int32Array;
  /** Members per relation and entity, looked up once per walk. */
  private readonly memberCache = new Map<string, Map<string, string[]>>();
  /** 1 where the entry is kept (indexed like the trace). */
  private readonly kept: Uint8Array;
  private readonly queue: number[] = [];
  /**
   * The index of the entry being followed: a rule can only have read entries recorded before its own (the trace
   * lists dependencies first), so a rule its formula names but that was computed later, for something else, is
   * not kept on its account.
   */
  private before = Infinity;

  constructor(
    private readonly program: CompiledProgram,
    private readonly trace: readonly EngineTrace[],
    private readonly start: string,
    private readonly relations: ReadonlyMap<string, ReadonlyArray<readonly string[]>>,
  ) {
    this.nextOf = new Int32Array(trace.length).fill(-1);
    this.kept = new Uint8Array(trace.length);
    // Chained from the last entry back, so each chain runs in trace order.
    for (let i = trace.length - 1; i >= 0; i--) {
      const name = trace[i].name;
      const next = this.firstOf.get(name);
      if (next !== undefined) this.nextOf[i] = next;
      this.firstOf.set(name, i);
    }
  }

  select(starts: readonly DecisiveStart[]): EngineTrace[] {
    for (const s of starts) for (const name of s.names) this.keep(name, s.entity);
    while (this.queue.length > 0) {
      const i = this.queue.pop() as number;
      this.before = i;
      this.follow(this.trace[i]);
    }
    const out: EngineTrace[] = [];
    for (let i = 0; i < this.trace.length; i++) if (this.kept[i] === 1) out.push(this.trace[i]);
    return out;
  }

  /** The index of a rule's entry at an entity (an evaluation memoises a rule per entity: one entry at most), or -1. */
  private indexOf(name: string, entity: string): number {
    for (let i = this.firstOf.get(name) ?? -1; i >= 0; i = this.nextOf[i]) if (this.trace[i].entity === entity) return i;
    return -1;
  }

  /** Keeps the recorded entry of a rule at an entity (every entity for ANY); an entry never recorded was not evaluated. */
  private keep(name: string, entity: string): void {
    if (entity !== ANY) return this.keepIndex(this.indexOf(name, entity));
    for (let i = this.firstOf.get(name) ?? -1; i >= 0; i = this.nextOf[i]) this.keepIndex(i);
  }

  private keepIndex(i: number): void {
    if (i < 0 || i >= this.before || this.kept[i] === 1) return;
    this.kept[i] = 1;
    this.queue.push(i);
  }

  private follow(entry: EngineTrace): void {
    const rule = this.program.derived.get(entry.name);
    const ir = rule && liveVersion(rule.versions, this.start)?.ir;
    if (ir) this.mark(ir, entry.entity);
  }

  /** A rule's recorded value at an entity, when it was recorded before the entry followed (else the trace cannot tell). */
  private recorded(name: string, entity: string): Recorded | undefined {
    const i = entity === ANY ? -1 : this.indexOf(name, entity);
    return i < 0 || i >= this.before ? undefined : this.trace[i].value;
  }

  /** The judgment an operand evaluated to, when the trace tells it (the explain path's connective semantics). */
  private judgment(ir: IR, entity: string): string | undefined {
    switch (ir.k) {
      case 'derived': {
        const v = this.recorded(ir.name, entity);
        return typeof v === 'boolean' ? (v ? 'holds' : 'not_holds') : typeof v === 'string' ? v : undefined;
      }
      case 'truthy':
        return this.judgment(ir.e, entity);
      case 'not': {
        const j = this.judgment(ir.e, entity);
        return j === 'holds' ? 'not_holds' : j === 'not_holds' ? 'holds' : j;
      }
      case 'and':
      case 'or':
        return this.connective(ir.k, ir.items, entity);
      case 'const':
        return ir.v.k === 'judg' ? ir.v.j : ir.v.k === 'bool' ? (ir.v.b ? 'holds' : 'not_holds') : undefined;
      case 'cmp':
        return this.comparison(ir.op, ir.l, ir.r, entity);
      default:
        return undefined;
    }
  }

  /** A comparison of two operands the trace or the period tells (the explain path's compareValues), else undefined. */
  private comparison(op: string, l: IR, r: IR, entity: string): string | undefined {
    const left = this.operand(l, entity);
    const right = left && this.operand(r, entity);
    if (!left || !right) return undefined;
    try {
      const result = compareValues(op, left, right);
      return result.k === 'judg' ? result.j : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * An operand's value when the trace or the period tells it exactly: a literal, a scalar parameter's live cell, or
   * a recorded rule value of a number (JSON number), Boolean, text or judgment rule.
   */
  private operand(ir: IR, entity: string): Value | undefined {
    switch (ir.k) {
      case 'const':
        return ir.v;
      case 'param': {
        const p = ir.index ? undefined : this.program.parameters.get(ir.name);
        return p && liveVersion(p.versions, this.start)?.cells?.get(0);
      }
      case 'derived': {
        const v = this.recorded(ir.name, entity);
        const dtype = this.program.derived.get(ir.name)?.rule.dtype;
        if (typeof v === 'number' && (dtype === 'integer' || dtype === 'decimal')) return { k: 'num', n: new Decimal(v) };
        if (typeof v === 'boolean' && dtype === 'bool') return { k: 'bool', b: v };
        if (typeof v === 'string' && dtype === 'text') return { k: 'text', s: v };
        if (typeof v === 'string' && dtype === 'judgment' && (v === 'holds' || v === 'not_holds' || v === 'undetermined')) return { k: 'judg', j: v };
        return undefined;
      }
      default:
        return undefined;
    }
  }

  private connective(kind: 'and' | 'or', items: readonly IR[], entity: string): string | undefined {
    const stop = kind === 'and' ? 'not_holds' : 'holds';
    let undetermined = false;
    for (const item of items) {
      const j = this.judgment(item, entity);
      if (j === undefined) return undefined;
      if (j === stop) return stop;
      if (j === 'undetermined') undetermined = true;
    }
    return undetermined ? 'undetermined' : kind === 'and' ? 'holds' : 'not_holds';
  }

  /** Keeps the rules that decided `ir`'s value at `entity`. */
  private mark(ir: IR, entity: string): void {
    switch (ir.k) {
      case 'derived':
        return this.keep(ir.name, entity);
      case 'and':
      case 'or':
        return this.markConnective(ir.k === 'and' ? 'not_holds' : 'holds', ir.items, entity);
      case 'if':
        return this.markIf(ir, entity);
      case 'agg':
        return this.markAggregation(ir, entity);
      default:
        for (const child of children(ir)) this.mark(child, entity);
    }
  }

  /** The operand that stopped the evaluation (with any before it the trace cannot read), else every operand. */
  private markConnective(stop: string, items: readonly IR[], entity: string): void {
    const unread: IR[] = [];
    for (const item of items) {
      const j = this.judgment(item, entity);
      if (j === undefined) unread.push(item);
      else if (j === stop) {
        for (const u of unread) this.mark(u, entity);
        return this.mark(item, entity);
      }
    }
    for (const item of items) this.mark(item, entity);
  }

  /** Each condition tried up to the one that held, and the branch taken; an unreadable condition keeps the rest. */
  private markIf(ir: Extract<IR, { k: 'if' }>, entity: string): void {
    for (let i = 0; i < ir.conds.length; i++) {
      const j = this.judgment(ir.conds[i], entity);
      this.mark(ir.conds[i], entity);
      if (j === 'holds') return this.mark(ir.thens[i], entity);
      if (j === undefined) {
        for (const rest of [...ir.conds.slice(i + 1), ...ir.thens.slice(i), ir.otherwise]) this.mark(rest, entity);
        return;
      }
    }
    this.mark(ir.otherwise, entity);
  }

  /** Per member: the condition, and the value where the condition held (or cannot be read). */
  private markAggregation(ir: Extract<IR, { k: 'agg' }>, entity: string): void {
    const members = this.members(ir.rel, entity);
    for (const m of members) {
      if (ir.pred) this.mark(ir.pred, m);
      if (ir.field && (!ir.pred || m === ANY || this.judgment(ir.pred, m) !== 'not_holds')) this.mark(ir.field, m);
    }
  }

  /** Members of `entity` through a stated relation; ANY for a derived one (its members are computed, not stated) or under ANY. */
  private members(rel: string, entity: string): string[] {
    if (entity === ANY || this.program.relations.get(rel)?.kind === 'derived') return [ANY];
    let byEntity = this.memberCache.get(rel);
    if (!byEntity) this.memberCache.set(rel, (byEntity = new Map()));
    let found = byEntity.get(entity);
    if (!found) {
      const out = new Set<string>();
      for (const tuple of this.relations.get(rel) ?? []) if (tuple[1] === entity) out.add(tuple[0]);
      byEntity.set(entity, (found = [...out]));
    }
    return found;
  }
}

/** The operands of a node whose every operand decides its value. */
function children(ir: IR): readonly IR[] {
  switch (ir.k) {
    case 'param':
      return ir.index ? [ir.index] : [];
    case 'arith':
    case 'cmp':
      return [ir.l, ir.r];
    case 'neg':
    case 'not':
    case 'truthy':
      return [ir.e];
    case 'fn':
      return ir.args;
    case 'exactly_one':
      return ir.items;
    default:
      return [];
  }
}

/**
 * The entries of `trace` that decided the rules in `starts`, in the trace's order (dependencies first).
 * `start` is the period's first day (the formula versions live then); `relations` the request's stated tuples ([member, entity, ...]).
 */
export function decisiveTrace(
  program: CompiledProgram,
  trace: readonly EngineTrace[],
  start: string,
  relations: Readonly<Record<string, ReadonlyArray<readonly string[]>>>,
  starts: readonly DecisiveStart[],
): EngineTrace[] {
  const byName = new Map<string, ReadonlyArray<readonly string[]>>();
  for (const name in relations) byName.set(relationName(name), relations[name]);
  return new DecisiveWalk(program, trace, start, byName).select(starts);
}
