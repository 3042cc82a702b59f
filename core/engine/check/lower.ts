/**
 * Lowering (the checker): resolves every identifier against a closure's namespace and enforces the
 * scalar/judgment position rules of reference §4.3-4.5. Produces IR plus the names the formula reads.
 */
import type { Expr, Pos } from '../syntax/ast.js';
import { emptyDeps, type Deps, type IR, type ScalarFn } from './ir.js';
import { Decimal, HOLDS, NOT_HOLDS, bool, num, text, type Value } from '../values.js';

export class LoweringError extends Error {
  readonly pos: Pos;
  /** Where the formula starts in its file, when the compiler knows (set on the way out). */
  at?: { readonly line: number; readonly column: number; readonly block: boolean };
  constructor(message: string, pos: Pos) {
    super(`${message} (line ${pos.line}, column ${pos.col})`);
    this.name = 'LoweringError';
    this.pos = pos;
  }
}

/** The closure namespace lowering resolves against. */
export interface Namespace {
  isParameter(name: string): boolean;
  isTable(name: string): boolean;
  isDerived(name: string): boolean;
  /** Entity label of a derived rule (for derived-relation predicates). */
  derivedEntity(name: string): string | undefined;
  isRelation(name: string): boolean;
}

export type Position = 'scalar' | 'judgment';

/** Extra context when lowering a derived-relation predicate (§5.3). */
export interface PredicateContext {
  /** Entity kind of the aggregating (current) slot: judgments on this entity are evaluated for it. */
  readonly currentEntity?: string;
}

const SCALAR_FNS: Record<string, [number, number]> = {
  max: [0, Infinity],
  min: [0, Infinity],
  floor: [1, 1],
  ceil: [1, 1],
  days_between: [2, 2],
  date_add_days: [2, 2],
};
const OVER_PERIODS = new Set(['sum_over_periods', 'max_over_periods', 'count_over_periods', 'sum_top_n_over_periods']);

class Lowerer {
  readonly deps: Deps = emptyDeps();
  constructor(
    private readonly ns: Namespace,
    private readonly predicate?: PredicateContext,
  ) {}

  private literal(e: Expr): Value {
    switch (e.t) {
      case 'num':
        return num(new Decimal(e.text));
      case 'str':
        return text(e.value);
      case 'bool':
        return bool(e.value);
      default:
        throw new Error('not a literal');
    }
  }

  judgment(e: Expr): IR {
    switch (e.t) {
      case 'bool':
        return { k: 'const', v: e.value ? HOLDS : NOT_HOLDS };
      case 'num':
      case 'str':
        throw new LoweringError(`a ${e.t === 'num' ? 'number' : 'string'} literal cannot be used where a judgment (holds/not_holds) is expected`, e.pos);
      case 'ident': {
        if (this.ns.isDerived(e.name)) {
          this.deps.rules.add(e.name);
          const at = this.predicate?.currentEntity !== undefined && this.ns.derivedEntity(e.name) === this.predicate.currentEntity ? 'current' : undefined;
          return { k: 'truthy', e: { k: 'derived', name: e.name, at, pos: e.pos }, pos: e.pos };
        }
        if (this.predicate && this.ns.isRelation(e.name)) {
          this.deps.relations.add(e.name);
          return { k: 'member', rel: e.name };
        }
        // Parameters are not consulted in judgment position (§4.4 trap): the name becomes an input.
        this.deps.inputs.add(e.name);
        return { k: 'truthy', e: { k: 'input', slot: e.name, pos: e.pos }, pos: e.pos };
      }
      case 'cmp':
        return { k: 'cmp', op: e.op, l: this.scalar(e.l), r: this.scalar(e.r), pos: e.pos };
      case 'and':
      case 'or':
        return { k: e.t, items: e.items.map((i) => this.judgment(i)) };
      case 'not':
        return { k: 'not', e: this.judgment(e.e) };
      case 'call':
        if (e.callee.t === 'ident' && e.callee.name === 'exactly_one') {
          if (e.args.length < 2) throw new LoweringError('exactly_one needs at least two judgments', e.pos);
          return { k: 'exactly_one', items: e.args.map((a) => this.judgment(a)) };
        }
        throw new LoweringError(`a function call cannot be used where a judgment is expected; compare its value (e.g. ${calleeName(e)}(...) > 0)`, e.pos);
      case 'arith':
      case 'neg':
        throw new LoweringError('arithmetic cannot be used where a judgment is expected; compare the value instead', e.pos);
      case 'if':
      case 'match':
        throw new LoweringError(`"${e.t}" cannot be used where a judgment is expected; combine judgments with and/or/not`, e.pos);
      case 'index':
        throw new LoweringError('a table lookup cannot be used where a judgment is expected', e.pos);
      case 'field':
        throw new LoweringError(`"${e.name}" field access is only allowed as sum(relation.field)`, e.pos);
    }
  }

