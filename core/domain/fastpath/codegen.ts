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

export type SlotType =
  | { readonly k: 'num'; readonly s: number }
  | { readonly k: 'bool' }
  | { readonly k: 'judg' }
  | { readonly k: 'text' }
  | { readonly k: 'date' }
  /** No value anywhere, or values of several kinds: every read bails. */
  | { readonly k: 'none' };

export type Ty =
  | { readonly k: 'num'; readonly s: number }
  | { readonly k: 'bool' }
  | { readonly k: 'judg' }
  | { readonly k: 'text' }
  | { readonly k: 'date' }
  /** Evaluation always bails (an error on the explain path, or a value kind the fast path does not carry). */
  | { readonly k: 'never' };

interface Code {
  readonly c: string;
  readonly t: Ty;
}

/** Largest static scale: powers of ten up to 1e22 are exact doubles; values stay below 2^53 anyway. */
const MAX_SCALE = 15;
const L = Number.MAX_SAFE_INTEGER;
const NEVER: Ty = { k: 'never' };
const BAILC: Code = { c: 'bail()', t: NEVER };
/** 'all': every same-entity rule is a local (used for typing); a set: those rules are locals, others calls. */
type Scope = ReadonlySet<string> | 'all';
const NONE: ReadonlySet<string> = new Set();

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
}

