/**
 * Loading one input slot of a columnar batch into a kernel column (see batch.ts): Booleans as bytes, text as
 * strings, dates as day numbers, numbers as scaled integers at the column's widest scale. A value the column cannot
 * hold exactly marks its household bad (the explain path evaluates that household).
 */
import { fromRaw, isoToDays } from '../../values.js';
import type { SlotType } from '../kernel/codegen.js';
import type { Column } from '../kernel/columns.js';
import { POW, scaleOf } from './scale.js';

export type RawColumn = Float64Array | Uint8Array | readonly (string | boolean | number | undefined | null)[];

/** One slot's raw inputs: the household part (h, rows 0..N-1), the person part (p, rows N..n-1) and its default. */
export interface SlotInput {
  readonly h: RawColumn | undefined;
  readonly p: RawColumn | undefined;
  readonly def: unknown;
  /** Households, people, and entities (N + P). */
  readonly N: number;
  readonly P: number;
  readonly n: number;
  /** People rows exist only for slots the batch gives per person; other slots stop after the households. */
  readonly end: number;
  readonly bad: Uint8Array;
  /** Person row j belongs to household personHousehold[j]. */
  readonly personHousehold: Int32Array;
  valueAt(e: number): unknown;
  markBad(e: number): void;
  /** Where the column's typed array comes from (every cell is written whatever it held). */
  readonly arrays: ColumnArrays;
}

/** Typed arrays for one batch's columns, `n` cells each: new ones, or ones an earlier batch gave back. */
export interface ColumnArrays {
  f64(n: number): Float64Array;
  u8(n: number): Uint8Array;
}

/** Every array new (a loaded batch handed to a caller keeps its columns). */
export const NEW_ARRAYS: ColumnArrays = { f64: (n) => new Float64Array(n), u8: (n) => new Uint8Array(n) };

/** Arrays of one kind a pool keeps at most (a program has far fewer input slots). */
const MAX_POOLED = 256;

/**
 * Typed column arrays a finished batch gave back, lent to the next batch of the same entity count: allocating and
 * freeing some thirty arrays of N + P cells per batch is a third of loading it. Held through a WeakRef: a run of
 * batches in one synchronous job reuses them (V8 keeps a WeakRef's target until the job ends); after it, a
 * collection may free them, so the program owning the pool never pins a batch's memory.
 */
export class ColumnPool {
  private ref: WeakRef<{ readonly n: number; readonly f64: Float64Array[]; readonly u8: Uint8Array[] }> | undefined;

  /** Arrays for a batch of n entities: pooled ones first, taken out of the pool (no two batches share one). */
  lend(n: number): ColumnArrays {
    const held = this.ref?.deref();
    const spare = held !== undefined && held.n === n ? held : undefined;
    return {
      f64: (m) => (m === n ? spare?.f64.pop() : undefined) ?? new Float64Array(m),
      u8: (m) => (m === n ? spare?.u8.pop() : undefined) ?? new Uint8Array(m),
    };
  }

  /** Keeps a finished batch's typed columns of n cells for the next batch; nothing else may still hold them. */
  giveBack(n: number, columns: readonly Column[]): void {
    let held = this.ref?.deref();
    if (held === undefined || held.n !== n) this.ref = new WeakRef((held = { n, f64: [], u8: [] }));
    for (const col of columns) {
      if (col.length !== n) continue;
      if (col instanceof Float64Array && held.f64.length < MAX_POOLED) held.f64.push(col);
      else if (col instanceof Uint8Array && held.u8.length < MAX_POOLED) held.u8.push(col);
    }
  }
}

export interface LoadedColumn {
  readonly type: SlotType;
  readonly col: Column;
}

export function slotInput(
  h: RawColumn | undefined,
  p: RawColumn | undefined,
  def: unknown,
  N: number,
  P: number,
  bad: Uint8Array,
  personHousehold: Int32Array,
  arrays: ColumnArrays = NEW_ARRAYS,
): SlotInput {
  return {
    arrays,
    h,
    p,
    def,
    N,
    P,
    n: N + P,
    end: p ? N + P : N,
    bad,
    personHousehold,
    valueAt: (e: number): unknown => (e < N ? ((h ? rawAt(h, e) : undefined) ?? def) : p ? rawAt(p, e - N) : undefined),
    markBad: (e: number): void => {
      bad[e < N ? e : personHousehold[e - N]] = 1;
    },
  };
}

/** The slot's kernel column and signature type for its declared dtype (no dtype: an all-missing column). */
export function slotColumn(dtype: string | undefined, s: SlotInput): LoadedColumn {
  switch (dtype) {
    case 'bool':
      return boolColumn(s);
    case 'text':
      return textColumn(s);
    case 'date':
      return dateColumn(s);
    case 'decimal':
    case 'integer':
      return numberColumn(s);
    default:
      return { type: { k: 'none' }, col: s.arrays.f64(s.n).fill(NaN) };
  }
}

