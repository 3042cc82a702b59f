/**
 * Columnar batch evaluation of a runtime package: N households (entities 0..N-1) and their people
 * (entities N..N+P-1, CSR offsets per household) in typed arrays, one kernel call per household, outputs in
 * typed arrays. Households the kernel cannot carry exactly (an input outside the envelope, an error) are
 * evaluated on the explain path one by one, so every row equals a single evaluatePackage call.
 */
import { evaluatePackage, type PackageRequest, type PackageResult, type RuntimePackage } from '../package/index.js';
import { parseTestPeriod } from '../testing/corpus-runner.js';
import type { Period } from '../explain/evaluate.js';
import { EvalError, daysToIso, fromRaw, isoToDays } from '../values.js';
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
 * One numeric column loaded straight into scaled integers at the column's scale (the widest scale among its
 * values, up to 6 decimals). A value exact at the current scale costs one multiply, round, divide and compare;
 * a value needing a wider scale rescales the rows written so far (at most six times per column). Rows whose
 * value is not exact within 1e15 at the final scale mark their household for the explain path.
 */
class NumberColumn {
  s = 0;
  p = 1;
  /** Rows [0, written) hold scaled values (or NaN). */
  private written = 0;
  constructor(
    readonly col: Float64Array,
    private readonly bad: Uint8Array,
    private readonly N: number,
    private readonly personHousehold: Int32Array,
  ) {}

  markBad(e: number): void {
    this.bad[e < this.N ? e : this.personHousehold[e - this.N]] = 1;
  }

  /** Rows at..at+count-1 from src[from..]; NaN = not given, then `def` (a number) or NaN. */
  fill(src: Float64Array, from: number, count: number, def: number, at: number): void {
    const col = this.col;
    let p = this.p;
    for (let i = 0; i < count; i++) {
      let v = src[from + i];
      if (v !== v) {
        v = def;
        if (v !== v) {
          col[at + i] = NaN;
          continue;
        }
      }
      const m = Math.round(v * p);
      if (m / p === v && m < 1e15 && m > -1e15) col[at + i] = m;
      else {
        this.written = at + i;
        this.slow(v, at + i);
        p = this.p;
      }
    }
    this.written = at + count;
  }

  /** One value from a generic array: NaN = not given, a number, or anything else (the explain path decides). */
  one(v: unknown, e: number): void {
    this.written = e;
    if (v !== v) {
      this.col[e] = NaN;
      this.written = e + 1;
      return;
    }
    if (typeof v !== 'number') {
      this.col[e] = NaN;
      this.markBad(e);
      return;
    }
    const m = Math.round(v * this.p);
    if (m / this.p === v && m < 1e15 && m > -1e15) this.col[e] = m;
    else this.slow(v, e);
    this.written = e + 1;
  }

  /** A value not exact at the current scale: widen the column (rescaling rows written so far) or mark it bad. */
  private slow(v: number, e: number): void {
    const col = this.col;
    col[e] = NaN;
    const vs = scaleOf(v);
    if (vs < 0 || Math.abs(v * POW[Math.max(vs, this.s)]) >= 1e15) {
      this.markBad(e);
      return;
    }
    if (vs > this.s) {
      const f = POW[vs - this.s];
      for (let r = 0; r < this.written; r++) {
        const m = col[r] * f;
        // Exact (integers below 2^53); a value exact at a smaller scale can outgrow the envelope once widened.
        if (m >= 1e15 || m <= -1e15) {
          col[r] = NaN;
          this.markBad(r);
        } else col[r] = m;
      }
      this.s = vs;
      this.p = POW[vs];
    }
    col[e] = Math.round(v * this.p);
  }
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
      // The last four accepted texts: codes repeat, so most values skip the Map.
      let t0: unknown = undefined;
      let t1: unknown = undefined;
      let t2: unknown = undefined;
      let t3: unknown = undefined;
      const take = (v: unknown, e: number): void => {
        if (v !== t0 && v !== t1 && v !== t2 && v !== t3) {
          let ok = typeof v === 'string' ? isText.get(v) : false;
          if (ok === undefined) isText.set(v as string, (ok = fromRaw(v).k === 'text'));
          if (!ok) {
            markBad(e);
            return;
          }
          t3 = t2;
          t2 = t1;
          t1 = t0;
          t0 = v;
        }
        col[e] = v as string;
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
      const num = new NumberColumn(new Float64Array(n), bad, N, personHousehold);
      const defNum = typeof def === 'number' ? def : NaN;
      if (h instanceof Float64Array && (def === undefined || typeof def === 'number')) num.fill(h, 0, N, defNum, 0);
      else
        for (let e = 0; e < N; e++) {
          const v = valueAt(e);
          if (v === undefined) num.one(NaN, e);
          else num.one(v, e);
        }
      if (p instanceof Float64Array) num.fill(p, 0, P, NaN, N);
      else if (p)
        for (let e = N; e < n; e++) {
          const v = valueAt(e);
          num.one(v === undefined ? NaN : v, e);
        }
      else num.col.fill(NaN, N);
      signature.push({ k: 'num', s: num.s });
      C.push(num.col);
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
