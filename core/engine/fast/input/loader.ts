/**
 * Generated input loaders for PackageSession: for one record shape (the ordered list of keys a request record
 * has) a small straight-line function reads each key as a constant property, checks its kind and exactness,
 * and stores into the session's own columns (captured as constants, so every store is monomorphic). No Map
 * lookup, closure or key resolution runs per request; keys are resolved to slots when the loader is made.
 *
 * Semantics are the generic `put` of session.ts, key by key: null/undefined means "not given" (a later alias
 * of the same slot does not erase an earlier value), an unknown key is accepted only with a null value, and a
 * value outside the column's signature makes `write` return REFUSED (the explain path decides).
 *
 * Matching a record to the loader last used counts its enumerable keys instead of comparing each (a person
 * brings some twenty keys, and comparing them cost about as much as reading and storing them). A record with
 * as many keys but another key set is caught in `write`: one of the loader's keys then reads undefined without
 * being the record's own (OTHER_SHAPE), and the session takes the loader of the record's own shape. Order
 * matters only where two keys name one slot, so such loaders compare every key. The records are JSON objects:
 * a property `write` reads that for-in does not enumerate (made non-enumerable with Object.defineProperty, or
 * inherited from a prototype other than Object.prototype's built-ins) would be read as given; JSON.parse and
 * object literals never make one.
 *
 * Once a household has run, the session also makes a household program for its pair of shapes (household,
 * person): both loaders' statements, the relation offsets, the kernel call and the output object in one function,
 * so the next household of those shapes costs no call per record. Whatever it cannot finish it answers MISS, and
 * the session's general path (the loaders above) takes the household.
 */
import type { SlotType, Ty } from '../kernel/codegen.js';
import type { Column, KernelFn, OutputColumn } from '../kernel/kernel.js';
import { POW } from './scale.js';


/** What `write` did with a record. */
export const REFUSED = 0;
export const WRITTEN = 1;
export const OTHER_SHAPE = 2;
export type WriteOutcome = typeof REFUSED | typeof WRITTEN | typeof OTHER_SHAPE;

export interface RecordLoader {
  /** The keys (in for-in order) this loader was made for. */
  readonly keys: readonly string[];
  /**
   * True when `rec` may have this shape: as many enumerable keys as this loader has (`write` then confirms each
   * of its keys is there). A loader with aliases (two keys naming one slot, where the order decides) needs
   * exactly these keys in this order.
   */
  match(rec: Readonly<Record<string, unknown>>): boolean;
  /**
   * Writes every slot this shape names on row e (the value, or the clean value for a null or undefined key):
   * WRITTEN; REFUSED when a value is outside the signature (the explain path decides, whatever the shape);
   * OTHER_SHAPE when a key reads undefined and is not the record's own (the row may be partly written).
   */
  write(rec: Readonly<Record<string, unknown>>, e: number): WriteOutcome;
  /** Puts the slots this loader writes back to their clean values on row e. */
  undo(e: number): void;
  /** `match`, then `write` (OTHER_SHAPE, nothing written, when the record does not match): one call per record. */
  load(rec: Readonly<Record<string, unknown>>, e: number): WriteOutcome;
  /**
   * Loads records[j], records[j + 1]... on rows base + j... while each row was last written by this loader and
   * each record is written (WRITTEN); returns the index of the first record it did not finish (records.length
   * when none), whose row the caller then handles. No call per record: the people of a household usually share
   * one shape.
   */
  loadRows(records: readonly Readonly<Record<string, unknown>>[], j: number, rowLoader: readonly unknown[], base: number): number;
}

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

/** One record shape as statements: declarations, and the body writing `rec` on row `e` (`v` declared by the caller). */
interface LoaderCode {
  readonly prelude: readonly string[];
  readonly body: readonly string[];
  /** Slots written, ascending. */
  readonly used: readonly number[];
  /** Two keys name one slot: the order decides, so matching compares every key. */
  readonly aliased: boolean;
}

