/**
 * Columnar batch evaluation of a runtime package: N households (entities 0..N-1) and their people
 * (entities N..N+P-1, CSR offsets per household) in typed arrays, one kernel call per household, outputs in
 * typed arrays. Households the kernel cannot carry exactly (an input outside the envelope, an error) are
 * evaluated on the explain path one by one, so every row equals a single evaluatePackage call.
 */
import { evaluatePackage, type PackageRequest, type PackageResult, type RuntimePackage } from '../rulespec/compose.js';
import { parseTestPeriod } from '../rulespec/corpus-runner.js';
import type { Period } from '../rulespec/evaluate.js';
import { EvalError, daysToIso, fromRaw, isoToDays } from '../rulespec/values.js';
import type { SlotType, Ty } from './codegen.js';
import { BAIL } from './helpers.js';
import { kernelFor, layoutOf, outputColumn, type Column, type FastKernel, type OutputColumn } from './kernel.js';

export type RawColumn = Float64Array | Uint8Array | readonly (string | boolean | number | undefined | null)[];

export interface HouseholdColumns {
  /** Number of households. */
  readonly size: number;
  /** Household-level inputs by bare slot or accepted input name: numbers (Float64Array), Booleans (Uint8Array 0/1), text. */
  readonly household: Readonly<Record<string, RawColumn>>;
  /** People: offsets (size + 1) into the person columns; person j of household k is offsets[k] + j. */
  readonly people?: {
    readonly offsets: Int32Array;
    readonly inputs: Readonly<Record<string, RawColumn>>;
  };
}

export interface BatchOptions {
  readonly period?: string | Period;
  readonly outputs?: readonly string[];
  /** Relation linking people to their household (default: the spec's `person_relation`). */
  readonly relation?: string;
}

export interface BatchResult {
  readonly size: number;
  readonly outputs: readonly string[];
  readonly types: readonly Ty[];
  /** Per output: numbers/dates as doubles (days), judgments as 0/1/2, Booleans 0/1, text as strings. */
  readonly columns: readonly OutputColumn[];
  /** Households evaluated on the explain path, with their full result. */
  readonly fallback: ReadonlyMap<number, PackageResult>;
  /** One household's outputs and errors as evaluatePackage gives them. */
  row(k: number): { outputs: Record<string, string | number | boolean>; errors: Record<string, string> };
}

const MAX_INPUT_SCALE = 6;
const POW = [1, 10, 100, 1000, 10000, 100000, 1000000];

/** Smallest decimal scale at which x is exact (shortest decimal of x), or -1 beyond the fast envelope. */
export function scaleOf(x: number): number {
  if (Number.isInteger(x)) return Math.abs(x) < 1e15 ? 0 : -1;
  for (let s = 1; s <= MAX_INPUT_SCALE; s++) {
    const m = Math.round(x * POW[s]);
    if (m / POW[s] === x) return Math.abs(m) < 1e15 ? s : -1;
  }
  return -1;
}

interface Resolved {
  readonly slot: string;
  readonly dtype: 'bool' | 'decimal' | 'integer' | 'text' | 'date';
}

function slotDtypes(pkg: RuntimePackage): Map<string, Resolved> {
  const m = new Map<string, Resolved>();
  for (const i of pkg.inputs) m.set(i.slot, { slot: i.slot, dtype: i.dtype });
  return m;
}

function nameToSlot(pkg: RuntimePackage): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of pkg.inputCatalog) for (const a of [c.slot, ...c.accepted]) m.set(a, c.slot);
  return m;
}

function personRelation(pkg: RuntimePackage, explicit?: string): string | undefined {
  const raw = explicit ?? (typeof pkg.spec.extensions.person_relation === 'string' ? pkg.spec.extensions.person_relation : undefined);
  if (raw === undefined) return undefined;
  const hash = raw.indexOf('#relation.');
  return hash >= 0 ? raw.slice(hash + 10) : raw;
}

function rawAt(col: RawColumn, i: number): unknown {
  const v = col[i];
  if (col instanceof Uint8Array) return v === 255 ? undefined : v === 1;
  if (col instanceof Float64Array) return v !== v ? undefined : v;
  return v === null ? undefined : v;
}

