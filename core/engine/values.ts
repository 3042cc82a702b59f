/**
 * Run-time values of the RuleSpec expression language and their exact decimal arithmetic.
 * Numbers are one kind (exact decimals): the reference engine widens integers in arithmetic and compares
 * numbers kind-insensitively, so a separate integer kind would change no observable result.
 */
import { Decimal as BaseDecimal } from 'decimal.js';

/** 28 significant digits with half-even rounding, as the reference engine's rust_decimal does. */
export const Decimal = BaseDecimal.clone({ precision: 28, rounding: BaseDecimal.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 40 });
export type Decimal = BaseDecimal;

export type Judgment = 'holds' | 'not_holds' | 'undetermined';

export type Value =
  | { readonly k: 'num'; readonly n: Decimal }
  | { readonly k: 'bool'; readonly b: boolean }
  | { readonly k: 'text'; readonly s: string }
  | { readonly k: 'date'; readonly days: number }
  | { readonly k: 'judg'; readonly j: Judgment };

export const HOLDS: Value = Object.freeze({ k: 'judg', j: 'holds' });
export const NOT_HOLDS: Value = Object.freeze({ k: 'judg', j: 'not_holds' });
export const UNDETERMINED: Value = Object.freeze({ k: 'judg', j: 'undetermined' });
export const TRUE: Value = Object.freeze({ k: 'bool', b: true });
export const FALSE: Value = Object.freeze({ k: 'bool', b: false });

export function num(n: Decimal | number | string): Value {
  return { k: 'num', n: n instanceof BaseDecimal ? (n as Decimal) : new Decimal(n) };
}
export function text(s: string): Value {
  return { k: 'text', s };
}
export function bool(b: boolean): Value {
  return b ? TRUE : FALSE;
}
export function judgment(b: boolean): Value {
  return b ? HOLDS : NOT_HOLDS;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a `YYYY-MM-DD` string, or undefined when it is not a real calendar date. */
const dayCache = new Map<string, number | undefined>();

export function isoToDays(iso: string): number | undefined {
  if (dayCache.has(iso)) return dayCache.get(iso);
  const days = computeDays(iso);
  if (dayCache.size < 100_000) dayCache.set(iso, days);
  return days;
}

function computeDays(iso: string): number | undefined {
  const m = ISO_DATE.exec(iso);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const back = new Date(Date.UTC(2000, mo - 1, d));
  back.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  const ms = back.getTime();
  if (Number.isNaN(ms)) return undefined;
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(ms / 86_400_000);
}

export function daysToIso(days: number): string {
  const d = new Date(days * 86_400_000);
  const y = d.getUTCFullYear();
  return `${String(y).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

export function date(iso: string): Value {
  const days = isoToDays(iso);
  if (days === undefined) throw new EvalError(`"${iso}" is not a valid date`);
  return { k: 'date', days };
}

/**
 * What an evaluation failure is about, so callers map failures to their own errors without reading the message.
 * `missing_input`: no value for an input slot (the household lacks a fact); `period_not_covered`: no formula
 * version or parameter value in force at the period; `table_key_not_covered`: a table has no row for the key
 * read; `type_mismatch`: a value of the wrong kind; `evaluation_failed`: anything else (the rules' own failure).
 */
export type EvalFailure =
  | { readonly kind: 'missing_input'; readonly input: string; readonly entity: string; readonly rule?: string }
  | { readonly kind: 'period_not_covered'; readonly rule: string; readonly period: string }
  | { readonly kind: 'table_key_not_covered'; readonly parameter: string; readonly key: number; readonly period: string }
  | { readonly kind: 'type_mismatch' }
  | { readonly kind: 'evaluation_failed' };

/** An evaluation failure (missing input, division by zero, type mismatch...): a plain message for people and its structured kind. */
export class EvalError extends Error {
  constructor(
    message: string,
    readonly failure: EvalFailure = { kind: 'evaluation_failed' },
  ) {
    super(message);
    this.name = 'EvalError';
  }
}

export function kindName(v: Value): string {
  switch (v.k) {
    case 'num':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'text':
      return 'text';
    case 'date':
      return 'date';
    case 'judg':
      return 'judgment';
  }
}

/** JSON-friendly rendering used by traces and test reports (decimals as JS numbers when exact, else strings). */
export function toJson(v: Value): string | number | boolean {
  switch (v.k) {
    case 'num': {
      const asNumber = v.n.toNumber();
      return new Decimal(asNumber).eq(v.n) ? asNumber : v.n.toString();
    }
    case 'bool':
      return v.b;
    case 'text':
      return v.s;
    case 'date':
      return daysToIso(v.days);
    case 'judg':
      return v.j;
  }
}

export function show(v: Value): string {
  const j = toJson(v);
  return typeof j === 'string' && v.k === 'text' ? JSON.stringify(j) : String(j);
}

/**
 * Types a raw input (from YAML/JSON) as the harness does: bool → bool; integer/float → number;
 * `YYYY-MM-DD` → date; numeric string → number; any other string → text.
 */
export function fromRaw(raw: unknown): Value {
  if (typeof raw === 'boolean') return bool(raw);
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw new EvalError(`non-finite number ${raw}`);
    return num(new Decimal(String(raw)));
  }
  if (typeof raw === 'string') {
    if (ISO_DATE.test(raw) && isoToDays(raw) !== undefined) return date(raw);
    if (/^[+-]?\d+(\.\d+)?$/.test(raw)) return num(new Decimal(raw));
    return text(raw);
  }
  if (raw instanceof BaseDecimal) return num(raw as Decimal);
  throw new EvalError(`unsupported input value ${JSON.stringify(raw)}`);
}

/** Parameter table cells: integer string → number; decimal → number; date → date; else text. */
export function fromCell(raw: unknown): Value {
  if (typeof raw === 'string') {
    const t = raw.trim();
    if (/^[+-]?\d+(\.\d+)?$/.test(t)) return num(new Decimal(t));
    if (ISO_DATE.test(t) && isoToDays(t) !== undefined) return date(t);
    return text(raw);
  }
  return fromRaw(raw);
}
