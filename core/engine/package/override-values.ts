/**
 * One parameter override's raw JSON → the parameter's new versions, checked against what the parameter declares:
 * its type (the kind of its existing values), its currency unit's decimal places, and whether it is a single
 * value or a table indexed by an integer key. The forms (docs/calculation.md "Parameter overrides"):
 *   - a value (scalar) or an object of key → value (table, merged into the existing table): every existing
 *     version keeps its dates and takes the new value(s), as editing each version in the rule file would;
 *   - a list of `{effective_from, effective_to?, value}` (RuleSpec's versions with `value` for the
 *     formula/values): the parameter's versions are replaced by these; a table's `value` is the whole table.
 */
import type { CompiledParameter, CompiledVersion } from '../compile/index.js';
import { BUILTIN_CURRENCIES } from '../load/dtypes.js';
import { bool, date, Decimal, isoToDays, num, text, type Value } from '../values.js';
import { isObject } from '../../domain/is-object.js';

/** Most dated versions one override may give. */
export const MAX_OVERRIDE_VERSIONS = 24;
/** Longest text value an override may give. */
const MAX_TEXT = 200;
/**
 * Largest magnitude of a number an override may give: a household input's (10^13, core/domain/household/values.ts).
 * Past it a figure no longer computes to the cent in binary arithmetic, and outputs would leave JSON's safe numbers.
 */
export const MAX_OVERRIDE_MAGNITUDE = 1e13;

export type OverrideVersions = { ok: true; versions: CompiledVersion[] } | { ok: false; message: string };

type Cells = ReadonlyMap<number, Value>;

const NUMERIC = /^[+-]?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The kind of value the parameter holds: the kind of its first existing cell, else its declared dtype. */
function valueKind(p: CompiledParameter): Value['k'] {
  for (const v of p.versions) for (const cell of v.cells?.values() ?? []) return cell.k;
  const dtype = p.rule.dtype;
  return dtype === 'bool' ? 'bool' : dtype === 'text' ? 'text' : dtype === 'date' ? 'date' : dtype === 'judgment' ? 'judg' : 'num';
}

/** Words for the parameter's type, e.g. `Money in USD (at most 2 decimal places)`. */
export function describeType(p: CompiledParameter): string {
  const label = p.rule.dtypeLabel ?? p.rule.dtype;
  const places = p.rule.unit !== undefined ? BUILTIN_CURRENCIES.get(p.rule.unit) : undefined;
  const unit = p.rule.unit ? ` in ${p.rule.unit}${places !== undefined ? ` (at most ${places} decimal places)` : ''}` : '';
  return `${label}${unit}`;
}

/** Every key the parameter's table has in any version, ascending. */
export function tableKeys(p: CompiledParameter): number[] {
  const keys = new Set<number>();
  for (const v of p.versions) for (const k of v.cells?.keys() ?? []) keys.add(k);
  return [...keys].sort((a, b) => a - b);
}

function describeKeys(keys: readonly number[]): string {
  const contiguous = keys.length > 2 && keys.every((k, i) => i === 0 || k === keys[i - 1] + 1);
  return contiguous ? `${keys[0]}-${keys[keys.length - 1]}` : keys.join(', ');
}

/** One value of the parameter's kind, or the reason it is not one. */
function checkValue(p: CompiledParameter, raw: unknown): Value | string {
  const expected = `a ${describeType(p)} value`;
  switch (valueKind(p)) {
    case 'num': {
      const written = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' && NUMERIC.test(raw.trim()) ? raw.trim() : undefined;
      if (written === undefined) return `${JSON.stringify(raw)} is not ${expected} (give a number)`;
      const n = new Decimal(written);
      if (n.abs().gt(MAX_OVERRIDE_MAGNITUDE)) return `${written} is more than ${MAX_OVERRIDE_MAGNITUDE} in magnitude (the limit of a household input)`;
      if (p.rule.dtype === 'integer' && !n.isInteger()) return `${written} is not ${expected} (give a whole number)`;
      const places = p.rule.unit !== undefined ? BUILTIN_CURRENCIES.get(p.rule.unit) : undefined;
      if (places !== undefined && n.decimalPlaces() > places) return `${written} has more than ${places} decimal places for ${p.rule.unit}`;
      return num(n);
    }
    case 'bool':
      return typeof raw === 'boolean' ? bool(raw) : `${JSON.stringify(raw)} is not ${expected} (give true or false)`;
    case 'judg':
      return typeof raw === 'boolean' ? { k: 'judg', j: raw ? 'holds' : 'not_holds' } : `${JSON.stringify(raw)} is not ${expected} (give true or false)`;
    case 'date':
      return typeof raw === 'string' && ISO_DATE.test(raw) && isoToDays(raw) !== undefined ? date(raw) : `${JSON.stringify(raw)} is not ${expected} (give YYYY-MM-DD)`;
    case 'text':
      if (typeof raw !== 'string') return `${JSON.stringify(raw)} is not ${expected} (give a string)`;
      return raw.length > MAX_TEXT ? `the text is longer than ${MAX_TEXT} characters` : text(raw);
  }
}

