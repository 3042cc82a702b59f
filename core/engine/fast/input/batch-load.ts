/**
 * Loading a columnar batch (N households as entities 0..N-1 and their people as entities N..N+P-1, CSR offsets per
 * household) into a kernel's columns and signature: each input slot by input/batch-columns.ts, the person relation
 * from the batch's offsets. A household with a value the kernel cannot carry exactly is marked refused (the explain
 * path evaluates it), with its explain-path request at hand.
 */
import type { PackageRequest, RuntimePackage } from '../../package/index.js';
import { parsePeriod } from '../../period.js';
import type { Period } from '../../explain/evaluate.js';
import type { SlotType } from '../kernel/codegen.js';
import { kernelFor, layoutOf, type FastKernel, type ProgramLayout } from '../kernel/kernel.js';
import { type Column } from '../kernel/columns.js';
import { relationName } from '../../syntax/ids.js';
import { NEW_ARRAYS, rawAt, slotColumn, slotInput, type ColumnArrays, type RawColumn } from './batch-columns.js';

export type { RawColumn } from './batch-columns.js';

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
  const raw = explicit ?? pkg.spec.profile.person.relation;
  return raw === undefined ? undefined : relationName(raw);
}

/** A batch loaded into kernel columns: run `kernel.run(columns, relations, k, outputs, k)` for household k unless refused[k]. */
export interface LoadedBatch {
  readonly period: Period;
  readonly outputs: readonly string[];
  readonly size: number;
  readonly columns: readonly Column[];
  readonly relations: readonly Int32Array[];
  /** 1 for a household with a value outside the kernel's signature (the explain path evaluates it). */
  readonly refused: Uint8Array;
  readonly kernel?: FastKernel;
  /** The household as an explain-path request (for fallback). */
  rowRequest(k: number): PackageRequest;
}

/**
 * Loads a columnar batch into the kernel's layout and signature (numbers scaled, people as CSR): new arrays unless
 * `arrays` lends some (evaluatePackageBatch lends pooled ones, since its columns never leave it).
 */
export function loadBatch(pkg: RuntimePackage, batch: HouseholdColumns, options: BatchOptions = {}, arrays: ColumnArrays = NEW_ARRAYS): LoadedBatch {
  const program = pkg.program;
  const period: Period = typeof options.period === 'object' ? options.period : parsePeriod(options.period ?? pkg.spec.period);
  const outputs = [...(options.outputs ?? pkg.spec.outputs)];
  const N = batch.size;
  const P = batch.people ? batch.people.offsets[N] : 0;
  const layout = layoutOf(program);
  const dtypes = slotDtypes(pkg);
  const rel = personRelation(pkg, options.relation);
  const { hh, pp, defaults } = rawInputs(pkg, batch);
  const refused = new Uint8Array(N);
  const personHousehold = personHouseholds(batch, N, P);

  // Signature and columns: numbers at the widest scale present (up to 6 decimals; beyond, that household falls back).
  const signature: SlotType[] = [];
  const columns: Column[] = [];
  for (const slot of layout.slots) {
    const loaded = slotColumn(dtypes.get(slot)?.dtype, slotInput(hh.get(slot), pp.get(slot), defaults.get(slot), N, P, refused, personHousehold, arrays));
    signature.push(loaded.type);
    columns.push(loaded.col);
  }
  const relations = relationColumns(layout, rel, batch, N, P);
  const known = outputs.every((o) => program.derived.has(o));
  const kernel: FastKernel | undefined = known ? kernelFor(program, period, signature, outputs) : undefined;
  return { period, outputs, size: N, columns, relations, refused, kernel, rowRequest: (k) => rowRequest(hh, pp, batch, rel, k) };
}

/** Raw columns per slot (household part and person part, accepted names resolved) and the inputs' defaults. */
function rawInputs(pkg: RuntimePackage, batch: HouseholdColumns): { hh: Map<string, RawColumn>; pp: Map<string, RawColumn>; defaults: Map<string, unknown> } {
  const slotOf = nameToSlot(pkg);
  const hh = new Map<string, RawColumn>();
  for (const [name, col] of Object.entries(batch.household)) hh.set(slotOf.get(name) ?? name, col);
  const pp = new Map<string, RawColumn>();
  for (const [name, col] of Object.entries(batch.people?.inputs ?? {})) pp.set(slotOf.get(name) ?? name, col);
  const defaults = new Map<string, unknown>();
  for (const i of pkg.inputs) if (i.default !== undefined) defaults.set(i.slot, i.default);
  return { hh, pp, defaults };
}

/** Person row j → the household it belongs to. */
function personHouseholds(batch: HouseholdColumns, N: number, P: number): Int32Array {
  const personHousehold = new Int32Array(P);
  if (batch.people) for (let k = 0; k < N; k++) for (let j = batch.people.offsets[k]; j < batch.people.offsets[k + 1]; j++) personHousehold[j] = k;
  return personHousehold;
}

/**
 * CSR pairs per relation: the person relation from the batch's offsets; a reversed relation of it (kernel.ts
 * reversedRelations) gives each person its household; any other relation is empty.
 */
function relationColumns(layout: ProgramLayout, rel: string | undefined, batch: HouseholdColumns, N: number, P: number): Int32Array[] {
  const n = N + P;
  const R: Int32Array[] = [];
  const people = batch.people;
  layout.relations.forEach((name, r) => {
    const off = new Int32Array(n + 1);
    let mem = new Int32Array(0);
    const source = layout.reversed.find((x) => x.index === r)?.source;
    if (name === rel && people) {
      for (let e = 0; e <= n; e++) off[e] = e <= N ? people.offsets[e] : P;
      mem = new Int32Array(P);
      for (let j = 0; j < P; j++) mem[j] = N + j;
    } else if (source !== undefined && layout.relations[source] === rel && people) {
      // Households have none (offsets 0 up to N); person j (entity N + j) has its household.
      for (let j = 0; j < P; j++) off[N + j + 1] = j + 1;
      mem = new Int32Array(P);
      for (let k = 0; k < N; k++) for (let j = people.offsets[k]; j < people.offsets[k + 1]; j++) mem[j] = k;
    }
    R.push(off, mem);
  });
  return R;
}

/** Household k as an explain-path request (for fallback). */
function rowRequest(hh: ReadonlyMap<string, RawColumn>, pp: ReadonlyMap<string, RawColumn>, batch: HouseholdColumns, rel: string | undefined, k: number): PackageRequest {
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
}