  scalar(e: Expr): IR {
    switch (e.t) {
      case 'num':
      case 'str':
      case 'bool':
        return { k: 'const', v: this.literal(e) };
      case 'ident':
        return this.name(e.name, e.pos);
      case 'arith':
        return { k: 'arith', op: e.op, l: this.scalar(e.l), r: this.scalar(e.r), pos: e.pos };
      case 'neg':
        return { k: 'neg', e: this.scalar(e.e), pos: e.pos };
      case 'cmp':
        throw new LoweringError(`comparison "${e.op}" is only allowed where a judgment is expected (a Judgment rule or an if condition)`, e.pos);
      case 'and':
      case 'or':
      case 'not':
        throw new LoweringError(`"${e.t}" is only allowed where a judgment is expected (a Judgment rule or an if condition)`, e.pos);
      case 'if':
        return { k: 'if', conds: e.conds.map((c) => this.judgment(c)), thens: e.thens.map((t) => this.scalar(t)), otherwise: this.scalar(e.otherwise) };
      case 'match': {
        // if s == p1: r1 elif ... else: fallback, where fallback is `_` or else the last arm (§4.6).
        const subject = this.scalar(e.subject);
        const wildcard = e.arms.find((a) => a.pattern === null);
        const tested = wildcard ? e.arms.filter((a) => a.pattern !== null) : e.arms.slice(0, -1);
        const fallback = wildcard ? wildcard.body : e.arms[e.arms.length - 1].body;
        if (tested.length === 0) return this.scalar(fallback);
        return {
          k: 'if',
          conds: tested.map((a) => ({ k: 'cmp', op: '==', l: subject, r: this.scalar(a.pattern as Expr), pos: (a.pattern as Expr).pos }) as IR),
          thens: tested.map((a) => this.scalar(a.body)),
          otherwise: this.scalar(fallback),
        };
      }
      case 'index': {
        if (e.e.t !== 'ident' || !this.ns.isParameter(e.e.name))
          throw new LoweringError(`only a parameter table can be indexed with [...]${e.e.t === 'ident' ? `; "${e.e.name}" is not a parameter` : ''}`, e.pos);
        this.deps.params.add(e.e.name);
        return { k: 'param', name: e.e.name, index: this.scalar(e.index), pos: e.pos };
      }
      case 'field':
        throw new LoweringError(`"${e.name}" field access is only allowed as sum(relation.field)`, e.pos);
      case 'call':
        return this.call(e);
    }
  }

  private name(name: string, pos: Pos): IR {
    if (name === 'period_start') return { k: 'period', which: 'start' };
    if (name === 'period_end') return { k: 'period', which: 'end' };
    if (this.ns.isParameter(name)) {
      this.deps.params.add(name);
      return { k: 'param', name, pos };
    }
    if (this.ns.isDerived(name)) {
      this.deps.rules.add(name);
      const at = this.predicate?.currentEntity !== undefined && this.ns.derivedEntity(name) === this.predicate.currentEntity ? 'current' : undefined;
      return { k: 'derived', name, at, pos };
    }
    this.deps.inputs.add(name);
    return { k: 'input', slot: name, pos };
  }