/** A table's cells from an object of integer key → value; `allowed` limits the keys (merge form). */
function checkTable(p: CompiledParameter, raw: unknown, allowed: readonly number[] | undefined): Map<number, Value> | string {
  const index = p.rule.indexedBy ?? 'its key';
  const keysText = describeKeys(tableKeys(p));
  if (!isObject(raw)) return `is a table indexed by ${index} (keys ${keysText}): give an object of key to value, e.g. {"${tableKeys(p)[0] ?? 1}": ...}`;
  const cells = new Map<number, Value>();
  for (const [key, value] of Object.entries(raw)) {
    if (!/^-?\d+$/.test(key)) return `table key ${JSON.stringify(key)} is not an integer (${index}; keys ${keysText})`;
    const k = Number(key);
    if (allowed && !allowed.includes(k)) return `table key ${key} is not one of the table's keys (${index}: ${keysText}); to change the keys, give dated versions with whole tables`;
    const checked = checkValue(p, value);
    if (typeof checked === 'string') return `[${key}]: ${checked}`;
    cells.set(k, checked);
  }
  return cells.size > 0 ? cells : 'the table is empty';
}

/** Plain form: every existing version keeps its dates and takes the value (scalar) or the merged cells (table). */
function plainForm(p: CompiledParameter, raw: unknown): OverrideVersions {
  if (p.rule.table) {
    const cells = checkTable(p, raw, tableKeys(p));
    if (typeof cells === 'string') return { ok: false, message: cells };
    return { ok: true, versions: p.versions.map((v) => ({ from: v.from, to: v.to, cells: merged(v.cells, cells) })) };
  }
  if (isObject(raw)) return { ok: false, message: `is a single value (${describeType(p)}), not a table: give the value, or a list of {effective_from, value}` };
  const value = checkValue(p, raw);
  if (typeof value === 'string') return { ok: false, message: value };
  const cells = new Map([[0, value]]);
  return { ok: true, versions: p.versions.map((v) => ({ from: v.from, to: v.to, cells })) };
}

function merged(base: Cells | undefined, changes: Cells): Cells {
  const cells = new Map(base ?? []);
  for (const [k, v] of changes) cells.set(k, v);
  return cells;
}

function isoDate(x: unknown): string | undefined {
  return typeof x === 'string' && ISO_DATE.test(x) && isoToDays(x) !== undefined ? x : undefined;
}

/** Dated form: the list replaces the parameter's versions (sorted by start, none overlapping). */
function datedForm(p: CompiledParameter, raw: readonly unknown[]): OverrideVersions {
  if (raw.length < 1 || raw.length > MAX_OVERRIDE_VERSIONS) return { ok: false, message: `a dated override holds 1-${MAX_OVERRIDE_VERSIONS} versions (got ${raw.length})` };
  const versions: CompiledVersion[] = [];
  for (const [i, entry] of raw.entries()) {
    const fail = (message: string): OverrideVersions => ({ ok: false, message: `[${i}]: ${message}` });
    if (!isObject(entry)) return fail('must be an object {effective_from, effective_to?, value}');
    const extra = Object.keys(entry).filter((k) => !['effective_from', 'effective_to', 'value'].includes(k));
    if (extra.length > 0) return fail(`unknown field ${extra[0]} (allowed: effective_from, effective_to, value)`);
    const from = isoDate(entry.effective_from);
    if (!from) return fail('effective_from must be a YYYY-MM-DD date');
    const to = entry.effective_to === undefined || entry.effective_to === null ? undefined : isoDate(entry.effective_to);
    if (entry.effective_to !== undefined && entry.effective_to !== null && !to) return fail('effective_to must be a YYYY-MM-DD date');
    if (to && to < from) return fail(`ends (${to}) before it starts (${from})`);
    if (!('value' in entry)) return fail('value is required');
    const cells = p.rule.table ? checkTable(p, entry.value, undefined) : checkValue(p, entry.value);
    if (typeof cells === 'string') return fail(`value: ${cells}`);
    versions.push({ from, to, cells: cells instanceof Map ? cells : new Map([[0, cells as Value]]) });
  }
  versions.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (let i = 1; i < versions.length; i++) {
    const previous = versions[i - 1];
    if (previous.from === versions[i].from) return { ok: false, message: `two versions start ${versions[i].from}` };
    if (previous.to && previous.to >= versions[i].from) return { ok: false, message: `a version ends ${previous.to}, on or after the next starts (${versions[i].from})` };
  }
  return { ok: true, versions };
}

/** The parameter's versions under one override, or why the override does not fit the parameter. */
export function overrideVersions(p: CompiledParameter, raw: unknown): OverrideVersions {
  if (raw === null || raw === undefined) return { ok: false, message: 'needs a value (null is not one)' };
  return Array.isArray(raw) ? datedForm(p, raw) : plainForm(p, raw);
}
