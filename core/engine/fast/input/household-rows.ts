/**
 * The reusable one-household columns of a session: row 0 is the household, rows 1.. its people, in the kernel's
 * column layout and input signature. `load` writes a household and its people from raw JSON records; each row is
 * rewritten by the generated loader of its record's shape (input/emit/record-loader.ts), and a row last written by
 * another shape is first put back clean (only that shape's columns). Input names, null handling and defaults follow
 * packageDataset (package/compose.ts); a value outside the signature makes `load` answer false (the explain path
 * decides).
 */
import type { RuntimePackage } from '../../package/index.js';
import { isoToDays } from '../../values.js';
import type { SlotType } from '../kernel/codegen.js';
import type { ProgramLayout } from '../kernel/kernel.js';
import type { Column } from '../kernel/columns.js';
import { BoundedMap } from '../../../domain/bounded-map.js';
import { keysOf, OTHER_SHAPE, REFUSED, WRITTEN, type InputRecord, type LoaderContext, type RecordLoader, type WriteOutcome } from './record-loader.js';
import { makeLoader } from './emit/record-loader.js';
import { makeRelationLinker, type RelationFacts } from './emit/relation-links.js';
import { POW } from './scale.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^[+-]?\d+(\.\d+)?$/;
/** Record shapes per session with generated loaders (household and people shapes together). */
export const MAX_SHAPES = 32;
/** Records with more keys than any package has inputs (and aliases) get no generated code. */
const MAX_SHAPE_KEYS = 512;

/** Which rows a record is for: the household's (row 0) or a person's. */
export type RowKind = 0 | 1;

/** The signature type of an input's dtype (decimals at the given scale). */
export function slotType(dtype: string | undefined, decimals: number): SlotType {
  if (dtype === 'bool' || dtype === 'text' || dtype === 'date') return { k: dtype };
  if (dtype === 'integer' || dtype === 'decimal') return { k: 'num', s: dtype === 'integer' ? 0 : decimals };
  return { k: 'none' };
}

/** The column an input of a type is held in, `rows` cells long. */
function columnFor(type: SlotType, rows: number): Column {
  return type.k === 'bool' || type.k === 'judg' ? new Uint8Array(rows) : type.k === 'text' ? new Array<string | undefined>(rows) : new Float64Array(rows);
}

/** "Not given" in a column of its kind. */
function missingIn(column: Column): number | undefined {
  return column instanceof Float64Array ? NaN : column instanceof Uint8Array ? 255 : undefined;
}

export class HouseholdRows {
  /** Input columns (one per slot of the program's layout), 1 + maxPeople rows each. */
  readonly columns: Column[];
  /**
   * Relation CSR pairs in the layout's order: each data relation the request gives (`given`) has every person as a
   * member of the household, the others none; a reversed relation gives each person the household when its source
   * does (kernel.ts reversedRelations).
   */
  readonly relations: Int32Array[] = [];
  /**
   * 1 for each data relation (layout index) the next household gives, else 0 (set per household by `give`; default:
   * the person relation alone). The relation links (input/emit/relation-links.ts) read it.
   */
  readonly givenMask: Uint8Array;
  /** The data relations and the reversed ones, as the relation links are made over. */
  readonly relationFacts: RelationFacts;
  private readonly personOnly: readonly number[];
  /** Whether givenMask is the person relation alone (the default), so the common case rewrites nothing. */
  private personOnlyGiven = true;
  /**
   * The relations of a household of `np` people (input/emit/relation-links.ts): in each given relation the household
   * (entity 0) has members 1..np and each member none; the relations not given stay empty; a reversed relation lists
   * the household for each person when its source is given.
   */
  readonly linkPeople: (np: number) => void;
  /** The person relation's offsets, or undefined when the program has no such relation. */
  readonly personOffsets: Int32Array | undefined;
  /** The loader that last wrote each row (its columns are the row's only non-clean cells). */
  readonly rowLoader: (RecordLoader | undefined)[];
  /** The loader last used for the household row and for a person row. */
  lastHousehold: RecordLoader | undefined;
  lastPerson: RecordLoader | undefined;
  /** Shapes beyond the loader cache go through this key-by-key loader (no generated code). */
  readonly generic: RecordLoader;
  private readonly nameToSlot = new Map<string, number>();
  private readonly personRelation: number;
  /** Whether every default fits the signature (else every household goes to the explain path). */
  private readonly defaultsOk: boolean;
  /** Row 0's clean value per column (the encoded default, or not given); people rows: not given. */
  private readonly householdClean: (number | string | undefined)[] = [];
  private readonly personClean: (number | string | undefined)[] = [];
  private readonly loaders = new Map<string, RecordLoader>();
  private readonly textOk = new BoundedMap<string, boolean>(1024);