  private bareName(e: Expr, fn: string, what: string): string {
    if (e.t !== 'ident') throw new LoweringError(`the ${what} of ${fn} must be a bare name`, e.pos);
    return e.name;
  }

  private relation(e: Expr, fn: string): string {
    const rel = this.bareName(e, fn, 'relation argument');
    this.deps.relations.add(rel);
    return rel;
  }

  /** A per-member predicate given by bare name: a derived judgment, or a Boolean input read as `== true`. */
  private memberPredicate(e: Expr, fn: string): IR {
    const name = this.bareName(e, fn, 'predicate');
    if (this.ns.isDerived(name)) {
      this.deps.rules.add(name);
      return { k: 'truthy', e: { k: 'derived', name, pos: e.pos }, pos: e.pos };
    }
    this.deps.inputs.add(name);
    return { k: 'truthy', e: { k: 'input', slot: name, pos: e.pos }, pos: e.pos };
  }

  private memberField(e: Expr, fn: string): IR {
    const name = this.bareName(e, fn, 'field');
    return this.name(name, e.pos);
  }

  private call(e: Extract<Expr, { t: 'call' }>): IR {
    if (e.callee.t !== 'ident') throw new LoweringError('only named functions can be called', e.pos);
    const fn = e.callee.name;
    const argc = e.args.length;
    if (fn in SCALAR_FNS) {
      const [lo, hi] = SCALAR_FNS[fn];
      if (argc < lo || argc > hi) throw new LoweringError(`${fn} takes ${lo === hi ? lo : `at least ${lo}`} argument${lo === 1 ? '' : 's'}, got ${argc}`, e.pos);
      return { k: 'fn', fn: fn as ScalarFn, args: e.args.map((a) => this.scalar(a)), pos: e.pos };
    }
    switch (fn) {
      case 'len':
        if (argc !== 1) throw new LoweringError(`len takes 1 argument, got ${argc}`, e.pos);
        return { k: 'agg', fn: 'len', rel: this.relation(e.args[0], fn), pos: e.pos };
      case 'count_where':
        if (argc !== 2) throw new LoweringError(`count_where takes 2 arguments (relation, predicate), got ${argc}`, e.pos);
        return { k: 'agg', fn: 'count_where', rel: this.relation(e.args[0], fn), pred: this.memberPredicate(e.args[1], fn), pos: e.pos };
      case 'sum_where':
        if (argc !== 3) throw new LoweringError(`sum_where takes 3 arguments (relation, field, predicate), got ${argc}`, e.pos);
        return {
          k: 'agg',
          fn: 'sum_where',
          rel: this.relation(e.args[0], fn),
          field: this.memberField(e.args[1], fn),
          pred: this.memberPredicate(e.args[2], fn),
          pos: e.pos,
        };
      case 'sum': {
        const a = e.args[0];
        if (argc !== 1 || a.t !== 'field' || a.e.t !== 'ident') throw new LoweringError('sum takes one argument of the form relation.field', e.pos);
        this.deps.relations.add(a.e.name);
        return { k: 'agg', fn: 'sum', rel: a.e.name, field: this.name(a.name, a.pos), pos: e.pos };
      }
      case 'exactly_one':
        throw new LoweringError('exactly_one gives a judgment; use it where a judgment is expected', e.pos);
      default:
        if (OVER_PERIODS.has(fn)) {
          for (const a of e.args) this.scalar(a);
          return { k: 'unsupported', message: `${fn} needs lifetime (multi-period) execution, which a single-period evaluation cannot do`, pos: e.pos };
        }
        throw new LoweringError(`unknown function "${fn}"`, e.pos);
    }
  }
}

function calleeName(e: Extract<Expr, { t: 'call' }>): string {
  return e.callee.t === 'ident' ? e.callee.name : 'f';
}

export function lowerFormula(e: Expr, position: Position, ns: Namespace, predicate?: PredicateContext): { ir: IR; deps: Deps } {
  const l = new Lowerer(ns, predicate);
  const ir = position === 'judgment' ? l.judgment(e) : l.scalar(e);
  return { ir, deps: l.deps };
}