export interface Generated {
  readonly source: string;
  /** Constant tables referenced by index from the source (parameter tables, strings). */
  readonly constants: readonly unknown[];
  /** Output types, in `outputs` order. */
  readonly outputTypes: readonly Ty[];
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
  return m < 0 ? `(${m})` : String(m);
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

function rescale(x: Code, s: number): string {
  if (x.t.k !== 'num' || x.t.s === s) return x.c;
  return `up(${x.c}, ${pow10(s - x.t.s)})`;
}

const ROUND_MODE: Record<string, number> = { half_up: 0, half_even: 1, floor: 2 };

export function generate(opts: GenerateOptions): Generated {
  const { program, period, slots, relations } = opts;
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

  // Rule types, computed on demand (deps first, the program has no cycles).
  const ruleTypes = new Map<string, Ty>();
  const typing = new Set<string>();

  /** Derived rules any evaluation of `ir` reads at the same entity (first operands of lazy forms only). */
  const unconditionalDeps = (ir: IR, out: Set<string>): void => {
    switch (ir.k) {
      case 'derived':
        if (ir.at === undefined) out.add(ir.name);
        return;
      case 'arith':
      case 'cmp':
        unconditionalDeps(ir.l, out);
        unconditionalDeps(ir.r, out);
        return;
      case 'neg':
      case 'not':
      case 'truthy':
        unconditionalDeps(ir.e, out);
        return;
      case 'exactly_one':
        for (const i of ir.items) unconditionalDeps(i, out);
        return;
      case 'and':
      case 'or':
        if (ir.items.length > 0) unconditionalDeps(ir.items[0], out);
        return;
      case 'if':
        unconditionalDeps(ir.conds[0], out);
        return;
      case 'fn':
        for (const a of ir.args) unconditionalDeps(a, out);
        return;
      case 'param':
        if (ir.index) unconditionalDeps(ir.index, out);
        return;
      default:
        return;
    }
  };

  const memberFns = new Set<string>();
  const aggFns: string[] = [];
  const aggCache = new Map<IR, { name: string; t: Ty }>();

  /** Generated code per function: temps for and/or chains are function-local. */
  class Fn {
    temps = 0;
    temp(): string {
      return `t${this.temps++}`;
    }
  }

  /** A rule's value expression in a scope (rounding applied); its type does not depend on the scope. */
  const ruleExpr = (name: string, fn: Fn, scope: Scope): Code => {
    const d = program.derived.get(name);
    const ir = d ? liveIr(d) : undefined;
    if (!d || !ir) return BAILC;
    let code = gen(ir, 'e', fn, scope);
    if (code.t.k === 'num' && d.minorUnits !== undefined && d.rule.rounding && code.t.s > d.minorUnits) {
      const mode = ROUND_MODE[d.rule.rounding] ?? 3;
      code = { c: `rdiv(${code.c}, ${pow10(code.t.s - d.minorUnits)}, ${mode})`, t: { k: 'num', s: d.minorUnits } };
    }
    return code;
  };

  const ruleType = (name: string): Ty => {
    const hit = ruleTypes.get(name);
    if (hit) return hit;
    if (!program.derived.has(name) || typing.has(name)) return NEVER;
    typing.add(name);
    const t = ruleExpr(name, new Fn(), 'all').t;
    typing.delete(name);
    ruleTypes.set(name, t);
    return t;
  };

  const localRef = (name: string): Code => {
    const t = ruleType(name);
    if (t.k === 'never') return BAILC;
    return { c: `v${ruleIndex.get(name)}`, t };
  };

  const memberRef = (name: string, ent: string): Code => {
    const t = ruleType(name);
    if (t.k === 'never') return BAILC;
    memberFns.add(name);
    return { c: `f${ruleIndex.get(name)}(C, R, ${ent})`, t };
  };

  const input = (slot: string, ent: string): Code => {
    const s = slots.get(slot);
    if (!s) return BAILC;
    const t = s.type;
    switch (t.k) {
      case 'num':
        return { c: `rn(C[${s.index}], ${ent})`, t };
      case 'date':
        return { c: `rn(C[${s.index}], ${ent})`, t };
      case 'bool':
      case 'judg':
        return { c: `rb(C[${s.index}], ${ent})`, t };
      case 'text':
        return { c: `rt(C[${s.index}], ${ent})`, t };
      case 'none':
        return BAILC;
    }
  };

  const constValue = (v: Value): Code => {
    switch (v.k) {
      case 'num': {
        const x = scaled(v.n);
        return x ? { c: lit(x.m), t: { k: 'num', s: x.s } } : BAILC;
      }
      case 'bool':
        return { c: v.b ? '1' : '0', t: { k: 'bool' } };
      case 'judg':
        return { c: v.j === 'holds' ? '2' : v.j === 'not_holds' ? '0' : '1', t: { k: 'judg' } };
      case 'date':
        return { c: lit(v.days), t: { k: 'date' } };
      case 'text':
        return { c: `K[${constant(`s\u0000${v.s}`, () => v.s)}]`, t: { k: 'text' } };
    }
  };

  /** A parameter read resolved for this period: a literal, or a dense table indexed by an integer key. */
  const param = (name: string, index: IR | undefined, ent: string, fn: Fn, scope: Scope): Code => {
    const p = program.parameters.get(name);
    if (!p) return BAILC;
    const v = liveVersion(p.versions, start);
    if (!v || !v.cells) return BAILC;
    if (!index) {
      const c = v.cells.get(0);
      return c === undefined ? BAILC : constValue(c);
    }
    const key = gen(index, ent, fn, scope);
    if (key.t.k !== 'num') return BAILC;
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
    let table: unknown[];
    if (kind === 'num') {
      const xs = cells.map(([k, c]) => [k, scaled((c as Extract<Value, { k: 'num' }>).n)] as const);
      if (xs.some(([, x]) => !x)) return BAILC;
      const s = Math.max(...xs.map(([, x]) => x!.s));
      table = new Array(hi - lo + 1);
      for (const [k, x] of xs) {
        const m = x!.m * 10 ** (s - x!.s);
        if (!Number.isSafeInteger(m)) return BAILC;
        table[k - lo] = m;
      }
      t = { k: 'num', s };
    } else {
      table = new Array(hi - lo + 1);
      for (const [k, c] of cells) {
        const cc = constValue(c);
        if (cc.t.k === 'never') return BAILC;
        table[k - lo] = c.k === 'text' ? c.s : c.k === 'bool' ? (c.b ? 1 : 0) : c.k === 'date' ? c.days : c.k === 'judg' ? (c.j === 'holds' ? 2 : c.j === 'not_holds' ? 0 : 1) : undefined;
      }
      t = cells[0][1].k === 'text' ? { k: 'text' } : cells[0][1].k === 'bool' ? { k: 'bool' } : cells[0][1].k === 'date' ? { k: 'date' } : { k: 'judg' };
    }
    const ti = constant(`t\u0000${name}\u0000${v.from}`, () => table);
    return { c: `cell(K[${ti}], ${key.c}, ${pow10(key.t.s)}, ${lo})`, t };
  };

  const numArgs = (xs: readonly Code[]): number | undefined => {
    let s = 0;
    for (const x of xs) {
      if (x.t.k !== 'num') return undefined;
      s = Math.max(s, x.t.s);
    }
    return s;
  };

  /** `scope`: same-entity derived rules computed as the enclosing function's locals; others are called. */
  function gen(ir: IR, ent: string, fn: Fn, scope: Scope): Code {
    switch (ir.k) {
      case 'const':
        return constValue(ir.v);
      case 'period': {
        const days = isoToDays(ir.which === 'start' ? period.start : period.end);
        return days === undefined ? BAILC : { c: lit(days), t: { k: 'date' } };
      }
      case 'param':
        return param(ir.name, ir.index, ent, fn, scope);
      case 'derived':
        if (ir.at !== undefined) return BAILC;
        return scope === 'all' || scope.has(ir.name) ? localRef(ir.name) : memberRef(ir.name, ent);
      case 'input':
        return input(ir.slot, ent);
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
            return { c: `${ir.op === '+' ? 'add' : 'sub'}(${rescale(l, s)}, ${rescale(r, s)})`, t: { k: 'num', s } };
          }
          case '*': {
            const s = sa + sb;
            if (s > MAX_SCALE) return BAILC;
            return { c: `mul(${l.c}, ${r.c})`, t: { k: 'num', s } };
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
        return x.t.k === 'num' ? { c: `(0 - ${x.c})`, t: x.t } : BAILC;
      }
      case 'cmp': {
        const l = gen(ir.l, ent, fn, scope);
        const r = gen(ir.r, ent, fn, scope);
        const op = ir.op === '==' ? '===' : ir.op === '!=' ? '!==' : ir.op;
        const eqOnly = ir.op === '==' || ir.op === '!=';
        if (l.t.k === 'num' && r.t.k === 'num') {
          const s = Math.max(l.t.s, r.t.s);
          return { c: `(${rescale(l, s)} ${op} ${rescale(r, s)} ? 2 : 0)`, t: { k: 'judg' } };
        }
        if (l.t.k === 'date' && r.t.k === 'date') return { c: `(${l.c} ${op} ${r.c} ? 2 : 0)`, t: { k: 'judg' } };
        if (l.t.k === 'text' && r.t.k === 'text') return eqOnly ? { c: `(${l.c} ${op} ${r.c} ? 2 : 0)`, t: { k: 'judg' } } : BAILC;
        const asBool = (x: Code): string | undefined => (x.t.k === 'bool' ? x.c : x.t.k === 'judg' ? `judgBool(${x.c})` : undefined);
        const lb = asBool(l);
        const rb = asBool(r);
        if (lb !== undefined && rb !== undefined && eqOnly) return { c: `(${lb} ${op} ${rb} ? 2 : 0)`, t: { k: 'judg' } };
        return BAILC;
      }
      case 'and':
      case 'or': {
        const stop = ir.k === 'and' ? 0 : 2;
        const temps: string[] = [];
        let c = '';
        for (const item of ir.items) {
          const x = judgCode(gen(item, ent, fn, scope));
          const t = fn.temp();
          temps.push(t);
          c += `(${t} = ${x}) === ${stop} ? ${stop} : `;
        }
        c += temps.length === 1 ? temps[0] : `Math.${ir.k === 'and' ? 'min' : 'max'}(${temps.join(', ')})`;
        return { c: `(${c})`, t: { k: 'judg' } };
      }
      case 'not':
        return { c: `(2 - ${judgCode(gen(ir.e, ent, fn, scope))})`, t: { k: 'judg' } };
      case 'truthy': {
        const x = gen(ir.e, ent, fn, scope);
        switch (x.t.k) {
          case 'judg':
            return x;
          case 'bool':
            return { c: `(${x.c} * 2)`, t: { k: 'judg' } };
          case 'text':
            return { c: `textJudg(${x.c})`, t: { k: 'judg' } };
          default:
            return BAILC;
        }
      }
      case 'if': {
        const conds = ir.conds.map((c) => judgCode(gen(c, ent, fn, scope)));
        const branches = [...ir.thens, ir.otherwise].map((b) => gen(b, ent, fn, scope));
        const t = joinTypes(branches.map((b) => b.t));
        if (!t) return BAILC;
        const bs = branches.map((b) => (t.k === 'num' ? rescale(b, t.s) : b.c));
        let c = bs[bs.length - 1];
        for (let i = conds.length - 1; i >= 0; i--) c = `(${conds[i]} === 2 ? ${bs[i]} : ${c})`;
        return { c, t };
      }
      case 'fn':
        return scalarFn(ir, ent, fn, scope);
      case 'agg':
        return agg(ir, ent, scope);
      case 'exactly_one':
        return { c: `exactlyOne([${ir.items.map((i) => judgCode(gen(i, ent, fn, scope))).join(', ')}])`, t: { k: 'judg' } };
      case 'member':
      case 'unsupported':
        return BAILC;
    }
  }

