import type { JsonValue, PackageInput } from './shape.js';

/** The value families a RuleSpec dtype lowers to (reference section 2.3: unknown spellings are decimal). */
export type ValueKind = 'decimal' | 'integer' | 'bool' | 'text' | 'date';

const KINDS: Record<string, ValueKind> = {
  judgment: 'bool',
  boolean: 'bool',
  bool: 'bool',
  integer: 'integer',
  int: 'integer',
  text: 'text',
  string: 'text',
  date: 'date',
};

/** Kinds by dtype spelling as packages write it (a handful of spellings, looked up on every value). */
const kindBySpelling = new Map<string, ValueKind>();

export function valueKind(dtype: string): ValueKind {
  let kind = kindBySpelling.get(dtype);
  if (kind === undefined) {
    kind = KINDS[dtype.toLowerCase()] ?? 'decimal';
    if (kindBySpelling.size < 256) kindBySpelling.set(dtype, kind);
  }
  return kind;
}

const MONEYISH = new Set(['money', 'integer', 'int', 'count']);

/**
 * No numeric input may exceed this magnitude. Past 10^13 a JSON number no longer carries cents exactly
 * (10^13 x 100 nears 2^53), so a result could not be exact to the cent; no household fact is that large.
 */
export const MAX_INPUT_MAGNITUDE = 1e13;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * Checks one household value against its input declaration and returns a problem description, or
 * undefined when the value is acceptable. Strings are never coerced to numbers: a wrong type is an error.
 */
export function valueProblem(input: PackageInput, value: unknown): string | undefined {
  const kind = valueKind(input.dtype);
  switch (kind) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : `must be a boolean (${input.dtype})`;
    case 'text':
      if (typeof value !== 'string') return `must be a string (${input.dtype})`;
      return input.values && !input.values.includes(value) ? `must be one of ${input.values.join(', ')}` : undefined;
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? undefined : `must be a date YYYY-MM-DD (${input.dtype})`;
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a finite number (${input.dtype})`;
      if (kind === 'integer' && !Number.isInteger(value)) return `must be a whole number (${input.dtype})`;
      if (value < 0 && !input.allow_negative && MONEYISH.has(input.dtype.toLowerCase())) return 'must not be negative';
      if (Math.abs(value) > MAX_INPUT_MAGNITUDE) return 'must be at most 10000000000000 in magnitude';
      if (input.minimum !== undefined && value < input.minimum) return `must be at least ${input.minimum}`;
      if (input.maximum !== undefined && value > input.maximum) return `must be at most ${input.maximum}`;
      return undefined;
    }
  }
}

export function isJsonObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A value may be given per period, PolicyEngine style (`{"2026-01": 2000}`): the calculation month's entry is
 * used. Returns the value unchanged when it is not such a map, and `missing` when the map lacks the month.
 */
export function valueForPeriod(value: unknown, period: string): { value: unknown } | { missing: string[] } {
  if (!isJsonObject(value)) return { value };
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => MONTH_KEY.test(key))) return { value };
  return period in value ? { value: value[period] } : { missing: keys };
}
