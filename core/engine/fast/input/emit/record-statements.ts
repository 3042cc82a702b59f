/**
 * The statements that load one record shape into kernel columns: shared by the per-shape loader
 * (record-loader.ts) and the whole-household program (evaluate/emit/household-program.ts).
 *
 * The generated text names what it holds: `columns` (the kernel's input columns, a free name of the caller's
 * function), `record` and `row` (the record being written and its row), `value` (the key's raw value), and per slot
 * s `<prefix>column<s>` / `<prefix>clean<s>` (that slot's column and its clean value on these rows). Keys only ever
 * appear as JSON string literals, so no request text becomes code.
 */
import { POW } from '../scale.js';
import { OTHER_SHAPE, REFUSED, type LoaderContext, type WriteOutcome } from '../record-loader.js';

/** One record shape as statements: declarations, and the body writing `record` on `row` (`value` declared by the caller). */
export interface RecordStatements {
  readonly prelude: readonly string[];
  readonly body: readonly string[];
  /** Slots written, ascending. */
  readonly used: readonly number[];
  /** Two keys name one slot: the order decides, so matching compares every key. */
  readonly aliased: boolean;
}

/** Where the statements put their names and how they leave. */
export interface StatementNaming {
  /** Prefix of every per-slot identifier (two shapes share one household program). */
  readonly prefix: string;
  /** The free name of the clean-value array (per slot) of these rows. */
  readonly cleanValues: string;
  /** The statement that leaves the body with REFUSED or OTHER_SHAPE. */
  exit(outcome: WriteOutcome): string;
}

/** Identifiers of one shape's per-slot constants. */
function slotNames(prefix: string): { column(slot: number): string; clean(slot: number): string; recentTexts(key: number): string[] } {
  return {
    column: (slot) => `${prefix}column${slot}`,
    clean: (slot) => `${prefix}clean${slot}`,
    // The last four accepted texts per key: codes repeat, so most values skip the classification.
    recentTexts: (key) => [0, 1, 2, 3].map((i) => `${prefix}recent${key}_${i}`),
  };
}

/** The statements of one record shape (see the module comment). */
export function recordStatements(keys: readonly string[], ctx: LoaderContext, naming: StatementNaming): RecordStatements {
  const slots = keys.map((k) => ctx.slotOf(k));
  const used = [...new Set(slots.filter((s): s is number => s !== undefined))].sort((a, b) => a - b);
  const names = slotNames(naming.prefix);
  const prelude = used.map((s) => `const ${names.column(s)} = columns[${s}], ${names.clean(s)} = ${naming.cleanValues}[${s}];`);
  keys.forEach((_, i) => {
    if (slots[i] !== undefined && ctx.signature[slots[i]].k === 'text') prelude.push(`let ${names.recentTexts(i).join(', ')};`);
  });
  // A slot named by one key takes its clean value only when that key is null; a slot named by several keys
  // (aliases) is cleaned first, so a later null alias does not erase an earlier value.
  const uses = new Map<number, number>();
  for (const s of slots) if (s !== undefined) uses.set(s, (uses.get(s) ?? 0) + 1);
  const aliased = used.some((s) => uses.get(s)! > 1);
  const body: string[] = [];
  for (const s of used) if (uses.get(s)! > 1) body.push(`${names.column(s)}[row] = ${names.clean(s)};`);
  const shape: ShapeFacts = { names, naming, aliased, uses };
  keys.forEach((key, i) => body.push(...keyStatements(key, i, slots[i], ctx, shape)));
  return { prelude, body, used, aliased };
}

interface ShapeFacts {
  readonly names: ReturnType<typeof slotNames>;
  readonly naming: StatementNaming;
  readonly aliased: boolean;
  /** Keys naming each slot. */
  readonly uses: ReadonlyMap<number, number>;
}

/** The statements reading one key and writing its slot (or refusing a value no input accepts). */
function keyStatements(key: string, index: number, slot: number | undefined, ctx: LoaderContext, shape: ShapeFacts): string[] {
  const refuse = shape.naming.exit(REFUSED);
  const read = `value = record[${JSON.stringify(key)}];`;
  if (slot === undefined) return [read, `if (value !== null && value !== undefined) ${refuse}`, absentKey(key, shape)];
  // The value's own kind is tested first (the common case costs one test); then null or undefined (not given);
  // anything else is outside the signature.
  const given = givenValue(ctx.signature[slot], shape.names.column(slot), shape.names.recentTexts(index), refuse);
  const ifNull = shape.uses.get(slot)! > 1 ? '' : `${absentKey(key, shape)} ${shape.names.column(slot)}[row] = ${shape.names.clean(slot)};`;
  return [read, `${given ? `${given} else ` : ''}if (value === null || value === undefined) { ${ifNull} } else ${refuse}`];
}

/** After a count-only match, a key reading undefined may be absent (another key in its place): own keys only. */
function absentKey(key: string, shape: ShapeFacts): string {
  return shape.aliased ? '' : `if (value === undefined && !hasOwn(record, ${JSON.stringify(key)})) ${shape.naming.exit(OTHER_SHAPE)}`;
}

/** The test and store of a value of the slot's own kind ('' when the slot has none: every value is refused). */
function givenValue(type: LoaderContext['signature'][number], column: string, recent: readonly string[], refuse: string): string {
  switch (type.k) {
    case 'num': {
      // Exact at the scale: the scaled value rounds back to the same double (integers pass unchanged), within 1e15.
      const p = POW[type.s];
      const [scaled, back] = p === 1 ? ['value', 'scaled'] : [`value * ${p}`, `scaled / ${p}`];
      return `if (typeof value === 'number') { const scaled = Math.round(${scaled}); if (${back} !== value || !(scaled < 1e15 && scaled > -1e15)) ${refuse} ${column}[row] = scaled; }`;
    }
    case 'bool':
      return `if (value === false) ${column}[row] = 0; else if (value === true) ${column}[row] = 1;`;
    case 'text': {
      const [r0, r1, r2, r3] = recent;
      return `if (typeof value === 'string') { if (value !== ${r0} && value !== ${r1} && value !== ${r2} && value !== ${r3}) { if (!isText(value)) ${refuse} ${r3} = ${r2}; ${r2} = ${r1}; ${r1} = ${r0}; ${r0} = value; } ${column}[row] = value; }`;
    }
    case 'date':
      return `if (typeof value === 'string') { const day = dayOf(value); if (day === undefined) ${refuse} ${column}[row] = day; }`;
    default:
      return '';
  }
}