  function judgCode(x: Code): string {
    return x.t.k === 'judg' ? x.c : 'bail()';
  }

  function scalarFn(ir: Extract<IR, { k: 'fn' }>, ent: string, fn: Fn, scope: Scope): Code {
    switch (ir.fn) {
      case 'max':
      case 'min': {
        const args = ir.args.map((a) => gen(a, ent, fn, scope));
        const s = numArgs(args);
        if (args.length === 0 || s === undefined) return BAILC;
        let c = rescale(args[0], s);
        for (let i = 1; i < args.length; i++) c = `${ir.fn}2(${c}, ${rescale(args[i], s)})`;
        return { c, t: { k: 'num', s } };
      }
      case 'floor':
      case 'ceil': {
        const mode = ir.fn === 'floor' ? 2 : 3;
        const a = ir.args[0];
        if (a.k === 'arith' && a.op === '/') {
          const n = gen(a.l, ent, fn, scope);
          const d = gen(a.r, ent, fn, scope);
          if (n.t.k !== 'num' || d.t.k !== 'num') return BAILC;
          // floor(n / d) on the exact rational: (N * 10^sd) / (D * 10^sn).
          const nc = d.t.s === 0 ? n.c : `up(${n.c}, ${pow10(d.t.s)})`;
          const dc = n.t.s === 0 ? d.c : `up(${d.c}, ${pow10(n.t.s)})`;
          return { c: `fqdiv(${nc}, ${dc}, ${mode})`, t: { k: 'num', s: 0 } };
        }
        const x = gen(a, ent, fn, scope);
        if (x.t.k !== 'num') return BAILC;
        if (x.t.s === 0) return x;
        return { c: `${ir.fn === 'floor' ? 'fdiv' : 'cdiv'}(${x.c}, ${pow10(x.t.s)})`, t: { k: 'num', s: 0 } };
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
  function agg(ir: Extract<IR, { k: 'agg' }>, ent: string, scope: Scope): Code {
    void scope;
    const hit = aggCache.get(ir);
    if (hit) return { c: `${hit.name}(C, R, ${ent})`, t: hit.t };
    const rel = program.relations.get(ir.rel);
    const ri = relations.get(ir.rel);
    if (!rel || rel.kind === 'derived' || ri === undefined) return BAILC;
    const off = `R[${2 * ri}]`;
    if (ir.fn === 'len') return { c: `(${off}[${ent} + 1] - ${off}[${ent}])`, t: { k: 'num', s: 0 } };
    const fn = new Fn();
    const pred = ir.pred ? judgCode(gen(ir.pred, 'p', fn, NONE)) : undefined;
    const field = ir.field ? gen(ir.field, 'p', fn, NONE) : undefined;
    const temps = fn.temps > 0 ? `let ${Array.from({ length: fn.temps }, (_, i) => `t${i} = 0`).join(', ')};` : '';
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
    aggFns.push(`function ${name}(C, R, e) { ${temps} const off = ${off}, mem = R[${2 * ri + 1}]; ${body} }`);
    aggCache.set(ir, { name, t });
    return { c: `${name}(C, R, ${ent})`, t };
  }

  /**
   * Body computing `targets` at entity e: the rules every evaluation of the targets certainly reads (the
   * unconditional closure) become locals, dependencies first; a rule read only under a condition (a later
   * if branch or and/or operand) is called where it is read, so it runs only when the explain path would
   * run it and raises no error the explain path would not.
   */
  const closureBody = (targets: readonly string[], tail: (fn: Fn) => string[]): string => {
    const need = new Set<string>();
    const visit = (n: string): void => {
      if (need.has(n) || !program.derived.has(n)) return;
      need.add(n);
      const ir = liveIr(program.derived.get(n)!);
      if (!ir) return;
      const deps = new Set<string>();
      unconditionalDeps(ir, deps);
      for (const d of deps) visit(d);
    };
    for (const t of targets) visit(t);
    const fn = new Fn();
    const lines: string[] = [];
    for (const n of program.order) {
      if (!need.has(n)) continue;
      const code = ruleType(n).k === 'never' ? BAILC : ruleExpr(n, fn, need);
      lines.push(code.t.k === 'never' ? `bail();` : `const v${ruleIndex.get(n)} = ${code.c};`);
    }
    lines.push(...tail(fn));
    if (fn.temps > 0) lines.unshift(`let ${Array.from({ length: fn.temps }, (_, i) => `t${i} = 0`).join(', ')};`);
    return lines.join('\n  ');
  };

  const outputTypes = opts.outputs.map((o) => (program.derived.has(o) ? ruleType(o) : NEVER));
  const writes = opts.outputs.map((o, j) => {
    const t = outputTypes[j];
    const v = `v${ruleIndex.get(o)}`;
    switch (t.k) {
      case 'num':
        return `O[${j}][k] = outn(${v}, ${pow10(t.s)});`;
      case 'never':
        return `bail();`;
      default:
        return `O[${j}][k] = ${v};`;
    }
  });
  const query = `function q(C, R, e, O, k) {\n  ${closureBody(opts.outputs.filter((o) => program.derived.has(o)), () => writes)}\n}`;

  // Member functions (each computes its own closure at the member entity); generating one can need others.
  const emitted = new Set<string>();
  const memberSrc: string[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const next = [...memberFns].find((n) => !emitted.has(n));
    if (next === undefined) break;
    emitted.add(next);
    const v = `v${ruleIndex.get(next)}`;
    memberSrc.push(`function f${ruleIndex.get(next)}(C, R, e) {\n  ${closureBody([next], () => [`return ${v};`])}\n}`);
  }

  const source = [...memberSrc, ...aggFns, query, 'return q;'].join('\n');
  return { source, constants, outputTypes };
}

/** The output types a fast program can hand back without the explain path. */
export function isCarried(t: Ty): boolean {
  return t.k !== 'never';
}

export { L as MAX_SAFE };