/** A batch loaded into kernel columns: run `kernel.run(C, R, k, out, k)` for household k unless bad[k]. */
export interface LoadedBatch {
  readonly period: Period;
  readonly outputs: readonly string[];
  readonly size: number;
  readonly C: readonly Column[];
  readonly R: readonly Int32Array[];
  /** 1 for a household with a value outside the kernel's signature (the explain path evaluates it). */
  readonly bad: Uint8Array;
  readonly kernel?: FastKernel;
  /** The household as an explain-path request (for fallback). */
  rowRequest(k: number): PackageRequest;
}

/**
 * Copies `count` numbers from src[from..] to dst[at..] (NaN = not given, or `def`), returning the column's
 * scale widened as needed (exact at the current scale: one multiply, round and divide). A value beyond the
 * envelope is reported with its entity index (rare; the callback marks the household).
 */
function loadNumbers(src: Float64Array, from: number, count: number, def: number | undefined, dst: Float64Array, at: number, markBad: (e: number) => void, scale: number): number {
  let s = scale;
  let ps = POW[s];
  for (let i = 0; i < count; i++) {
    let v = src[from + i];
    if (v !== v) {
      if (def === undefined) continue;
      v = def;
    }
    const e = at + i;
    if (Math.round(v * ps) / ps === v && v * ps < 1e15 && v * ps > -1e15) {
      dst[e] = v;
      continue;
    }
    const vs = scaleOf(v);
    if (vs < 0 || Math.abs(v * POW[Math.max(vs, s)]) >= 1e15) markBad(e);
    else {
      dst[e] = v;
      if (vs > s) {
        s = vs;
        ps = POW[s];
      }
    }
  }
  return s;
}

/** Evaluates every household of a columnar batch; see the module comment. */
export function evaluatePackageBatch(pkg: RuntimePackage, batch: HouseholdColumns, options: BatchOptions = {}): BatchResult {
  const { period, outputs, size: N, C, R, bad, kernel, rowRequest } = loadBatch(pkg, batch, options);
  const types = kernel ? kernel.outputTypes : outputs.map((): Ty => ({ k: 'never' }));
  const columns = types.map((t) => outputColumn(t, N));
  const fallback = new Map<number, PackageResult>();
  const explain = (k: number): void => {
    try {
      fallback.set(k, evaluatePackage(pkg, { ...rowRequest(k), period, outputs }));
    } catch (e) {
      // A request-level rejection (a value no input accepts): every output carries the message.
      if (!(e instanceof EvalError)) throw e;
      fallback.set(k, { period, outputs: {}, errors: Object.fromEntries(outputs.map((o) => [o, e.message])), trace: [] });
    }
  };
  const run = kernel?.run;
  for (let k = 0; k < N; k++) {
    if (!run || bad[k]) {
      explain(k);
      continue;
    }
    try {
      run(C, R, k, columns, k);
    } catch (e) {
      if (e !== BAIL) throw e;
      explain(k);
    }
  }
  return {
    size: N,
    outputs,
    types,
    columns,
    fallback,
    row(k) {
      const fb = fallback.get(k);
      if (fb) return { outputs: fb.outputs, errors: fb.errors };
      const out: Record<string, string | number | boolean> = {};
      types.forEach((t, j) => (out[outputs[j]] = jsonOf(t, columns[j], k)));
      return { outputs: out, errors: {} };
    },
  };
}