/**
 * The statements of a loader. Identifiers carry `prefix` (two shapes share one program), columns are C[s], clean
 * values `clean`[s]; `exit(outcome)` leaves the body with REFUSED or OTHER_SHAPE. Keys only ever appear as JSON
 * string literals.
 */
function loaderCode(keys: readonly string[], ctx: LoaderContext, prefix: string, clean: string, exit: (outcome: WriteOutcome) => string): LoaderCode {
  const slots = keys.map((k) => ctx.slotOf(k));
  const used = [...new Set(slots.filter((s): s is number => s !== undefined))].sort((a, b) => a - b);
  const c = (s: number): string => `${prefix}c${s}`;
  const d = (s: number): string => `${prefix}d${s}`;
  const prelude = used.map((s) => `const ${c(s)} = C[${s}], ${d(s)} = ${clean}[${s}];`);
  // The last four accepted texts per key: codes repeat, so most values skip the classification.
  const cache = (i: number): string[] => ['a', 'b', 'c', 'd'].map((x) => `${prefix}t${i}${x}`);
  keys.forEach((_, i) => {
    if (slots[i] !== undefined && ctx.signature[slots[i]].k === 'text') prelude.push(`let ${cache(i).join(', ')};`);
  });
  // A slot named by one key takes its clean value only when that key is null; a slot named by several keys
  // (aliases) is cleaned first, so a later null alias does not erase an earlier value.
  const uses = new Map<number, number>();
  for (const s of slots) if (s !== undefined) uses.set(s, (uses.get(s) ?? 0) + 1);
  const aliased = used.some((s) => uses.get(s)! > 1);
  // After a count-only match, a key reading undefined may be absent (another key in its place): own keys only.
  const absent = (key: string): string => (aliased ? '' : `if (v === undefined && !hasOwn(rec, ${JSON.stringify(key)})) ${exit(OTHER_SHAPE)}`);
  const refuse = exit(REFUSED);
  const body: string[] = [];
  for (const s of used) if (uses.get(s)! > 1) body.push(`${c(s)}[e] = ${d(s)};`);
  keys.forEach((key, i) => {
    const s = slots[i];
    body.push(`v = rec[${JSON.stringify(key)}];`);
    if (s === undefined) {
      body.push(`if (v !== null && v !== undefined) ${refuse}`, absent(key));
      return;
    }
    // The value's own kind is tested first (the common case costs one test); then null or undefined (not given);
    // anything else is outside the signature.
    const t = ctx.signature[s];
    let given = '';
    if (t.k === 'num') {
      // Exact at the scale: the scaled value rounds back to the same double (integers pass unchanged), within 1e15.
      const p = POW[t.s];
      const [scaled, back] = p === 1 ? ['v', 'm'] : [`v * ${p}`, `m / ${p}`];
      given = `if (typeof v === 'number') { const m = Math.round(${scaled}); if (${back} !== v || !(m < 1e15 && m > -1e15)) ${refuse} ${c(s)}[e] = m; }`;
    } else if (t.k === 'bool') given = `if (v === false) ${c(s)}[e] = 0; else if (v === true) ${c(s)}[e] = 1;`;
    else if (t.k === 'text') {
      const [a, b, cc, dd] = cache(i);
      given = `if (typeof v === 'string') { if (v !== ${a} && v !== ${b} && v !== ${cc} && v !== ${dd}) { if (!isText(v)) ${refuse} ${dd} = ${cc}; ${cc} = ${b}; ${b} = ${a}; ${a} = v; } ${c(s)}[e] = v; }`;
    } else if (t.k === 'date') given = `if (typeof v === 'string') { const d = dayOf(v); if (d === undefined) ${refuse} ${c(s)}[e] = d; }`;
    const ifNull = uses.get(s)! > 1 ? '' : `${absent(key)} ${c(s)}[e] = ${d(s)};`;
    body.push(`${given ? `${given} else ` : ''}if (v === null || v === undefined) { ${ifNull} } else ${refuse}`);
  });
  return { prelude, body, used, aliased };
}

