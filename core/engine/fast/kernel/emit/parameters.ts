/**
 * Parameter reads resolved for the period: the live version is chosen at generation time, so a scalar is a
 * literal and a table a dense constant array indexed by the integer key. Trace mode also records the read
 * (parameter, key) in the current rule's frame, as the explain path does.
 */
import { liveVersion } from '../../../explain/evaluate.js';
import type { IR } from '../../../check/ir.js';
import { Decimal, type Value } from '../../../values.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { constantValue } from './numbers.js';
import { BAIL_CODE, pow10, scaledInteger, type Code, type Scope, type Ty } from './types.js';

type Cells = ReadonlyMap<number, Value>;

/** Stands for "keyed" when the key is already evaluated into a temporary (trace mode); never emitted. */
const KEY_IN_TEMP: IR = { k: 'const', v: { k: 'num', n: new Decimal(0) } };

/** Tables wider than this (largest key - smallest key) stay on the explain path. */
const MAX_TABLE_SPAN = 4096;

export function parameterRead(ctx: EmitContext, name: string, index: IR | undefined, entity: string, locals: FunctionLocals, scope: Scope): Code {
  if (ctx.traceMode) return recordedParameterRead(ctx, name, index, entity, locals, scope);
  const read = plainParameterRead(ctx, name, index, entity, locals, scope);
  return ctx.watch && ctx.watched.has(name) ? watchedRead(ctx.watch.index, read) : read;
}

/**
 * Fast mode, a watched parameter: the read sets the watch flag first (even when the key then bails) and is never a
 * constant, so every emitter keeps it where the explain path would evaluate it (folding drops constants only).
 */
function watchedRead(flagIndex: number, read: Code): Code {
  if (read.type.k === 'never') return read;
  return { js: `(K[${flagIndex}][0] = 1, ${read.js})`, type: read.type };
}

/** Trace mode: the read pushes (parameter index, key) onto `S.cur` (null in a rule whose entry is not kept), then reads the value. */
function recordedParameterRead(ctx: EmitContext, name: string, index: IR | undefined, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const parameter = ctx.program.parameters.get(name);
  const version = parameter ? liveVersion(parameter.versions, ctx.period.start) : undefined;
  if (!parameter || !version || !version.cells) return BAIL_CODE;
  const recorded = ctx.paramIndex(name);
  if (!index) {
    const cell = version.cells.get(0);
    if (cell === undefined) return BAIL_CODE;
    const value = constantValue(ctx, cell);
    return value.type.k === 'never' ? BAIL_CODE : { js: `(S.cur !== null && S.cur.push(${recorded}, 0), ${value.js})`, type: value.type };
  }
  const key = ctx.expression(index, entity, locals, scope);
  if (key.type.k !== 'num') return BAIL_CODE;
  // The key is evaluated once into a temporary, recorded (unscaled), then used for the table read.
  const keyTemp = locals.numberTemp();
  const read = plainParameterRead(ctx, name, KEY_IN_TEMP, entity, locals, scope, { js: keyTemp, type: key.type });
  if (read.type.k === 'never') return BAIL_CODE;
  const recordedKey = key.type.s === 0 ? keyTemp : `${keyTemp} / ${pow10(key.type.s)}`;
  return { js: `(${keyTemp} = ${key.js}, S.cur !== null && S.cur.push(${recorded}, ${recordedKey}), ${read.js})`, type: read.type };
}

/** The value read: a literal (no key, or a key fixed at generation time) or a dense table lookup. */
function plainParameterRead(ctx: EmitContext, name: string, index: IR | undefined, entity: string, locals: FunctionLocals, scope: Scope, keyCode?: Code): Code {
  const parameter = ctx.program.parameters.get(name);
  if (!parameter) return BAIL_CODE;
  const version = liveVersion(parameter.versions, ctx.period.start);
  if (!version || !version.cells) return BAIL_CODE;
  if (!index) {
    const cell = version.cells.get(0);
    return cell === undefined ? BAIL_CODE : constantValue(ctx, cell);
  }
  const key = keyCode ?? ctx.expression(index, entity, locals, scope);
  if (key.type.k !== 'num') return BAIL_CODE;
  if (typeof key.constant === 'number') {
    const unit = 10 ** key.type.s;
    if (key.constant % unit !== 0) return BAIL_CODE;
    const cell = version.cells.get(key.constant / unit);
    return cell === undefined ? BAIL_CODE : constantValue(ctx, cell);
  }
  const table = denseTable(ctx, version.cells);
  if (!table) return BAIL_CODE;
  const tableIndex = ctx.constantIndex(`t\u0000${name}\u0000${version.from}`, () => table.values);
  // A key with decimals goes through `cell`, which checks it is whole; an integer key indexes directly.
  if (key.type.s !== 0) return { js: `cell(K[${tableIndex}], ${key.js}, ${pow10(key.type.s)}, ${table.lowest})`, type: table.type };
  const temp = table.type.k === 'text' ? locals.stringTemp() : locals.numberTemp();
  ctx.hoistedTables.add(tableIndex);
  const offset = table.lowest === 0 ? '' : ` - ${table.lowest}`;
  return { js: `((${temp} = T${tableIndex}[${key.js}${offset}]) === undefined ? bail() : ${temp})`, type: table.type };
}

/** A table's cells as an array from its lowest key (holes for absent keys), all of one kind and scale. */
function denseTable(ctx: EmitContext, cells: Cells): { values: unknown[]; lowest: number; type: Ty } | undefined {
  const entries = [...cells.entries()];
  if (entries.length === 0) return undefined;
  if (new Set(entries.map(([, cell]) => cell.k)).size !== 1) return undefined;
  const keys = entries.map(([key]) => key);
  const lowest = Math.min(...keys);
  const highest = Math.max(...keys);
  if (!keys.every((key) => Number.isSafeInteger(key)) || highest - lowest > MAX_TABLE_SPAN) return undefined;
  const values: unknown[] = new Array(highest - lowest + 1);
  if (entries[0][1].k === 'num') {
    const type = numberCells(entries as [number, Extract<Value, { k: 'num' }>][], lowest, values);
    return type ? { values, lowest, type } : undefined;
  }
  for (const [key, cell] of entries) {
    const code = constantValue(ctx, cell);
    if (code.constant === undefined) return undefined;
    values[key - lowest] = code.constant;
  }
  return { values, lowest, type: constantValue(ctx, entries[0][1]).type };
}

/** Number cells at their widest scale into `values`; the type, or undefined when one leaves the envelope. */
function numberCells(entries: readonly [number, Extract<Value, { k: 'num' }>][], lowest: number, values: unknown[]): Ty | undefined {
  const scaled = entries.map(([key, cell]) => [key, scaledInteger(cell.n)] as const);
  if (scaled.some(([, cell]) => !cell)) return undefined;
  const scale = Math.max(...scaled.map(([, cell]) => cell!.scale));
  for (const [key, cell] of scaled) {
    const integer = cell!.integer * 10 ** (scale - cell!.scale);
    if (!Number.isSafeInteger(integer)) return undefined;
    values[key - lowest] = integer;
  }
  return { k: 'num', s: scale };
}
