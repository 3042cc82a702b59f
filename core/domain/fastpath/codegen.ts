/**
 * Code generation: the checked, name-resolved IR of a CompiledProgram (never formula text) becomes JavaScript
 * source for one period and one input signature. Every rule, input slot, relation and parameter table becomes
 * an index (v12, C[3], R[4], T[7]); strings live in the constant table, so rule text never reaches the source.
 *
 * Values in generated code: numbers are scaled integers with a static scale per expression (see helpers.ts);
 * judgments are 0 not_holds / 1 undetermined / 2 holds (so and = min, or = max, not = 2 - x); Booleans 0/1;
 * dates are day numbers; text is a string. An expression whose evaluation would raise an EvalError on the
 * explain path (type mismatch, missing input or table key, no version, unsupported construct) compiles to a
 * BAIL, and the household is re-evaluated on the explain path, so results are identical by construction.
 */
import type { CompiledDerived, CompiledProgram } from '../rulespec/compile.js';
import { liveVersion, type Period } from '../rulespec/evaluate.js';
import type { IR } from '../rulespec/ir.js';
import { Decimal, isoToDays, type Value } from '../rulespec/values.js';
import { BAIL, HELPERS } from './helpers.js';

/** The value kinds the fast path carries (numbers with their decimal scale). */
type CarriedType =
  | { readonly k: 'num'; readonly s: number }
  | { readonly k: 'bool' }
  | { readonly k: 'judg' }
  | { readonly k: 'text' }
  | { readonly k: 'date' };

export type SlotType =
  | CarriedType
  /** No value anywhere, or values of several kinds: every read bails. */
  | { readonly k: 'none' };

export type Ty =
  | CarriedType
  /** Evaluation always bails (an error on the explain path, or a value kind the fast path does not carry). */
  | { readonly k: 'never' };

interface Code {
  readonly c: string;
  readonly t: Ty;
  /** Known at generation time (the period fixes parameters): scaled number, 0/1/2, 0/1, day number or string. */
  readonly k?: number | string;
}

/** Largest static scale: powers of ten up to 1e22 are exact doubles; values stay below 2^53 anyway. */
const MAX_SCALE = 15;
const L = Number.MAX_SAFE_INTEGER;
const NEVER: Ty = { k: 'never' };
const BAILC: Code = { c: 'bail()', t: NEVER };
/**
 * How a body sees same-entity rules: 'all' (typing: every rule a local); a map: 'u' rules are locals its
 * evaluation certainly computes, 'c' rules are locals computed ahead whose error is deferred to their use;
 * rules outside the map (member context) are called.
 */
type Scope = ReadonlyMap<string, 'u' | 'c'> | 'all';
const NONE: ReadonlyMap<string, 'u' | 'c'> = new Map();

const pow10 = (n: number): string => String(10 ** n);

export interface GenerateOptions {
  readonly program: CompiledProgram;
  readonly period: Period;
  /** Column index and type per input slot (slots absent here read as missing). */
  readonly slots: ReadonlyMap<string, { readonly index: number; readonly type: SlotType }>;
  /** Relation index per relation name (data and auto relations). */
  readonly relations: ReadonlyMap<string, number>;
  /** Derived rule names to compute for the query entity. */
  readonly outputs: readonly string[];
  /**
   * 'fast' (default): straight-line code for outputs only. 'trace': every rule a memoised function evaluated
   * lazily in the explain path's order, recording (rule, entity, value, parameter reads) as the explain
   * evaluator's trace does, so the trace can be rebuilt without the explain path.
   */
  readonly mode?: 'fast' | 'trace';
}

export interface Generated {
  readonly source: string;
  /** Constant tables referenced by index from the source (parameter tables, strings). */
  readonly constants: readonly unknown[];
  /** Output types, in `outputs` order. */
  readonly outputTypes: readonly Ty[];
  /** Trace mode: rule types by rule index (program.order), and parameter names by the index recorded. */
  readonly ruleTypes: readonly Ty[];
  readonly paramNames: readonly string[];
}

/** Scaled-integer literal for an exact decimal, or undefined when it does not fit the fast envelope. */
function scaled(n: Decimal): { m: number; s: number } | undefined {
  const s = n.decimalPlaces();
  if (s > MAX_SCALE) return undefined;
  const m = n.times(new Decimal(10).pow(s)).toNumber();
  if (!Number.isSafeInteger(m)) return undefined;
  return { m, s };
}

function lit(m: number): string {
  return m < 0 || Object.is(m, -0) ? `(${Object.is(m, -0) ? '-0' : m})` : String(m);
}

