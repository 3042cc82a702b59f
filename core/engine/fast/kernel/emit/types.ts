/**
 * Static types of generated expressions and the small pure helpers every emitter shares.
 *
 * `Ty` and `SlotType` keep the `k` / `s` field names of the rest of the engine (IR nodes and Values are
 * discriminated by `k` too); sessions, batches and loaders read them.
 */
import { Decimal } from '../../../values.js';
import { BAIL } from '../helpers.js';

/** The value kinds the fast path carries (numbers with their decimal scale). */
type CarriedType =
  | { readonly k: 'num'; readonly s: number }
  | { readonly k: 'bool' }
  | { readonly k: 'judg' }
  | { readonly k: 'text' }
  | { readonly k: 'date' };

export type SlotType =
  | CarriedType
  /** No value anywhere, or values of several kinds: every read bails. */
  | { readonly k: 'none' };

export type Ty =
  | CarriedType
  /** Evaluation always bails (an error on the explain path, or a value kind the fast path does not carry). */
  | { readonly k: 'never' };

/** One emitted expression: its JavaScript text, its static type and, when the period fixes it, its value. */
export interface Code {
  readonly js: string;
  readonly type: Ty;
  /** Known at generation time: scaled number, 0/1/2, 0/1, day number or string. */
  readonly constant?: number | string;
}

/**
 * How a function body sees same-entity rules: 'all' (typing, trace mode: every rule by its own name); a map:
 * 'unconditional' rules are locals its evaluation certainly computes, 'conditional' rules are locals computed
 * ahead whose error is deferred to their use; rules outside the map (member context) are called.
 */
export type RuleAccess = 'unconditional' | 'conditional';
export type Scope = ReadonlyMap<string, RuleAccess> | 'all';
/** Member functions and aggregation bodies start with no same-entity locals. */
export const NO_LOCALS: ReadonlyMap<string, RuleAccess> = new Map();

/** Largest static scale: powers of ten up to 1e22 are exact doubles; values stay below 2^53 anyway. */
export const MAX_SCALE = 15;
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const NEVER: Ty = { k: 'never' };
export const BAIL_CODE: Code = { js: 'bail()', type: NEVER };

export const pow10 = (n: number): string => String(10 ** n);

export const judgment = (js: string): Code => ({ js, type: { k: 'judg' } });

/** A judgment-typed operand as is; anything else bails (the explain path raises a type error). */
export function asJudgment(operand: Code): Code {
  return operand.type.k === 'judg' ? operand : BAIL_CODE;
}

/** Scaled-integer literal for an exact decimal, or undefined when it does not fit the fast envelope. */
export function scaledInteger(value: Decimal): { integer: number; scale: number } | undefined {
  const scale = value.decimalPlaces();
  if (scale > MAX_SCALE) return undefined;
  const integer = value.times(new Decimal(10).pow(scale)).toNumber();
  if (!Number.isSafeInteger(integer)) return undefined;
  return { integer, scale };
}

/** A number literal; negatives (and -0, which decimal.js keeps) in parentheses, safe in any operand position. */
export function numberLiteral(value: number): string {
  return value < 0 || Object.is(value, -0) ? `(${Object.is(value, -0) ? '-0' : value})` : String(value);
}

/** The type of an `if` with these branches: numbers at the widest scale; undefined when kinds differ. */
export function joinTypes(types: readonly Ty[]): Ty | undefined {
  let out: Ty = NEVER;
  for (const type of types) {
    if (type.k === 'never') continue;
    if (out.k === 'never') out = type;
    else if (out.k === 'num' && type.k === 'num') out = { k: 'num', s: Math.max(out.s, type.s) };
    else if (out.k !== type.k) return undefined;
  }
  return out;
}

/** Folds a helper call at generation time; undefined when it would bail (the call then stays in the code). */
export function foldAtGeneration(compute: () => number): number | undefined {
  try {
    const result = compute();
    return Number.isFinite(result) && Math.abs(result) <= MAX_SAFE ? result : undefined;
  } catch (e) {
    if (e === BAIL) return undefined;
    throw e;
  }
}
