/**
 * One household at a time on the fast path, without building explain-path Values: a session holds the
 * kernel for one package, period and output list, and reusable one-household columns. Input names, null
 * handling and defaults follow packageDataset (compose.ts). `evaluate` returns undefined when the household
 * needs the explain path (a value outside the kernel's signature, or an error); the caller then runs it.
 */
import type { RuntimePackage } from '../../package/index.js';
import { parsePeriod } from '../../period.js';
import type { Period, TraceEntry } from '../../explain/evaluate.js';
import { daysToIso, isoToDays } from '../../values.js';
import { HouseholdPrograms, keysOf, makeLoader, makeOutputReader, MISS, OTHER_SHAPE, REFUSED, WRITTEN, type HouseholdProgram, type LoaderContext, type RecordLoader, type WriteOutcome } from '../input/loader.js';
import type { SlotType } from '../kernel/codegen.js';
import { BAIL } from '../kernel/helpers.js';
import { jsonOf } from './output-json.js';
import { kernelFor, layoutOf, type Column, type FastKernel, type OutputColumn, type TraceState } from '../kernel/kernel.js';
import { assembleTrace, traceState } from './trace.js';
import { relationName } from '../../syntax/ids.js';
import { BoundedMap } from '../../../domain/bounded-map.js';
import { POW } from '../input/scale.js';

export interface SessionOptions {
  readonly period?: string | Period;
  readonly outputs?: readonly string[];
  /** Decimal places carried for decimal inputs (a value with more falls back to the explain path). */
  readonly decimals?: number;
  readonly maxPeople?: number;
  /** Relation linking people to the household (default: the spec's `person_relation`). */
  readonly relation?: string;
}

type Json = Record<string, string | number | boolean>;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^[+-]?\d+(\.\d+)?$/;
/** Record shapes per session with generated loaders (household and people shapes together). */
const MAX_SHAPES = 32;
/** Records with more keys than any package has inputs (and aliases) get no generated code. */
const MAX_SHAPE_KEYS = 512;

/** Same names in the same order (output lists are compared on every request; most are the same array). */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The signature type of an input's dtype (decimals at the session's scale). */
function slotType(dtype: string | undefined, decimals: number): SlotType {
  if (dtype === 'bool' || dtype === 'text' || dtype === 'date') return { k: dtype };
  if (dtype === 'integer' || dtype === 'decimal') return { k: 'num', s: dtype === 'integer' ? 0 : decimals };
  return { k: 'none' };
}