/** Loads a columnar batch into the kernel's layout and signature (numbers scaled, people as CSR). */
export function loadBatch(pkg: RuntimePackage, batch: HouseholdColumns, options: BatchOptions = {}): LoadedBatch {
  const program = pkg.program;
  const period: Period = typeof options.period === 'object' ? options.period : parseTestPeriod(options.period ?? pkg.spec.period);
  const outputs = [...(options.outputs ?? pkg.spec.outputs)];
  const N = batch.size;
  const P = batch.people ? batch.people.offsets[N] : 0;
  const n = N + P;
  const layout = layoutOf(program);
  const slotOf = nameToSlot(pkg);
  const dtypes = slotDtypes(pkg);
  const rel = personRelation(pkg, options.relation);

  // Raw columns per slot, household part and person part.
  const hh = new Map<string, RawColumn>();
  for (const [name, col] of Object.entries(batch.household)) hh.set(slotOf.get(name) ?? name, col);
  const pp = new Map<string, RawColumn>();
  for (const [name, col] of Object.entries(batch.people?.inputs ?? {})) pp.set(slotOf.get(name) ?? name, col);
  const defaults = new Map<string, unknown>();
  for (const i of pkg.inputs) if (i.default !== undefined) defaults.set(i.slot, i.default);

  const bad = new Uint8Array(N);
  const personHousehold = new Int32Array(P);
  if (batch.people) for (let k = 0; k < N; k++) for (let j = batch.people.offsets[k]; j < batch.people.offsets[k + 1]; j++) personHousehold[j] = k;

  // Signature and columns: numbers at the widest scale present (up to 6 decimals; beyond, that household falls back).
  const signature: SlotType[] = [];
  const C: Column[] = [];
  for (const slot of layout.slots) {
    const dtype = dtypes.get(slot)?.dtype;
    const h = hh.get(slot);
    const p = pp.get(slot);
    const def = defaults.get(slot);
    const valueAt = (e: number): unknown => (e < N ? ((h ? rawAt(h, e) : undefined) ?? def) : p ? rawAt(p, e - N) : undefined);
    // People rows exist only for slots the batch gives per person; other slots stop after the households.
    const end = p ? n : N;
    const markBad = (e: number): void => {
      bad[e < N ? e : personHousehold[e - N]] = 1;
    };
    if (dtype === 'bool') {
      const col = new Uint8Array(n).fill(255);
      const defBit = def === true ? 1 : def === false ? 0 : 255;
      // Uint8Array input already uses the kernel's encoding (0/1, 255 = not given): copy it.
      if (h instanceof Uint8Array && (def === undefined || defBit !== 255) && (p === undefined || p instanceof Uint8Array)) {
        for (let e = 0; e < N; e++) {
          const v = h[e];
          col[e] = v === 255 ? defBit : v > 1 ? 0 : v;
          if (v > 1 && v !== 255) markBad(e);
        }
        if (p) {
          col.set(p.subarray(0, P), N);
          for (let j = 0; j < P; j++) if (p[j] > 1 && p[j] !== 255) markBad(N + j);
        }
        signature.push({ k: 'bool' });
        C.push(col);
        continue;
      }
      for (let e = 0; e < end; e++) {
        const v = valueAt(e);
        if (v === undefined) continue;
        if (typeof v === 'boolean') col[e] = v ? 1 : 0;
        else markBad(e);
      }
      signature.push({ k: 'bool' });
      C.push(col);
    } else if (dtype === 'text') {
      const col = new Array<string | undefined>(n).fill(undefined);
      // A string reads as text unless it looks like a number or a date (fromRaw); few distinct values, cached.
      const isText = new Map<string, boolean>();
      let last = '';
      const take = (v: unknown, e: number): void => {
        if (v === last && v !== '') {
          col[e] = v;
          return;
        }
        let ok = typeof v === 'string' ? isText.get(v) : false;
        if (ok === undefined) isText.set(v as string, (ok = fromRaw(v).k === 'text'));
        if (ok) {
          col[e] = v as string;
          last = v as string;
        } else markBad(e);
      };
      if (Array.isArray(h))
        for (let e = 0; e < N; e++) {
          const v = h[e] ?? def;
          if (v !== undefined) take(v, e);
        }
      else
        for (let e = 0; e < N; e++) {
          const v = valueAt(e);
          if (v !== undefined) take(v, e);
        }
      for (let e = N; e < end; e++) {
        const v = valueAt(e);
        if (v !== undefined) take(v, e);
      }
      signature.push({ k: 'text' });
      C.push(col);
    } else if (dtype === 'date') {
      const col = new Float64Array(n).fill(NaN);
      for (let e = 0; e < end; e++) {
        const v = valueAt(e);
        if (v === undefined) continue;
        const d = typeof v === 'string' ? isoToDays(v) : undefined;
        if (d !== undefined) col[e] = d;
        else markBad(e);
      }
      signature.push({ k: 'date' });
      C.push(col);
    } else if (dtype === 'decimal' || dtype === 'integer') {
      const raw = new Float64Array(n).fill(NaN);
      const defNum = typeof def === 'number' ? def : undefined;
      let s = 0;
      if (h instanceof Float64Array && (def === undefined || defNum !== undefined)) s = loadNumbers(h, 0, N, defNum, raw, 0, markBad, s);
      else
        for (let e = 0; e < N; e++) {
          const v = valueAt(e);
          if (v === undefined) continue;
          if (typeof v === 'number') s = loadNumbers(Float64Array.of(v), 0, 1, undefined, raw, e, markBad, s);
          else markBad(e);
        }
      if (p instanceof Float64Array) s = loadNumbers(p, 0, P, undefined, raw, N, markBad, s);
      else if (p)
        for (let e = N; e < n; e++) {
          const v = valueAt(e);
          if (v === undefined) continue;
          if (typeof v === 'number') s = loadNumbers(Float64Array.of(v), 0, 1, undefined, raw, e, markBad, s);
          else markBad(e);
        }
      if (s > 0) {
        const p10 = POW[s];
        for (let e = 0; e < n; e++) {
          const m = Math.round(raw[e] * p10);
          // A value exact at a smaller scale can outgrow the envelope once the column widens.
          if (m >= 1e15 || m <= -1e15) markBad(e);
          raw[e] = m;
        }
      }
      signature.push({ k: 'num', s });
      C.push(raw);
    } else {
      signature.push({ k: 'none' });
      C.push(new Float64Array(n).fill(NaN));
    }
  }

  // Relations: the person relation from the offsets; any other relation is empty.
  const R: Int32Array[] = [];
  for (const name of layout.relations) {
    const off = new Int32Array(n + 1);
    let mem = new Int32Array(0);
    if (name === rel && batch.people) {
      for (let e = 0; e <= n; e++) off[e] = e <= N ? batch.people.offsets[e] : P;
      mem = new Int32Array(P);
      for (let j = 0; j < P; j++) mem[j] = N + j;
    }
    R.push(off, mem);
  }

  const known = outputs.every((o) => program.derived.has(o));
  const kernel: FastKernel | undefined = known ? kernelFor(program, period, signature, outputs) : undefined;
  const rowRequest = (k: number): PackageRequest => {
    const inputs: Record<string, Record<string, unknown>> = { household: {} };
    for (const [slot, col] of hh) {
      const v = rawAt(col, k);
      if (v !== undefined) inputs.household[slot] = v;
    }
    const tuples: [string, string][] = [];
    if (batch.people) {
      for (let j = batch.people.offsets[k]; j < batch.people.offsets[k + 1]; j++) {
        const id = `person-${j - batch.people.offsets[k] + 1}`;
        const rec: Record<string, unknown> = {};
        for (const [slot, col] of pp) {
          const v = rawAt(col, j);
          if (v !== undefined) rec[slot] = v;
        }
        inputs[id] = rec;
        tuples.push([id, 'household']);
      }
    }
    return { inputs, relations: rel && batch.people ? { [rel]: tuples } : {} };
  };
  return { period, outputs, size: N, C, R, bad, kernel, rowRequest };
}

/** JSON rendering of a kernel output, as toJson renders the explain path's Value. */
export function jsonOf(t: Ty, col: OutputColumn, k: number): string | number | boolean {
  switch (t.k) {
    case 'num':
      return (col as Float64Array)[k];
    case 'judg': {
      const j = (col as Uint8Array)[k];
      return j === 2 ? 'holds' : j === 0 ? 'not_holds' : 'undetermined';
    }
    case 'bool':
      return (col as Uint8Array)[k] === 1;
    case 'date':
      return daysToIso((col as Float64Array)[k]);
    case 'text':
      return String((col as unknown[])[k]);
    case 'never':
      throw new Error('unreachable: a never-typed output always bails');
  }
}