function boolColumn(s: SlotInput): LoadedColumn {
  const { h, p, def, N, P, n, end, valueAt, markBad } = s;
  const col = s.arrays.u8(n).fill(255);
  const defBit = def === true ? 1 : def === false ? 0 : 255;
  // A default that is not a Boolean marks every household without a value: the generic path does that.
  if (def !== undefined && defBit === 255) {
    for (let e = 0; e < end; e++) boolAt(col, e, valueAt(e), markBad);
    return { type: { k: 'bool' }, col };
  }
  // Households: a Uint8Array already uses the kernel's encoding (0/1, 255 = not given); no column: the default.
  if (h instanceof Uint8Array)
    for (let e = 0; e < N; e++) {
      const v = h[e];
      col[e] = v === 255 ? defBit : v > 1 ? 0 : v;
      if (v > 1 && v !== 255) markBad(e);
    }
  else if (h === undefined) col.fill(defBit, 0, N);
  else for (let e = 0; e < N; e++) boolAt(col, e, valueAt(e), markBad);
  if (p instanceof Uint8Array) {
    col.set(p.subarray(0, P), N);
    for (let j = 0; j < P; j++) if (p[j] > 1 && p[j] !== 255) markBad(N + j);
  } else if (p !== undefined) for (let e = N; e < end; e++) boolAt(col, e, valueAt(e), markBad);
  return { type: { k: 'bool' }, col };
}

/** One raw value into a Boolean column: not given stays 255; anything but a Boolean sends its household to the explain path. */
function boolAt(col: Uint8Array, e: number, v: unknown, markBad: (e: number) => void): void {
  if (v === undefined) return;
  if (typeof v === 'boolean') col[e] = v ? 1 : 0;
  else markBad(e);
}

function textColumn(s: SlotInput): LoadedColumn {
  const { h, p, def, N, end, valueAt, markBad } = s;
  // Only the rows the batch can give (households, and people when it gives this slot per person): a read past
  // the end is undefined, the same "not given" the kernel sees in a filled cell. Arrays past 16,384 elements are
  // large objects, several times dearer to allocate, so a household-only column stays below that longer.
  const col = new Array<string | undefined>(end).fill(undefined);
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
  else if (h === undefined) {
    // Every household takes the default (or none): classified once.
    if (def !== undefined && N > 0) {
      take(def, 0);
      if (col[0] === def) col.fill(def as string, 1, N);
      else for (let e = 1; e < N; e++) markBad(e);
    }
  } else
    for (let e = 0; e < N; e++) {
      const v = valueAt(e);
      if (v !== undefined) take(v, e);
    }
  if (Array.isArray(p))
    for (let e = N; e < end; e++) {
      const v = p[e - N];
      if (v !== undefined && v !== null) take(v, e);
    }
  else
    for (let e = N; e < end; e++) {
      const v = valueAt(e);
      if (v !== undefined) take(v, e);
    }
  return { type: { k: 'text' }, col };
}

function dateColumn(s: SlotInput): LoadedColumn {
  const { n, end, valueAt, markBad } = s;
  const col = s.arrays.f64(n).fill(NaN);
  for (let e = 0; e < end; e++) {
    const v = valueAt(e);
    if (v === undefined) continue;
    const d = typeof v === 'string' ? isoToDays(v) : undefined;
    if (d !== undefined) col[e] = d;
    else markBad(e);
  }
  return { type: { k: 'date' }, col };
}

function numberColumn(s: SlotInput): LoadedColumn {
  const { h, p, def, N, P, n, bad, personHousehold, valueAt } = s;
  const num = new NumberColumn(s.arrays.f64(n), bad, N, personHousehold);
  const defNum = typeof def === 'number' ? def : NaN;
  if (h instanceof Float64Array && (def === undefined || typeof def === 'number')) num.fill(h, 0, N, defNum, 0);
  // No household column: every household takes the default (or none), converted once.
  else if (h === undefined && (def === undefined || typeof def === 'number')) num.constant(defNum, 0, N);
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
  return { type: { k: 'num', s: num.s }, col: num.col };
}

export function rawAt(col: RawColumn, i: number): unknown {
  const v = col[i];
  if (col instanceof Uint8Array) return v === 255 ? undefined : v === 1;
  if (col instanceof Float64Array) return v !== v ? undefined : v;
  return v === null ? undefined : v;
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

  /** Rows at..at+count-1 all `v` (NaN = not given): one conversion, then a fill; a value out of the envelope marks every row. */
  constant(v: number, at: number, count: number): void {
    if (count === 0) return;
    this.one(v, at);
    const m = this.col[at];
    if (m !== m && v === v) for (let e = at + 1; e < at + count; e++) this.markBad(e);
    this.col.fill(m, at + 1, at + count);
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