export class PackageSession {
  private fastKernel: FastKernel | undefined;
  readonly period: Period;
  readonly outputs: readonly string[];
  private readonly nameToSlot = new Map<string, number>();
  private readonly C: Column[];
  private readonly R: Int32Array[];
  private readonly O: OutputColumn[];
  private readonly defaults: { index: number; value: unknown }[] = [];
  private readonly relIndex: number;
  private readonly maxPeople: number;
  private readonly sig: SlotType[];
  private traced: FastKernel | undefined;
  /** Trace memo per household size, reused run after run (runs are synchronous, so never shared by two). */
  private readonly traceStates = new Map<number, TraceState>();
  private readonly textOk = new BoundedMap<string, boolean>(1024);
  private readonly all: readonly number[];
  private readonly defaultsOk: boolean;
  /** Row 0's clean value per column (the encoded default, or not given); people rows: not given. */
  private readonly clean0: (number | string | undefined)[] = [];
  private readonly cleanP: (number | string | undefined)[] = [];
  /** Generated loaders per record shape (household rows and people rows), and the last one used of each. */
  private readonly loaders = new Map<string, RecordLoader>();
  private lastHousehold: RecordLoader | undefined;
  private lastPerson: RecordLoader | undefined;
  /** The loader that last wrote each row (its columns are the row's only non-clean cells). */
  private readonly rowLoader: (RecordLoader | undefined)[];
  /** Shapes beyond the loader cache go through the generic key-by-key path. */
  private readonly generic: RecordLoader;
  private readonly relOffsets: Int32Array | undefined;
  private readOutputs: (() => Json) | undefined;
  private fastRun: FastKernel['run'] | undefined;
  /** Whole-household programs per pair of shapes (made once the kernel runs), and the one last used. */
  private programs: HouseholdPrograms | undefined;
  private program: HouseholdProgram | undefined;
  constructor(readonly pkg: RuntimePackage, options: SessionOptions = {}) {
    const program = pkg.program;
    this.period = typeof options.period === 'object' ? options.period : parsePeriod(options.period ?? pkg.spec.period);
    this.outputs = [...(options.outputs ?? pkg.spec.outputs)];
    for (const o of this.outputs) if (!program.derived.has(o)) throw new Error(`output "${o}" is not a derived rule of this package`);
    const layout = layoutOf(program);
    const decimals = Math.min(Math.max(options.decimals ?? 2, 0), 6);
    const dtype = new Map(pkg.inputs.map((i) => [i.slot, i.dtype]));
    this.sig = layout.slots.map((s) => slotType(dtype.get(s), decimals));
    for (const c of pkg.inputCatalog) for (const a of [c.slot, ...c.accepted]) if (layout.slotIndex.has(c.slot)) this.nameToSlot.set(a, layout.slotIndex.get(c.slot)!);
    for (const s of layout.slots) this.nameToSlot.set(s, layout.slotIndex.get(s)!);
    for (const i of pkg.inputs) if (i.default !== undefined && layout.slotIndex.has(i.slot)) this.defaults.push({ index: layout.slotIndex.get(i.slot)!, value: i.default });
    this.maxPeople = options.maxPeople ?? 100;
    const n = 1 + this.maxPeople;
    this.C = this.sig.map((t) => (t.k === 'bool' || t.k === 'judg' ? new Uint8Array(n) : t.k === 'text' ? new Array<string | undefined>(n) : new Float64Array(n)));
    const rawRel = options.relation ?? pkg.spec.profile.person.relation ?? '';
    const rel = relationName(rawRel);
    this.relIndex = layout.relationIndex.get(rel) ?? -1;
    this.R = [];
    for (let r = 0; r < layout.relations.length; r++) {
      const mem = new Int32Array(this.maxPeople);
      for (let j = 0; j < this.maxPeople; j++) mem[j] = 1 + j;
      this.R.push(new Int32Array(n + 1), mem);
    }
    // One cell per output (row 0); plain arrays take any kernel value, so no kernel is needed to size them.
    this.O = this.outputs.map(() => [0] as unknown[]);
    this.all = this.outputs.map((_, j) => j);
    this.relOffsets = this.relIndex >= 0 ? this.R[2 * this.relIndex] : undefined;
    // Clean columns: not given everywhere, then the defaults encoded once on row 0.
    for (const col of this.C) {
      if (col instanceof Float64Array) col.fill(NaN);
      else if (col instanceof Uint8Array) col.fill(255);
      else col.fill(undefined);
    }
    let ok = true;
    for (const d of this.defaults) if (!this.put(d.index, 0, d.value)) ok = false;
    this.defaultsOk = ok;
    for (const col of this.C) {
      this.clean0.push(col[0]);
      this.cleanP.push(col instanceof Float64Array ? NaN : col instanceof Uint8Array ? 255 : undefined);
    }
    this.rowLoader = new Array<RecordLoader | undefined>(n).fill(undefined);
    this.generic = {
      keys: [],
      match: () => false,
      write: (rec, e) => {
        this.resetRow(e);
        return this.record(rec, e) ? WRITTEN : REFUSED;
      },
      undo: (e) => this.resetRow(e),
      // Never the inline path: the session picks a loader per record (finishRow).
      load: () => OTHER_SHAPE,
      loadRows: (_records, j) => j,
    };
  }