function joinTypes(ts: readonly Ty[]): Ty | undefined {
  let out: Ty = NEVER;
  for (const t of ts) {
    if (t.k === 'never') continue;
    if (out.k === 'never') out = t;
    else if (out.k === 'num' && t.k === 'num') out = { k: 'num', s: Math.max(out.s, t.s) };
    else if (out.k !== t.k) return undefined;
  }
  return out;
}

const ROUND_MODE: Record<string, number> = { half_up: 0, half_even: 1, floor: 2 };

/** Folds a helper call at generation time; undefined when it would bail (the call stays in the code). */
function fold(f: () => number): number | undefined {
  try {
    const r = f();
    return Number.isFinite(r) && Math.abs(r) <= L ? r : undefined;
  } catch (e) {
    if (e === BAIL) return undefined;
    throw e;
  }
}

export function generate(opts: GenerateOptions): Generated {
  const { program, period, slots, relations } = opts;
  const TRACE = opts.mode === 'trace';
  const traceFns = new Set<string>();
  const paramNames: string[] = [];
  const paramIndex = new Map<string, number>();
  const pidx = (name: string): number => {
    let i = paramIndex.get(name);
    if (i === undefined) {
      i = paramNames.length;
      paramNames.push(name);
      paramIndex.set(name, i);
    }
    return i;
  };
  const start = period.start;
  const constants: unknown[] = [];
  const constIndex = new Map<string, number>();
  const constant = (key: string, make: () => unknown): number => {
    let i = constIndex.get(key);
    if (i === undefined) {
      i = constants.length;
      constants.push(make());
      constIndex.set(key, i);
    }
    return i;
  };
  const ruleIndex = new Map<string, number>(program.order.map((n, i) => [n, i]));
  const liveIr = (d: CompiledDerived): IR | undefined => liveVersion(d.versions, start)?.ir;

  /** A constant of a type as code. */
  const known = (k: number | string, t: Ty): Code => {
    if (t.k === 'text') return { c: `K[${constant(`s\u0000${k}`, () => k)}]`, t, k };
    return { c: lit(k as number), t, k };
  };

  const rescale = (x: Code, s: number, fn: Fn): Code => {
    if (x.t.k !== 'num' || x.t.s === s) return x;
    const p = 10 ** (s - x.t.s);
    const t: Ty = { k: 'num', s };
    if (typeof x.k === 'number') {
      const v = fold(() => HELPERS.up(x.k as number, p));
      if (v !== undefined) return known(v, t);
    }
    return { c: checked(fn, `${x.c} * ${pow10(s - x.t.s)}`), t };
  };

  const ruleTypes = new Map<string, Code>();
  const typing = new Set<string>();

  /** Derived rules `ir` reads at the same entity; `all` false: only those every evaluation reads. */
  const deps = (ir: IR, out: Set<string>, all: boolean): void => {
    const d = (x: IR): void => deps(x, out, all);
    switch (ir.k) {
      case 'derived':
        if (ir.at === undefined) out.add(ir.name);
        return;
      case 'arith':
      case 'cmp':
        d(ir.l);
        d(ir.r);
        return;
      case 'neg':
      case 'not':
      case 'truthy':
        d(ir.e);
        return;
      case 'exactly_one':
        ir.items.forEach(d);
        return;
      case 'and':
      case 'or':
        if (all) ir.items.forEach(d);
        else if (ir.items.length > 0) d(ir.items[0]);
        return;
      case 'if':
        if (all) {
          ir.conds.forEach(d);
          ir.thens.forEach(d);
          d(ir.otherwise);
        } else d(ir.conds[0]);
        return;
      case 'fn':
        ir.args.forEach(d);
        return;
      case 'param':
        if (ir.index) d(ir.index);
        return;
      default:
        return;
    }
  };

  const memberFns = new Set<string>();
  /** Constant tables read inline (hoisted as T<i> = K[i]). */
  const tables = new Set<number>();
  const aggFns: string[] = [];
  const aggCache = new Map<IR, { name: string; t: Ty }>();

  /** Generated code per function: temps for and/or chains are function-local. */
  class Fn {
    temps = 0;
    stemps = 0;
    temp(): string {
      return `t${this.temps++}`;
    }
    stemp(): string {
      return `s${this.stemps++}`;
    }
    declarations(): string[] {
      const out: string[] = [];
      if (this.temps > 0) out.push(`let ${Array.from({ length: this.temps }, (_, i) => `t${i} = 0`).join(', ')};`);
      if (this.stemps > 0) out.push(`let ${Array.from({ length: this.stemps }, (_, i) => `s${i} = ''`).join(', ')};`);
      return out;
    }
  }

  // Hot helpers are emitted inline (a large generated function exhausts V8's inlining budget for calls).
  const LIT = String(L);
  const checked = (fn: Fn, expr: string): string => {
    const t = fn.temp();
    return `((${t} = ${expr}) > ${LIT} || ${t} < -${LIT} ? bail() : ${t})`;
  };

  /** A rule's value expression in a scope (rounding applied); its type does not depend on the scope. */
  const ruleExpr = (name: string, fn: Fn, scope: Scope): Code => {
    const d = program.derived.get(name);
    const ir = d ? liveIr(d) : undefined;
    if (!d || !ir) return BAILC;
    let code = gen(ir, 'e', fn, scope);
    if (code.t.k === 'num' && d.minorUnits !== undefined && d.rule.rounding && code.t.s > d.minorUnits) {
      const mode = ROUND_MODE[d.rule.rounding] ?? 3;
      const p = 10 ** (code.t.s - d.minorUnits);
      const t: Ty = { k: 'num', s: d.minorUnits };
      const v = typeof code.k === 'number' ? fold(() => HELPERS.rdiv(code.k as number, p, mode)) : undefined;
      code = v !== undefined ? known(v, t) : { c: `rdiv(${code.c}, ${pow10(code.t.s - d.minorUnits)}, ${mode})`, t };
    }
    return code;
  };

  /** Type of a rule, with its constant value when the period's parameters fix it. */
  const ruleInfo = (name: string): Code => {
    const hit = ruleTypes.get(name);
    if (hit) return hit;
    if (!program.derived.has(name) || typing.has(name)) return BAILC;
    typing.add(name);
    const c = ruleExpr(name, new Fn(), 'all');
    typing.delete(name);
    const info: Code = c.k !== undefined ? c : { c: '', t: c.t };
    ruleTypes.set(name, info);
    return info;
  };
  const ruleType = (name: string): Ty => ruleInfo(name).t;

  const derivedRef = (name: string, ent: string, scope: Scope): Code => {
    const info = ruleInfo(name);
    if (info.t.k === 'never') return BAILC;
    if (TRACE) {
      // Every read goes through the memoised rule function, so the trace records it as the explain path does.
      traceFns.add(name);
      return { c: `g${ruleIndex.get(name)}(C, R, ${ent}, S)`, t: info.t };
    }
    if (info.k !== undefined) return known(info.k, info.t);
    const i = ruleIndex.get(name);
    if (scope === 'all') return { c: `v${i}`, t: info.t };
    const how = scope.get(name);
    if (how === 'u') return { c: `v${i}`, t: info.t };
    if (how === 'c') return { c: `(p${i} ? bail() : v${i})`, t: info.t };
    memberFns.add(name);
    return { c: `f${i}(C, R, ${ent})`, t: info.t };
  };

  const input = (slot: string, ent: string, fn: Fn): Code => {
    const s = slots.get(slot);
    if (!s) return BAILC;
    const t = s.type;
    const read = `C[${s.index}][${ent}]`;
    switch (t.k) {
      case 'num':
      case 'date': {
        const v = fn.temp();
        return { c: `((${v} = ${read}) !== ${v} ? bail() : ${v})`, t };
      }
      case 'bool':
      case 'judg': {
        const v = fn.temp();
        return { c: `((${v} = ${read}) === 255 ? bail() : ${v})`, t };
      }
      case 'text': {
        const v = fn.stemp();
        return { c: `((${v} = ${read}) === undefined ? bail() : ${v})`, t };
      }
      case 'none':
        return BAILC;
    }
  };

  const constValue = (v: Value): Code => {
    switch (v.k) {
      case 'num': {
        const x = scaled(v.n);
        return x ? known(x.m, { k: 'num', s: x.s }) : BAILC;
      }
      case 'bool':
        return known(v.b ? 1 : 0, { k: 'bool' });
      case 'judg':
        return known(v.j === 'holds' ? 2 : v.j === 'not_holds' ? 0 : 1, { k: 'judg' });
      case 'date':
        return known(v.days, { k: 'date' });
      case 'text':
        return known(v.s, { k: 'text' });
    }
  };

  /** A parameter read resolved for this period: a literal, or a dense table indexed by an integer key. */
  const param = (name: string, index: IR | undefined, ent: string, fn: Fn, scope: Scope): Code => {
    if (!TRACE) return paramRead(name, index, ent, fn, scope);
    // Trace mode: the read is recorded (parameter, key) in the current rule's frame, as the explain path does.
    const p = program.parameters.get(name);
    const v = p ? liveVersion(p.versions, start) : undefined;
    if (!p || !v || !v.cells) return BAILC;
    const i = pidx(name);
    if (!index) {
      const c = v.cells.get(0);
      if (c === undefined) return BAILC;
      const cv = constValue(c);
      return cv.t.k === 'never' ? BAILC : { c: `(S.cur.push(${i}, 0), ${cv.c})`, t: cv.t };
    }
    const key = gen(index, ent, fn, scope);
    if (key.t.k !== 'num') return BAILC;
    const kt = fn.temp();
    const read = paramRead(name, { k: 'const', v: { k: 'num', n: new Decimal(0) } }, ent, fn, scope, { c: kt, t: key.t });
    if (read.t.k === 'never') return BAILC;
    return { c: `(${kt} = ${key.c}, S.cur.push(${i}, ${key.t.s === 0 ? kt : `${kt} / ${pow10(key.t.s)}`}), ${read.c})`, t: read.t };
  };

  const paramRead = (name: string, index: IR | undefined, ent: string, fn: Fn, scope: Scope, keyCode?: Code): Code => {
    const p = program.parameters.get(name);
    if (!p) return BAILC;
    const v = liveVersion(p.versions, start);
    if (!v || !v.cells) return BAILC;
    if (!index) {
      const c = v.cells.get(0);
      return c === undefined ? BAILC : constValue(c);
    }
    const key = keyCode ?? gen(index, ent, fn, scope);
    if (key.t.k !== 'num') return BAILC;
    if (typeof key.k === 'number') {
      const p10 = 10 ** key.t.s;
      if (key.k % p10 !== 0) return BAILC;
      const c = v.cells.get(key.k / p10);
      return c === undefined ? BAILC : constValue(c);
    }
    const cells = [...v.cells.entries()];
    if (cells.length === 0) return BAILC;
    const kinds = new Set(cells.map(([, c]) => c.k));
    if (kinds.size !== 1) return BAILC;
    const keys = cells.map(([k]) => k);
    const lo = Math.min(...keys);
    const hi = Math.max(...keys);
    if (!keys.every((k) => Number.isSafeInteger(k)) || hi - lo > 4096) return BAILC;
    const kind = cells[0][1].k;
    let t: Ty;
    const table: unknown[] = new Array(hi - lo + 1);
    if (kind === 'num') {
      const xs = cells.map(([k, c]) => [k, scaled((c as Extract<Value, { k: 'num' }>).n)] as const);
      if (xs.some(([, x]) => !x)) return BAILC;
      const s = Math.max(...xs.map(([, x]) => x!.s));
      for (const [k, x] of xs) {
        const m = x!.m * 10 ** (s - x!.s);
        if (!Number.isSafeInteger(m)) return BAILC;
        table[k - lo] = m;
      }
      t = { k: 'num', s };
    } else {
      for (const [k, c] of cells) {
        const cc = constValue(c);
        if (cc.k === undefined) return BAILC;
        table[k - lo] = cc.k;
      }
      t = constValue(cells[0][1]).t;
    }
    const ti = constant(`t\u0000${name}\u0000${v.from}`, () => table);
    if (key.t.s !== 0) return { c: `cell(K[${ti}], ${key.c}, ${pow10(key.t.s)}, ${lo})`, t };
    const x = t.k === 'text' ? fn.stemp() : fn.temp();
    tables.add(ti);
    return { c: `((${x} = T${ti}[${key.c}${lo === 0 ? '' : ` - ${lo}`}]) === undefined ? bail() : ${x})`, t };
  };

  const numArgs = (xs: readonly Code[]): number | undefined => {
    let s = 0;
    for (const x of xs) {
      if (x.t.k !== 'num') return undefined;
      s = Math.max(s, x.t.s);
    }
    return s;
  };

  const judg = (c: string): Code => ({ c, t: { k: 'judg' } });
  const cmpHolds = (op: string, a: number | string, b: number | string): boolean =>
    op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : op === '>=' ? a >= b : op === '==' ? a === b : a !== b;

  function gen(ir: IR, ent: string, fn: Fn, scope: Scope): Code {
    switch (ir.k) {
      case 'const':
        return constValue(ir.v);
      case 'period': {
        const days = isoToDays(ir.which === 'start' ? period.start : period.end);
        return days === undefined ? BAILC : known(days, { k: 'date' });
      }
      case 'param':
        return param(ir.name, ir.index, ent, fn, scope);
      case 'derived':
        if (ir.at !== undefined) return BAILC;
        return derivedRef(ir.name, ent, scope);
      case 'input':
        return input(ir.slot, ent, fn);
      case 'arith': {
        const l = gen(ir.l, ent, fn, scope);
        const r = gen(ir.r, ent, fn, scope);
        if (l.t.k !== 'num' || r.t.k !== 'num') return BAILC;
        const sa = l.t.s;
        const sb = r.t.s;
        switch (ir.op) {
          case '+':
          case '-': {
            const s = Math.max(sa, sb);
            const a = rescale(l, s, fn);
            const b = rescale(r, s, fn);
            const t: Ty = { k: 'num', s };
            const h = ir.op === '+' ? 'add' : 'sub';
            if (typeof a.k === 'number' && typeof b.k === 'number') {
              const v = fold(() => HELPERS[h](a.k as number, b.k as number));
              if (v !== undefined) return known(v, t);
            }
            return { c: checked(fn, `${a.c} ${ir.op} ${b.c}`), t };
          }
          case '*': {
            const s = sa + sb;
            if (s > MAX_SCALE) return BAILC;
            const t: Ty = { k: 'num', s };
            if (typeof l.k === 'number' && typeof r.k === 'number') {
              const v = fold(() => HELPERS.mul(l.k as number, r.k as number));
              if (v !== undefined) return known(v, t);
            }
            return { c: checked(fn, `${l.c} * ${r.c}`), t };
          }
          case '/': {
            // Result scale: enough digits for halves, quarters... of the dividend; inexact quotients bail.
            const s = Math.min(Math.max(sa - sb, 0) + 4, MAX_SCALE);
            const e = s - sa + sb;
            if (e < 0 || e > 22) return BAILC;
            return { c: `qdiv(${e === 0 ? l.c : `up(${l.c}, ${pow10(e)})`}, ${r.c})`, t: { k: 'num', s } };
          }
        }
        return BAILC;
      }
      case 'neg': {
        const x = gen(ir.e, ent, fn, scope);
        if (x.t.k !== 'num') return BAILC;
        return typeof x.k === 'number' ? known(0 - x.k, x.t) : { c: `(0 - ${x.c})`, t: x.t };
      }
      case 'cmp': {
        const l = gen(ir.l, ent, fn, scope);
        const r = gen(ir.r, ent, fn, scope);
        const op = ir.op === '==' ? '===' : ir.op === '!=' ? '!==' : ir.op;
        const eqOnly = ir.op === '==' || ir.op === '!=';
        const out = (a: Code, b: Code): Code =>
          a.k !== undefined && b.k !== undefined ? known(cmpHolds(ir.op, a.k, b.k) ? 2 : 0, { k: 'judg' }) : judg(`(${a.c} ${op} ${b.c} ? 2 : 0)`);
        if (l.t.k === 'num' && r.t.k === 'num') {
          const s = Math.max(l.t.s, r.t.s);
          return out(rescale(l, s, fn), rescale(r, s, fn));
        }
        if (l.t.k === 'date' && r.t.k === 'date') return out(l, r);
        if (l.t.k === 'text' && r.t.k === 'text') return eqOnly ? out(l, r) : BAILC;
        const asBool = (x: Code): Code | undefined => {
          if (x.t.k === 'bool') return x;
          if (x.t.k !== 'judg') return undefined;
          if (typeof x.k === 'number') return x.k === 1 ? BAILC : known(x.k === 2 ? 1 : 0, { k: 'bool' });
          return { c: `judgBool(${x.c})`, t: { k: 'bool' } };
        };
        const lb = asBool(l);
        const rb = asBool(r);
        if (lb && rb && eqOnly && lb.t.k !== 'never' && rb.t.k !== 'never') return out(lb, rb);
        return BAILC;
      }
      case 'and':
      case 'or': {
        const stop = ir.k === 'and' ? 0 : 2;
        const neutral = 2 - stop;
        const items: Code[] = [];
        for (const item of ir.items) {
          const x = asJudg(gen(item, ent, fn, scope));
          if (x.k === neutral) continue; // holds in an and (not_holds in an or) changes nothing and cannot fail
          if (x.k === stop && items.length === 0) return known(stop, { k: 'judg' });
          items.push(x);
          if (x.k === stop) break; // later operands are never evaluated
        }
        if (items.length === 0) return known(neutral, { k: 'judg' });
        if (items.length === 1) return items[0];
        const temps: string[] = [];
        let c = '';
        for (const x of items) {
          const t = fn.temp();
          temps.push(t);
          c += `(${t} = ${x.c}) === ${stop} ? ${stop} : `;
        }
        c += `Math.${ir.k === 'and' ? 'min' : 'max'}(${temps.join(', ')})`;
        return judg(`(${c})`);
      }
      case 'not': {
        const x = asJudg(gen(ir.e, ent, fn, scope));
        return typeof x.k === 'number' ? known(2 - x.k, { k: 'judg' }) : x.t.k === 'never' ? BAILC : judg(`(2 - ${x.c})`);
      }
      case 'truthy': {
        const x = gen(ir.e, ent, fn, scope);
        switch (x.t.k) {
          case 'judg':
            return x;
          case 'bool':
            return typeof x.k === 'number' ? known(x.k * 2, { k: 'judg' }) : judg(`(${x.c} * 2)`);
          case 'text':
            if (typeof x.k === 'string') return x.k === 'holds' ? known(2, { k: 'judg' }) : x.k === 'not_holds' ? known(0, { k: 'judg' }) : BAILC;
            return judg(`textJudg(${x.c})`);
          default:
            return BAILC;
        }
      }
      case 'if': {
        const conds: Code[] = [];
        const branches: Code[] = [];
        let otherwise: Code | undefined;
        for (let i = 0; i < ir.conds.length; i++) {
          const c = asJudg(gen(ir.conds[i], ent, fn, scope));
          if (c.k !== undefined && c.k !== 2) continue; // never selected
          const th = gen(ir.thens[i], ent, fn, scope);
          if (c.k === 2) {
            otherwise = th; // always selected once reached: later arms are dead
            break;
          }
          conds.push(c);
          branches.push(th);
        }
        otherwise ??= gen(ir.otherwise, ent, fn, scope);
        if (conds.length === 0) return otherwise;
        const t = joinTypes([...branches, otherwise].map((b) => b.t));
        if (!t) return BAILC;
        const bs = [...branches, otherwise].map((b) => (t.k === 'num' ? rescale(b, t.s, fn).c : b.c));
        let c = bs[bs.length - 1];
        for (let i = conds.length - 1; i >= 0; i--) c = `(${conds[i].c} === 2 ? ${bs[i]} : ${c})`;
        return { c, t };
      }
      case 'fn':
        return scalarFn(ir, ent, fn, scope);
      case 'agg':
        return agg(ir, ent);
      case 'exactly_one':
        return judg(`exactlyOne([${ir.items.map((i) => asJudg(gen(i, ent, fn, scope)).c).join(', ')}])`);
      case 'member':
      case 'unsupported':
        return BAILC;
    }
  }

  function asJudg(x: Code): Code {
    return x.t.k === 'judg' ? x : BAILC;
  }

  function scalarFn(ir: Extract<IR, { k: 'fn' }>, ent: string, fn: Fn, scope: Scope): Code {
    switch (ir.fn) {
      case 'max':
      case 'min': {
        const args = ir.args.map((a) => gen(a, ent, fn, scope));
        const s = numArgs(args);
        if (args.length === 0 || s === undefined) return BAILC;
        const t: Ty = { k: 'num', s };
        let acc = rescale(args[0], s, fn);
        for (let i = 1; i < args.length; i++) {
          const b = rescale(args[i], s, fn);
          if (typeof acc.k === 'number' && typeof b.k === 'number') acc = known(HELPERS[`${ir.fn}2`](acc.k, b.k), t);
          else {
            const x = fn.temp();
            const y = fn.temp();
            acc = { c: `((${x} = ${acc.c}), (${y} = ${b.c}) ${ir.fn === 'max' ? '>' : '<'} ${x} ? ${y} : ${x})`, t };
          }
        }
        return acc;
      }
      case 'floor':
      case 'ceil': {
        const mode = ir.fn === 'floor' ? 2 : 3;
        const a = ir.args[0];
        const t: Ty = { k: 'num', s: 0 };
        if (a.k === 'arith' && a.op === '/') {
          const n = gen(a.l, ent, fn, scope);
          const d = gen(a.r, ent, fn, scope);
          if (n.t.k !== 'num' || d.t.k !== 'num') return BAILC;
          // floor(n / d) on the exact rational: (N * 10^sd) / (D * 10^sn).
          const nc = d.t.s === 0 ? n : rescale({ ...n, t: { k: 'num', s: 0 } }, d.t.s, fn);
          const dc = n.t.s === 0 ? d : rescale({ ...d, t: { k: 'num', s: 0 } }, n.t.s, fn);
          if (typeof nc.k === 'number' && typeof dc.k === 'number') {
            const v = fold(() => HELPERS.fqdiv(nc.k as number, dc.k as number, mode));
            if (v !== undefined) return known(v, t);
          }
          return { c: `fqdiv(${nc.c}, ${dc.c}, ${mode})`, t };
        }
        const x = gen(a, ent, fn, scope);
        if (x.t.k !== 'num') return BAILC;
        if (x.t.s === 0) return x;
        const p = 10 ** x.t.s;
        if (typeof x.k === 'number') {
          const v = fold(() => (mode === 2 ? HELPERS.fdiv(x.k as number, p) : HELPERS.cdiv(x.k as number, p)));
          if (v !== undefined) return known(v, t);
        }
        return { c: `${ir.fn === 'floor' ? 'fdiv' : 'cdiv'}(${x.c}, ${pow10(x.t.s)})`, t };
      }
      case 'days_between': {
        const a = gen(ir.args[0], ent, fn, scope);
        const b = gen(ir.args[1], ent, fn, scope);
        if (a.t.k !== 'date' || b.t.k !== 'date') return BAILC;
        return { c: `(${b.c} - ${a.c})`, t: { k: 'num', s: 0 } };
      }
      case 'date_add_days': {
        const d = gen(ir.args[0], ent, fn, scope);
        const n = gen(ir.args[1], ent, fn, scope);
        if (d.t.k !== 'date' || n.t.k !== 'num') return BAILC;
        return { c: `dadd(${d.c}, ${n.c}, ${pow10(n.t.s)})`, t: { k: 'date' } };
      }
    }
    return BAILC;
  }

  /** Aggregations become small functions looping over the CSR member list of relation R[2i], R[2i+1]. */
  function agg(ir: Extract<IR, { k: 'agg' }>, ent: string): Code {
    const S = TRACE ? ', S' : '';
    const hit = aggCache.get(ir);
    if (hit) return { c: `${hit.name}(C, R, ${ent}${S})`, t: hit.t };
    const rel = program.relations.get(ir.rel);
    const ri = relations.get(ir.rel);
    if (!rel || rel.kind === 'derived' || ri === undefined) return BAILC;
    const off = `R[${2 * ri}]`;
    if (ir.fn === 'len') return { c: `(${off}[${ent} + 1] - ${off}[${ent}])`, t: { k: 'num', s: 0 } };
    const fn = new Fn();
    const pred = ir.pred ? asJudg(gen(ir.pred, 'p', fn, NONE)).c : undefined;
    const field = ir.field ? gen(ir.field, 'p', fn, NONE) : undefined;
    const name = `a${aggFns.length}`;
    let body: string;
    let t: Ty = { k: 'num', s: 0 };
    if (ir.fn === 'count_where') {
      body = `let n = 0; for (let j = off[e], end = off[e + 1]; j < end; j++) { const p = mem[j]; if (${pred ?? 'bail()'} === 2) n++; } return n;`;
    } else {
      const fc = field && field.t.k === 'num' ? field.c : 'bail()';
      if (field && field.t.k === 'num') t = field.t;
      body = `let n = 0; for (let j = off[e], end = off[e + 1]; j < end; j++) { const p = mem[j]; ${pred ? `if (${pred} !== 2) continue; ` : ''}n = add(n, ${fc}); } return n;`;
    }
    aggFns.push(`function ${name}(C, R, e${S}) { ${fn.declarations().join(' ')} const off = ${off}, mem = R[${2 * ri + 1}]; ${body} }`);
    aggCache.set(ir, { name, t });
    return { c: `${name}(C, R, ${ent}${S})`, t };
  }

  /**
   * Body computing `targets` at entity e, straight-line in dependency order. Rules every evaluation of the
   * targets reads are plain locals (an error there is the targets' error). Rules read only under a condition
   * (a later if arm, a later and/or operand) are computed ahead too, but an error in one is caught and kept
   * as a flag, raised only where the value is actually used: the explain path evaluates them lazily and
   * must not see errors it would never reach.
   */
  const closureBody = (targets: readonly string[], tail: string[]): string => {
    const all = new Set<string>();
    const sure = new Set<string>();
    const visit = (n: string, set: Set<string>, every: boolean): void => {
      if (set.has(n) || !program.derived.has(n)) return;
      set.add(n);
      const ir = liveIr(program.derived.get(n)!);
      if (!ir || ruleInfo(n).k !== undefined) return;
      const ds = new Set<string>();
      deps(ir, ds, every);
      for (const d of ds) visit(d, set, every);
    };
    for (const t of targets) {
      visit(t, all, true);
      visit(t, sure, false);
    }
    const scope = new Map<string, 'u' | 'c'>();
    for (const n of all) scope.set(n, sure.has(n) ? 'u' : 'c');
    const fn = new Fn();
    const lines: string[] = [];
    for (const n of program.order) {
      if (!all.has(n)) continue;
      const info = ruleInfo(n);
      const i = ruleIndex.get(n);
      if (info.k !== undefined) continue; // a constant: references use the literal
      if (info.t.k === 'never') {
        if (sure.has(n)) lines.push('bail();');
        else lines.push(`const p${i} = true, v${i} = 0;`);
        continue;
      }
      const code = ruleExpr(n, fn, scope);
      if (sure.has(n)) lines.push(`const v${i} = ${code.c};`);
      else lines.push(`let v${i} = ${info.t.k === 'text' ? "''" : '0'}, p${i} = false;`, `try { v${i} = ${code.c}; } catch (x) { if (x !== BAIL) throw x; p${i} = true; }`);
    }
    return [...fn.declarations(), ...lines, ...tail].join('\n  ');
  };

  const outputTypes = opts.outputs.map((o) => (program.derived.has(o) ? ruleType(o) : NEVER));
  if (TRACE) return traceProgram();
  const writes = opts.outputs.map((o, j) => {
    const t = outputTypes[j];
    const ref = program.derived.has(o) ? derivedRef(o, 'e', new Map([[o, 'u']])) : BAILC;
    switch (t.k) {
      case 'num':
        return `O[${j}][k] = outn(${ref.c}, ${pow10(t.s)});`;
      case 'never':
        return `bail();`;
      default:
        return `O[${j}][k] = ${ref.c};`;
    }
  });
  const query = `function q(C, R, e, O, k) {\n  ${closureBody(opts.outputs.filter((o) => program.derived.has(o)), writes)}\n}`;

  // Member functions (each computes its own closure at the member entity); generating one can need others.
  const emitted = new Set<string>();
  const memberSrc: string[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const next = [...memberFns].find((n) => !emitted.has(n));
    if (next === undefined) break;
    emitted.add(next);
    const ref = derivedRef(next, 'e', new Map([[next, 'u']]));
    memberSrc.push(`function f${ruleIndex.get(next)}(C, R, e) {\n  ${closureBody([next], [`return ${ref.c};`])}\n}`);
  }

  const hoisted = [...tables].map((i) => `const T${i} = K[${i}];`);
  const source = [...hoisted, ...memberSrc, ...aggFns, query, 'return q;'].join('\n');
  return { source, constants, outputTypes, ruleTypes: [], paramNames };

  /** Trace mode: one memoised function per rule (memo S.d/S.v at rule * S.n + entity), outputs in order. */
  function traceProgram(): Generated {
    // Outputs are selected at run time (`sel`: output indexes in request order), so one trace kernel serves
    // every subset a request names, and the explain path's evaluation order is kept.
    const writes = opts.outputs.map((o, j) => {
      const t = outputTypes[j];
      if (t.k === 'never') return `case ${j}: bail();`;
      const ref = derivedRef(o, 'e', 'all');
      return t.k === 'num' ? `case ${j}: O[${j}][k] = outn(${ref.c}, ${pow10(t.s)}); break;` : `case ${j}: O[${j}][k] = ${ref.c}; break;`;
    });
    const fns: string[] = [];
    const done = new Set<string>();
    for (let guard = 0; guard < 100_000; guard++) {
      const next = [...traceFns].find((n) => !done.has(n));
      if (next === undefined) break;
      done.add(next);
      const i = ruleIndex.get(next)!;
      const fn = new Fn();
      const code = ruleExpr(next, fn, 'all');
      fns.push(
        [
          `function g${i}(C, R, e, S) {`,
          `  const m = ${i} * S.n + e;`,
          `  if (S.d[m] === 1) return S.v[m];`,
          `  const outer = S.cur;`,
          `  S.cur = [];`,
          ...fn.declarations().map((d) => `  ${d}`),
          `  const v = ${code.t.k === 'never' ? 'bail()' : code.c};`,
          `  S.d[m] = 1;`,
          `  S.v[m] = v;`,
          `  S.t.push(${i}, e, v, S.cur);`,
          `  S.cur = outer;`,
          `  return v;`,
          `}`,
        ].join('\n'),
      );
    }
    const hoistedT = [...tables].map((i) => `const T${i} = K[${i}];`);
    const q = `function q(C, R, e, O, k, S, sel) {\n  for (let i = 0; i < sel.length; i++) {\n    switch (sel[i]) {\n      ${writes.join('\n      ')}\n      default: bail();\n    }\n  }\n}`;
    const types = program.order.map((n) => (traceFns.has(n) ? ruleType(n) : NEVER));
    return { source: [...hoistedT, ...fns, ...aggFns, q, 'return q;'].join('\n'), constants, outputTypes, ruleTypes: types, paramNames };
  }
}

export { L as MAX_SAFE };