  constructor(
    pkg: RuntimePackage,
    layout: ProgramLayout,
    readonly signature: readonly SlotType[],
    readonly maxPeople: number,
    relation: string,
  ) {
    for (const c of pkg.inputCatalog) for (const a of [c.slot, ...c.accepted]) if (layout.slotIndex.has(c.slot)) this.nameToSlot.set(a, layout.slotIndex.get(c.slot)!);
    for (const s of layout.slots) this.nameToSlot.set(s, layout.slotIndex.get(s)!);
    const rows = 1 + maxPeople;
    this.columns = signature.map((t) => columnFor(t, rows));
    this.personRelation = layout.relationIndex.get(relation) ?? -1;
    this.personOnly = this.personRelation >= 0 ? [this.personRelation] : [];
    this.givenMask = new Uint8Array(layout.relations.length);
    for (const r of this.personOnly) this.givenMask[r] = 1;
    this.relationFacts = { dataRelations: layout.relations.length - layout.reversed.length, reversed: layout.reversed };
    for (let r = 0; r < layout.relations.length; r++) {
      // A data relation's members are people 1..np; a reversed relation's are the household (0) for each person.
      const members = new Int32Array(maxPeople);
      if (r < this.relationFacts.dataRelations) for (let j = 0; j < maxPeople; j++) members[j] = 1 + j;
      this.relations.push(new Int32Array(rows + 1), members);
    }
    this.linkPeople = makeRelationLinker(this.relationFacts, this.relations, this.givenMask);
    this.personOffsets = this.personRelation >= 0 ? this.relations[2 * this.personRelation] : undefined;
    // Clean columns: not given everywhere, then the defaults encoded once on row 0.
    for (const column of this.columns) column.fill(missingIn(column) as never);
    let ok = true;
    for (const i of pkg.inputs) if (i.default !== undefined && layout.slotIndex.has(i.slot) && !this.put(layout.slotIndex.get(i.slot)!, 0, i.default)) ok = false;
    this.defaultsOk = ok;
    for (const column of this.columns) {
      this.householdClean.push(column[0]);
      this.personClean.push(missingIn(column));
    }
    this.rowLoader = new Array<RecordLoader | undefined>(rows).fill(undefined);
    this.generic = this.genericLoader();
  }

  /**
   * Fills the rows with one household and its people; false when a value is outside the signature. Rows past this
   * household's people are never read (no relation reaches them).
   */
  load(household: InputRecord, people: readonly InputRecord[]): boolean {
    const np = people.length;
    if (np > this.maxPeople || (np > 0 && this.personRelation < 0) || !this.defaultsOk) return false;
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
    this.linkPeople(np);
    return true;
  }

  /**
   * The data relations (layout indexes) the next household gives; undefined: the person relation alone. Every
   * household sets it, so none inherits the last one's.
   */
  give(given: readonly number[] | undefined): void {
    if (given === undefined) {
      if (this.personOnlyGiven) return;
      given = this.personOnly;
    }
    const mask = this.givenMask;
    mask.fill(0);
    for (const r of given) mask[r] = 1;
    this.personOnlyGiven = given === this.personOnly;
  }

  /** What a loader of household rows (0) or people rows (1) is made over. */
  loaderContext(kind: RowKind): LoaderContext {
    const dayOf = (v: string): number | undefined => (ISO_DATE.test(v) ? isoToDays(v) : undefined);
    return { columns: this.columns, signature: this.signature, slotOf: (k) => this.slotOf(k), clean: kind === 0 ? this.householdClean : this.personClean, isText: (v) => this.isText(v), dayOf };
  }

  /** The key-by-key loader for shapes past the generated ones. */
  private genericLoader(): RecordLoader {
    return {
      keys: [],
      match: () => false,
      write: (record, row) => {
        this.resetRow(row);
        return this.record(record, row) ? WRITTEN : REFUSED;
      },
      undo: (row) => this.resetRow(row),
      // Never the inline path: a loader is picked per record (finishRow).
      load: () => OTHER_SHAPE,
      loadRows: (_records, j) => j,
    };
  }