/** Makes the loader for one record shape. */
export function makeLoader(keys: readonly string[], ctx: LoaderContext): RecordLoader {
  const code = loaderCode(keys, ctx, '', 'D', (outcome) => `return ${outcome};`);
  const lines = [
    '"use strict";',
    ...code.prelude,
    `function exact(rec) { let i = 0; for (const k in rec) { if (k !== KEYS[i]) return false; i++; } return i === ${keys.length}; }`,
    // Counting the keys costs about half of comparing them; write confirms that a key reading undefined is there.
    code.aliased ? 'const match = exact;' : `function match(rec) { let i = 0; for (const k in rec) i++; return i === ${keys.length}; }`,
    `function write(rec, e) {\nlet v;\n${code.body.join('\n')}\nreturn ${WRITTEN};\n}`,
    `function undo(e) { ${code.used.map((s) => `c${s}[e] = d${s};`).join(' ')} }`,
    `function load(rec, e) { return match(rec) ? write(rec, e) : ${OTHER_SHAPE}; }`,
    `function loadRows(records, j, rowLoader, base) { const n = records.length; for (; j < n; j++) { if (rowLoader[base + j] !== self) return j; const rec = records[j]; if (!match(rec) || write(rec, base + j) !== ${WRITTEN}) return j; } return j; }`,
    'const self = { keys: KEYS, match, write, undo, load, loadRows };',
    'return self;',
  ];
  const factory = new Function('C', 'D', 'KEYS', 'isText', 'dayOf', 'hasOwn', lines.join('\n')) as (
    c: readonly Column[],
    d: readonly (number | string | undefined)[],
    k: readonly string[],
    isText: (s: string) => boolean,
    dayOf: (s: string) => number | undefined,
    hasOwn: (o: object, k: string) => boolean,
  ) => RecordLoader;
  // A plain array: element loads from a frozen array are several times slower in the match loop.
  return factory(ctx.columns, ctx.clean, [...keys], ctx.isText, ctx.dayOf, Object.hasOwn);
}

/** A household program's answer when it cannot finish the household itself (the session's general path then does). */
export const MISS = 3;
type Json = Record<string, string | number | boolean>;
/** Outputs of one household (undefined: the kernel handed it to the explain path), or MISS. */
export type HouseholdProgram = (household: Readonly<Record<string, unknown>>, people: readonly Readonly<Record<string, unknown>>[]) => Json | undefined | typeof MISS;

/** What a household program is made over: the session's columns, rows, kernel and output reader. */
export interface ProgramSite {
  readonly columns: readonly Column[];
  readonly relations: readonly Int32Array[];
  readonly outputs: readonly OutputColumn[];
  /** The loader that last wrote each row (a program writes only rows its own loaders own). */
  readonly rowLoader: readonly unknown[];
  /** The person relation's offsets, or undefined when the package has none (people then MISS). */
  readonly offsets: Int32Array | undefined;
  readonly maxPeople: number;
  readonly run: KernelFn;
  readonly read: () => Json;
  readonly bail: unknown;
  /** The loader context of household rows (0) or people rows (1). */
  context(kind: 0 | 1): LoaderContext;
}

/**
 * One function for a household of one shape and its people of one shape: both loaders' statements inline, the
 * relation offsets, the kernel and the output object, without a call per record. It answers MISS, having
 * written only rows its loaders own, whenever the general path could do something else: a record of another
 * shape, a row last written by another loader, a value outside the signature, too many people. Undefined when a
 * loader has aliases (matching compares every key there).
 */
