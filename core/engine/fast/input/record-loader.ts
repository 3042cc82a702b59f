/**
 * What a generated input loader is (input/emit/record-loader.ts makes one per record shape): for one ordered list of
 * keys it reads each key as a constant property, checks its kind and exactness, and stores into the session's own
 * columns (captured as constants, so every store is monomorphic). No Map lookup, closure or key resolution runs per
 * request; keys are resolved to slots when the loader is made.
 *
 * Semantics are the generic key-by-key path of input/household-rows.ts: null/undefined means "not given" (a later
 * alias of the same slot does not erase an earlier value), an unknown key is accepted only with a null value, and a
 * value outside the column's signature makes `write` return REFUSED (the explain path decides).
 *
 * Matching a record to the loader last used counts its enumerable keys instead of comparing each (a person brings
 * some twenty keys, and comparing them cost about as much as reading and storing them). A record with as many keys
 * but another key set is caught in `write`: one of the loader's keys then reads undefined without being the
 * record's own (OTHER_SHAPE), and the session takes the loader of the record's own shape. Order matters only where
 * two keys name one slot, so such loaders compare every key. The records are JSON objects: a property `write` reads
 * that for-in does not enumerate (made non-enumerable with Object.defineProperty, or inherited from a prototype
 * other than Object.prototype's built-ins) would be read as given; JSON.parse and object literals never make one.
 */
import type { SlotType } from '../kernel/codegen.js';
import type { Column } from '../kernel/columns.js';

/** What `write` did with a record. */
export const REFUSED = 0;
export const WRITTEN = 1;
export const OTHER_SHAPE = 2;
export type WriteOutcome = typeof REFUSED | typeof WRITTEN | typeof OTHER_SHAPE;

/** A JSON record of a request: input names to raw values. */
export type InputRecord = Readonly<Record<string, unknown>>;

export interface RecordLoader {
  /** The keys (in for-in order) this loader was made for. */
  readonly keys: readonly string[];
  /**
   * True when `record` may have this shape: as many enumerable keys as this loader has (`write` then confirms each
   * of its keys is there). A loader with aliases (two keys naming one slot, where the order decides) needs
   * exactly these keys in this order.
   */
  match(record: InputRecord): boolean;
  /**
   * Writes every slot this shape names on `row` (the value, or the clean value for a null or undefined key):
   * WRITTEN; REFUSED when a value is outside the signature (the explain path decides, whatever the shape);
   * OTHER_SHAPE when a key reads undefined and is not the record's own (the row may be partly written).
   */
  write(record: InputRecord, row: number): WriteOutcome;
  /** Puts the slots this loader writes back to their clean values on `row`. */
  undo(row: number): void;
  /** `match`, then `write` (OTHER_SHAPE, nothing written, when the record does not match): one call per record. */
  load(record: InputRecord, row: number): WriteOutcome;
  /**
   * Loads records[j], records[j + 1]... on rows base + j... while each row was last written by this loader and
   * each record is written (WRITTEN); returns the index of the first record it did not finish (records.length
   * when none), whose row the caller then handles. No call per record: the people of a household usually share
   * one shape.
   */
  loadRows(records: readonly InputRecord[], j: number, rowLoader: readonly unknown[], base: number): number;
}

/** What a loader is made over: the columns it writes and how a key and a string are read. */
export interface LoaderContext {
  readonly columns: readonly Column[];
  readonly signature: readonly SlotType[];
  /** Slot index for a request key, or undefined when no input accepts it. */
  slotOf(key: string): number | undefined;
  /** Clean value per column on this loader's rows (row 0: the encoded default or missing; people: missing). */
  readonly clean: readonly (number | string | undefined)[];
  /** True when a string is text (not a number or date, as fromRaw reads it). */
  isText(s: string): boolean;
  /** Day number of an ISO date string, or undefined. */
  dayOf(s: string): number | undefined;
}

/** The keys of a record in for-in order (the shape a loader is made for). */
export function keysOf(record: InputRecord): string[] {
  const keys: string[] = [];
  for (const k in record) keys.push(k);
  return keys;
}