  /**
   * Row `row` after the inline attempt (`written`: its outcome, or undefined when it did not apply): REFUSED stays
   * refused; otherwise the loader of the record's shape (the last one of its kind if it matches, else the one made
   * for the shape) writes the row, and a record that loader still finds another shape (a key it enumerates reads
   * undefined without being its own, e.g. an enumerable key inherited from the prototype) goes key by key.
   */
  private finishRow(record: InputRecord, row: number, kind: RowKind, written: WriteOutcome | undefined): boolean {
    if (written === REFUSED) return false;
    if (written === undefined) {
      const last = kind === 0 ? this.lastHousehold : this.lastPerson;
      written = this.writeRow(last !== undefined && last.match(record) ? last : this.remember(kind, this.loaderFor(record, kind)), record, row);
    }
    if (written === OTHER_SHAPE) written = this.writeRow(this.remember(kind, this.loaderFor(record, kind)), record, row);
    return written === WRITTEN || (written === OTHER_SHAPE && this.writeRow(this.generic, record, row) === WRITTEN);
  }

  /** Makes `loader` the last one used for its kind of row (household or person). */
  private remember(kind: RowKind, loader: RecordLoader): RecordLoader {
    return kind === 0 ? (this.lastHousehold = loader) : (this.lastPerson = loader);
  }

  private writeRow(loader: RecordLoader, record: InputRecord, row: number): WriteOutcome {
    const previous = this.rowLoader[row];
    if (previous !== loader) {
      if (previous !== undefined) previous.undo(row);
      this.rowLoader[row] = loader;
    }
    return loader.write(record, row);
  }

  /** The generated loader for a record's shape (row 0 or people rows), made on first sight of the shape. */
  private loaderFor(record: InputRecord, kind: RowKind): RecordLoader {
    const keys = keysOf(record);
    const id = `${kind}${JSON.stringify(keys)}`;
    const hit = this.loaders.get(id);
    if (hit) return hit;
    // Requests choose their keys: bound the generated code per session; further shapes use the generic path.
    if (this.loaders.size >= MAX_SHAPES || keys.length > MAX_SHAPE_KEYS) return this.generic;
    const loader = makeLoader(keys, this.loaderContext(kind));
    this.loaders.set(id, loader);
    return loader;
  }

  /**
   * Puts `row` back to its clean state in every column (row 0: defaults; people: not given). Only needed after the
   * generic loader, which may touch any column.
   */
  private resetRow(row: number): void {
    const clean = row === 0 ? this.householdClean : this.personClean;
    const columns = this.columns;
    for (let i = 0; i < columns.length; i++) columns[i][row] = clean[i] as never;
  }

  /** Writes one record's values on `row`, key by key (the generic path). */
  private record(record: InputRecord, row: number): boolean {
    for (const key in record) {
      const raw = record[key];
      if (raw === null || raw === undefined) continue;
      const slot = this.slotOf(key);
      if (slot === undefined || !this.put(slot, row, raw)) return false;
    }
    return true;
  }

  private slotOf(key: string): number | undefined {
    const s = this.nameToSlot.get(key);
    if (s !== undefined) return s;
    const hash = key.indexOf('#input.');
    return hash >= 0 ? this.nameToSlot.get(key.slice(hash + 7)) : undefined;
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
  private put(slot: number, row: number, raw: unknown): boolean {
    const type = this.signature[slot];
    const column = this.columns[slot];
    switch (type.k) {
      case 'num':
        return typeof raw === 'number' && putNumber(column as Float64Array, row, raw, POW[type.s]);
      case 'bool':
        if (typeof raw !== 'boolean') return false;
        (column as Uint8Array)[row] = raw ? 1 : 0;
        return true;
      case 'text':
        if (typeof raw !== 'string' || !this.isText(raw)) return false;
        (column as (string | undefined)[])[row] = raw;
        return true;
      case 'date': {
        const day = typeof raw === 'string' && ISO_DATE.test(raw) ? isoToDays(raw) : undefined;
        if (day === undefined) return false;
        (column as Float64Array)[row] = day;
        return true;
      }
      default:
        return false;
    }
  }
}

/** Stores x at 10^scale (`power`) when it is exact there and within 1e15; false otherwise. */
function putNumber(column: Float64Array, row: number, x: number, power: number): boolean {
  if (Number.isInteger(x)) {
    // Integers need no exactness check: x * power is exact below 1e15.
    const scaled = x * power;
    if (!(scaled < 1e15 && scaled > -1e15)) return false;
    column[row] = scaled;
    return true;
  }
  const scaled = Math.round(x * power);
  if (scaled / power !== x || !(Math.abs(scaled) < 1e15)) return false;
  column[row] = scaled;
  return true;
}