  /** A string is text unless fromRaw would read it as a number or a date; codes repeat, so the answer is cached. */
  private isText(raw: string): boolean {
    let ok = this.textOk.get(raw);
    if (ok === undefined) {
      ok = !NUMERIC.test(raw) && !(ISO_DATE.test(raw) && isoToDays(raw) !== undefined);
      this.textOk.set(raw, ok);
    }
    return ok;
  }

  /** Writes one raw JSON value; false when it is outside the signature (the explain path decides). */
  private put(slot: number, e: number, raw: unknown): boolean {
    const t = this.sig[slot];
    const col = this.C[slot];
    switch (t.k) {
      case 'num': {
        let x: number;
        if (typeof raw === 'number') x = raw;
        else if (typeof raw === 'string' && NUMERIC.test(raw) && !ISO_DATE.test(raw)) return false;
        else return false;
        const p = POW[t.s];
        if (Number.isInteger(x)) {
          // Integers need no exactness check: x * p is exact below 1e15.
          const m = x * p;
          if (!(m < 1e15 && m > -1e15)) return false;
          (col as Float64Array)[e] = m;
          return true;
        }
        const m = Math.round(x * p);
        if (m / p !== x || !(Math.abs(m) < 1e15)) return false;
        (col as Float64Array)[e] = m;
        return true;
      }
      case 'bool':
        if (typeof raw !== 'boolean') return false;
        (col as Uint8Array)[e] = raw ? 1 : 0;
        return true;
      case 'text': {
        if (typeof raw !== 'string' || !this.isText(raw)) return false;
        (col as (string | undefined)[])[e] = raw;
        return true;
      }
      case 'date': {
        const d = typeof raw === 'string' && ISO_DATE.test(raw) ? isoToDays(raw) : undefined;
        if (d === undefined) return false;
        (col as Float64Array)[e] = d;
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * Puts row e back to its clean state in every column (row 0: defaults; people: not given). Only needed after
   * the generic loader, which may touch any column.
   */
  private resetRow(e: number): void {
    const C = this.C;
    for (let i = 0; i < C.length; i++) {
      const col = C[i];
      if (col instanceof Float64Array) col[e] = e === 0 ? this.clean0[i] as number : NaN;
      else if (col instanceof Uint8Array) col[e] = e === 0 ? this.clean0[i] as number : 255;
      else col[e] = e === 0 ? this.clean0[i] as string | undefined : undefined;
    }
  }

  /** The fast-mode kernel (generated on first use; trace-only sessions never generate it). */
  get kernel(): FastKernel {
    return (this.fastKernel ??= kernelFor(this.pkg.program, this.period, this.sig, this.outputs));
  }

  /**
   * Outputs for one household: `household` maps input names (bare slot or accepted id) to JSON values;
   * each entry of `people` is one member of the person relation. Undefined: use the explain path.
   */
  evaluate(household: Readonly<Record<string, unknown>>, people: readonly Readonly<Record<string, unknown>>[] = []): Json | undefined {
    const answer = this.program === undefined ? MISS : this.program(household, people);
    if (answer !== MISS) return answer;
    if (!this.load(household, people)) return undefined;
    const run = (this.fastRun ??= this.kernel.run);
    try {
      run(this.C, this.R, 0, this.O, 0);
    } catch (e) {
      if (e !== BAIL) throw e;
      return undefined;
    }
    const outputs = (this.readOutputs ??= this.outputReader())();
    // The next household of the same shapes runs as one generated program (the generic loader has none).
    const h = this.lastHousehold;
    this.program = h === undefined || h === this.generic ? undefined : this.programSet(run).programFor(h, this.lastPerson === this.generic ? undefined : this.lastPerson);
    return outputs;
  }

  private programSet(run: FastKernel['run']): HouseholdPrograms {
    // The site object is built on the first miss only (`??=` skips its right side once programs exist).
    return (this.programs ??= new HouseholdPrograms({ columns: this.C, relations: this.R, outputs: this.O, rowLoader: this.rowLoader, offsets: this.relOffsets, maxPeople: this.maxPeople, run, read: this.readOutputs!, bail: BAIL, context: (kind) => this.loaderContext(kind) }, MAX_SHAPES));
  }

  /**
   * Outputs and the explain path's trace, from the trace-mode kernel (rules evaluated lazily in the explain
   * path's order). `ids`: the household's entity id, then each person's id; give people sorted by id, the
   * order the explain path visits relation members in. Undefined: use the explain path.
   */
  evaluateTraced(
    household: Readonly<Record<string, unknown>>,
    people: readonly Readonly<Record<string, unknown>>[],
    ids: readonly string[],
    select: readonly number[] = this.all,
  ): { outputs: Json; trace: TraceEntry[] } | undefined {
    if (!this.load(household, people)) return undefined;
    this.traced ??= kernelFor(this.pkg.program, this.period, this.sig, this.outputs, 'trace');
    const S = this.freshTraceState(1 + people.length);
    try {
      this.traced.run(this.C, this.R, 0, this.O, 0, S, select);
    } catch (e) {
      if (e !== BAIL) throw e;
      return undefined;
    }
    const trace = assembleTrace(this.pkg.program, this.period, this.traced, S, ids);
    if (!trace) return undefined;
    const out: Json = {};
    for (const j of select) out[this.outputs[j]] = jsonOf(this.traced.outputTypes[j], this.O[j], 0);
    return { outputs: out, trace };
  }

  /** A cleared trace memo for `entities` entities: nothing memoised, nothing recorded. */
  private freshTraceState(entities: number): TraceState {
    let S = this.traceStates.get(entities);
    if (S === undefined) {
      S = traceState(this.pkg.program, entities);
      this.traceStates.set(entities, S);
      return S;
    }
    // Values are only read where their done flag is set, so clearing the flags clears the memo.
    S.d.fill(0);
    S.t = [];
    S.cur = [];
    return S;
  }

  /** Indexes of `names` in this session's output list (for `evaluateTraced`); the last answer is reused. */
  selection(names: readonly string[]): readonly number[] {
    const last = this.lastSelection;
    if (last !== undefined && sameList(last.names, names)) return last.select;
    const select = names.map((o) => this.outputs.indexOf(o));
    this.lastSelection = { names: [...names], select };
    return select;
  }

  private lastSelection: { names: readonly string[]; select: readonly number[] } | undefined;

  /** The output object of row 0: a generated object literal, or key by key for names that are not identifiers. */
  private outputReader(): () => Json {
    const kernel = this.kernel;
    return makeOutputReader(this.outputs, kernel.outputTypes, this.O, daysToIso) ?? (() => this.outputsByKey(kernel));
  }

  private outputsByKey(kernel: FastKernel): Json {
    const out: Json = {};
    const types = kernel.outputTypes;
    for (let j = 0; j < types.length; j++) out[this.outputs[j]] = jsonOf(types[j], this.O[j], 0);
    return out;
  }

  /**
   * Fills the one-household columns; false when a value is outside the signature. Each row is rewritten by
   * the generated loader of its record's shape; a row last written by another shape is first put back clean
   * (only that shape's columns). Rows past this household's people are never read (no relation reaches them).
   */
  private load(household: Readonly<Record<string, unknown>>, people: readonly Readonly<Record<string, unknown>>[]): boolean {
    const np = people.length;
    if (np > this.maxPeople || (np > 0 && this.relIndex < 0) || !this.defaultsOk) return false;
    // Inline: the record has the last one's shape and its row was last written by that shape's loader.
    const rows = this.rowLoader;
    const h = this.lastHousehold;
    const written = h !== undefined && rows[0] === h ? h.load(household, 0) : undefined;
    if (written !== WRITTEN && !this.finishRow(household, 0, 0, written)) return false;
    for (let j = 0; j < np; j++) {
      const p = this.lastPerson;
      if (p !== undefined) j = p.loadRows(people, j, rows, 1);
      if (j < np && !this.finishRow(people[j], 1 + j, 1, undefined)) return false;
    }
    // The person relation: the household (entity 0) has members 1..np, each member none. Other relations stay empty.
    const off = this.relOffsets;
    if (off !== undefined) for (let e = 1; e <= np + 1; e++) off[e] = np;
    return true;
  }

  /**
   * Row e after the inline attempt (`written`: its outcome, or undefined when it did not apply): REFUSED stays
   * refused; otherwise the loader of the record's shape (the last one of its kind if it matches, else the one made
   * for the shape) writes the row, and a record that loader still finds another shape (a key it enumerates reads
   * undefined without being its own, e.g. an enumerable key inherited from the prototype) goes key by key.
   */
  private finishRow(rec: Readonly<Record<string, unknown>>, e: number, kind: 0 | 1, written: WriteOutcome | undefined): boolean {
    if (written === REFUSED) return false;
    if (written === undefined) {
      const last = kind === 0 ? this.lastHousehold : this.lastPerson;
      written = this.writeRow(last !== undefined && last.match(rec) ? last : this.remember(kind, this.loaderFor(rec, kind)), rec, e);
    }
    if (written === OTHER_SHAPE) written = this.writeRow(this.remember(kind, this.loaderFor(rec, kind)), rec, e);
    return written === WRITTEN || (written === OTHER_SHAPE && this.writeRow(this.generic, rec, e) === WRITTEN);
  }

  /** Makes `loader` the last one used for its kind of row (household or person). */
  private remember(kind: 0 | 1, loader: RecordLoader): RecordLoader {
    return kind === 0 ? (this.lastHousehold = loader) : (this.lastPerson = loader);
  }

  private writeRow(w: RecordLoader, rec: Readonly<Record<string, unknown>>, e: number): WriteOutcome {
    const prev = this.rowLoader[e];
    if (prev !== w) {
      if (prev !== undefined) prev.undo(e);
      this.rowLoader[e] = w;
    }
    return w.write(rec, e);
  }

  /** The generated loader for a record's shape (row 0 or people rows), made on first sight of the shape. */
  private loaderFor(rec: Readonly<Record<string, unknown>>, kind: 0 | 1): RecordLoader {
    const keys = keysOf(rec);
    const id = `${kind}${JSON.stringify(keys)}`;
    const hit = this.loaders.get(id);
    if (hit) return hit;
    // Requests choose their keys: bound the generated code per session; further shapes use the generic path.
    if (this.loaders.size >= MAX_SHAPES || keys.length > MAX_SHAPE_KEYS) return this.generic;
    const loader = makeLoader(keys, this.loaderContext(kind));
    this.loaders.set(id, loader);
    return loader;
  }

  private loaderContext(kind: 0 | 1): LoaderContext {
    const dayOf = (v: string): number | undefined => (ISO_DATE.test(v) ? isoToDays(v) : undefined);
    return { columns: this.C, signature: this.sig, slotOf: (k) => this.slotOf(k), clean: kind === 0 ? this.clean0 : this.cleanP, isText: (v) => this.isText(v), dayOf };
  }

  /** Writes one record's values on entity e, key by key (the generic path). */
  private record(rec: Readonly<Record<string, unknown>>, e: number): boolean {
    for (const key in rec) {
      const raw = rec[key];
      if (raw === null || raw === undefined) continue;
      const slot = this.slotOf(key);
      if (slot === undefined || !this.put(slot, e, raw)) return false;
    }
    return true;
  }

  private slotOf(key: string): number | undefined {
    const s = this.nameToSlot.get(key);
    if (s !== undefined) return s;
    const hash = key.indexOf('#input.');
    return hash >= 0 ? this.nameToSlot.get(key.slice(hash + 7)) : undefined;
  }
}
