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

/**
 * Days since 1970-01-01 for a `YYYY-MM-DD` string (proleptic Gregorian calendar, years 0000-9999), or undefined
 * when it is not a real calendar date. Plain arithmetic on the characters: cheap enough that nothing is cached.
 */
export function isoToDays(iso: string): number | undefined {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return undefined;
  const y = digitsAt(iso, 0, 4);
  const m = digitsAt(iso, 5, 2);
  const d = digitsAt(iso, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return daysFromCivil(y, m, d);
}

/** The decimal number written by `count` ASCII digits at `at`, or -1 when one of them is not a digit. */
function digitsAt(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function daysInMonth(y: number, m: number): number {
  if (m !== 2) return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}

/**
 * Days since 1970-01-01. Counting years from March makes the leap day the last day of its year, so a date's day
 * in a 400-year cycle (146,097 days) is whole years (365 each, plus leap days) plus the days since March 1.
 */
function daysFromCivil(year: number, m: number, d: number): number {
  const y = m <= 2 ? year - 1 : year;
  const cycle = Math.floor(y / 400);
  const yearOfCycle = y - cycle * 400;
  const dayOfYear = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const dayOfCycle = yearOfCycle * 365 + Math.floor(yearOfCycle / 4) - Math.floor(yearOfCycle / 100) + dayOfYear;
  // 719,468 days from 0000-03-01 to 1970-01-01.
  return cycle * 146_097 + dayOfCycle - 719_468;
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