export function makeHouseholdProgram(site: ProgramSite, household: RecordLoader, person: RecordLoader | undefined): HouseholdProgram | undefined {
  const miss = (): string => `return ${MISS};`;
  const h = loaderCode(household.keys, site.context(0), 'h', 'DH', miss);
  const p = person && loaderCode(person.keys, site.context(1), 'p', 'DP', miss);
  if (h.aliased || p?.aliased) return undefined;
  const count = (n: number): string => `{ let n = 0; for (const k in rec) n++; if (n !== ${n}) return ${MISS}; }`;
  const lines = [
    '"use strict";',
    ...h.prelude,
    ...(p?.prelude ?? []),
    'return function program(household, people) {',
    `if (rows[0] !== HL) return ${MISS};`,
    'const np = people.length;',
    `if (np > ${p && site.offsets ? site.maxPeople : 0}) return ${MISS};`,
    `{ const rec = household, e = 0; let v; ${count(household.keys.length)}\n${h.body.join('\n')}\n}`,
    ...(p ? [`for (let j = 0; j < np; j++) { const rec = people[j], e = 1 + j; let v; if (rows[e] !== PL) return ${MISS}; ${count(person!.keys.length)}\n${p.body.join('\n')}\n}`] : []),
    site.offsets ? 'for (let e = 1; e <= np + 1; e++) off[e] = np;' : '',
    'try { run(C, R, 0, O, 0); } catch (x) { if (x !== BAIL) throw x; return undefined; }',
    'return read();',
    '};',
  ];
  const ctx = site.context(0);
  const names = ['C', 'R', 'O', 'DH', 'DP', 'rows', 'HL', 'PL', 'off', 'run', 'read', 'BAIL', 'isText', 'dayOf', 'hasOwn'];
  const factory = new Function(...names, lines.join('\n')) as (...args: unknown[]) => HouseholdProgram;
  return factory(site.columns, site.relations, site.outputs, ctx.clean, site.context(1).clean, site.rowLoader, household, person, site.offsets, site.run, site.read, site.bail, ctx.isText, ctx.dayOf, Object.hasOwn);
}

/** Household programs per pair of loaders (household, person), made on first use; past `limit` pairs, none. */
export class HouseholdPrograms {
  private readonly made = new Map<RecordLoader, Map<RecordLoader | undefined, HouseholdProgram | undefined>>();
  private size = 0;
  constructor(
    private readonly site: ProgramSite,
    private readonly limit: number,
  ) {}

  programFor(household: RecordLoader, person: RecordLoader | undefined): HouseholdProgram | undefined {
    let byPerson = this.made.get(household);
    if (byPerson?.has(person)) return byPerson.get(person);
    if (this.size >= this.limit) return undefined;
    if (byPerson === undefined) this.made.set(household, (byPerson = new Map()));
    const program = makeHouseholdProgram(this.site, household, person);
    byPerson.set(person, program);
    this.size++;
    return program;
  }
}

/** The keys of a record in for-in order (the shape a loader is made for). */
export function keysOf(rec: Readonly<Record<string, unknown>>): string[] {
  const keys: string[] = [];
  for (const k in rec) keys.push(k);
  return keys;
}

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Generated reader of one household's outputs (row 0 of the session's output cells) as a JSON object literal,
 * rendered as jsonOf renders them. Undefined when an output name is not a plain identifier (the caller then
 * builds the object key by key).
 */
export function makeOutputReader(
  names: readonly string[],
  types: readonly Ty[],
  O: readonly OutputColumn[],
  daysToIso: (d: number) => string,
): (() => Record<string, string | number | boolean>) | undefined {
  if (names.some((n) => !PLAIN_NAME.test(n) || n === '__proto__')) return undefined;
  const fields: string[] = [];
  for (let j = 0; j < names.length; j++) {
    const x = `o${j}[0]`;
    const t = types[j];
    let expr: string;
    switch (t.k) {
      case 'num':
        expr = x;
        break;
      case 'judg':
        expr = `(${x} === 2 ? 'holds' : ${x} === 0 ? 'not_holds' : 'undetermined')`;
        break;
      case 'bool':
        expr = `${x} === 1`;
        break;
      case 'date':
        expr = `daysToIso(${x})`;
        break;
      case 'text':
        expr = `String(${x})`;
        break;
      default:
        return undefined;
    }
    fields.push(`${names[j]}: ${expr}`);
  }
  const factory = new Function('O', 'daysToIso', `"use strict";\n${names.map((_, j) => `const o${j} = O[${j}];`).join(' ')}\nreturn function outputs() { return { ${fields.join(', ')} }; };`) as (
    o: readonly OutputColumn[],
    d: (x: number) => string,
  ) => () => Record<string, string | number | boolean>;
  return factory(O, daysToIso);
}
