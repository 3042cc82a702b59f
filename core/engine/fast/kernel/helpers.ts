/**
 * The closed set of run-time helpers generated fast-path code may call (passed to `new Function` as one
 * object; generated code can reach nothing else).
 *
 * Numbers are scaled integers held in doubles: a value with static scale s is the integer M = value * 10^s.
 * Every helper keeps |M| <= 2^53 - 1, where double arithmetic on integers is exact and, because such values
 * have at most 16 significant digits, decimal.js (28 digits) is exact too, so both paths agree to the digit.
 * Anything outside that envelope (overflow, an inexact quotient that no rule's `rounding` takes through rqdiv,
 * an error the explain path would raise) throws BAIL, and the caller re-evaluates that household on the
 * explain path.
 */

/** Thrown by generated code when a household leaves the exact fast envelope or would raise an error. */
export const BAIL: { readonly bail: true } = Object.freeze({ bail: true });

const L = Number.MAX_SAFE_INTEGER;
/** Floor/ceil/round helpers need head-room for q * p to stay exact. */
const HALF = 2 ** 52;

function bail(): never {
  throw BAIL;
}

function add(a: number, b: number): number {
  const r = a + b;
  if (r > L || r < -L) bail();
  return r;
}

function sub(a: number, b: number): number {
  const r = a - b;
  if (r > L || r < -L) bail();
  return r;
}

function mul(a: number, b: number): number {
  const r = a * b;
  if (r > L || r < -L) bail();
  return r;
}

/** floor(a / p) for integers a and p > 0, exact (corrects the double quotient by the remainder). */
function fdiv(a: number, p: number): number {
  if (a > HALF || a < -HALF) bail();
  let q = Math.floor(a / p);
  const r = a - q * p;
  if (r < 0) q -= 1;
  else if (r >= p) q += 1;
  return q;
}

/** ceil(a / p), p > 0 (unary minus keeps decimal.js's -0 for the ceiling of a small negative). */
function cdiv(a: number, p: number): number {
  return -fdiv(-a, p);
}

/** Rounds a / p (p a power of ten > 1) to an integer with a `rounding` mode, as Decimal.toDecimalPlaces does. */
function rdiv(a: number, p: number, mode: number): number {
  if (mode === 2) return fdiv(a, p);
  if (mode === 3) return cdiv(a, p);
  const neg = a < 0 || Object.is(a, -0);
  const m = neg ? -a : a;
  let q = fdiv(m, p);
  const r2 = 2 * (m - q * p);
  if (r2 > p || (r2 === p && (mode === 0 || q % 2 === 1))) q += 1;
  return neg ? -q : q;
}

/** Exact quotient n / d scaled to an integer (n already multiplied up to the result scale), or BAIL. */
function qdiv(n: number, d: number): number {
  if (d === 0) bail();
  if (n > L || n < -L) bail();
  const q = Math.round(n / d);
  const back = q * d;
  if (back !== n || back > L || back < -L) bail();
  return n / d === q ? q : bail();
}

/**
 * floor (mode 2) or ceil (mode 3) of n / d. decimal.js first rounds the quotient to 28 significant digits;
 * with |d| < 1e13 and |n| <= 2^52 a non-integer quotient is at least 1/d away from any integer, far more
 * than that rounding moves it, so flooring the exact rational gives the same integer.
 */
function fqdiv(n: number, d: number, mode: number): number {
  if (d === 0) bail();
  if (d < 0) {
    n = 0 - n;
    d = 0 - d;
  }
  if (d >= 1e13) bail();
  return mode === 2 ? fdiv(n, d) : cdiv(n, d);
}

/**
 * A rule's `rounding` (mode as in rdiv) applied to the quotient n / d, both scaled so that n / d is the value
 * times 10^places. decimal.js first rounds the quotient to 28 significant digits (half-even), then the rule
 * rounds it; the result here is the same integer without that intermediate decimal. With |n|, |d| <= 2^52 < 1e27:
 * a non-integer n / d is at least 1/|d| from an integer and, unless it is exactly a half, at least 1/(2|d|) from
 * one; the 28-digit rounding moves the quotient q by at most q * 5e-28 = |n| / |d| * 5e-28 < 1/(2|d|), so it
 * crosses neither; an exact half (at most 17 digits) it leaves as is. Sign: decimal.js's (-0 kept).
 */
function rqdiv(n: number, d: number, mode: number): number {
  if (d === 0) bail();
  if (n > HALF || n < -HALF || d > HALF || d < -HALF) bail();
  const neg = (n < 0 || Object.is(n, -0)) !== d < 0;
  const m = Math.abs(n); // +0 for -0, so that q is +0 and -q the -0 decimal.js gives
  const p = Math.abs(d);
  let q = Math.floor(m / p);
  let r = m - q * p;
  if (r < 0) {
    q -= 1;
    r += p;
  } else if (r >= p) {
    q += 1;
    r -= p;
  }
  if (r !== 0 && awayFromZero(2 * r, p, q, neg, mode)) q += 1;
  return neg ? -q : q;
}

/** Whether a magnitude q + r/p (0 < r < p, twiceR = 2r) rounds up to q + 1 in a `rounding` mode. */
function awayFromZero(twiceR: number, p: number, q: number, neg: boolean, mode: number): boolean {
  if (mode === 2) return neg; // floor: a negative value moves away from zero
  if (mode === 3) return !neg; // ceil
  return twiceR > p || (twiceR === p && (mode === 0 || q % 2 === 1));
}

/** Rescales up by a power of ten. */
function up(a: number, p: number): number {
  const r = a * p;
  if (r > L || r < -L) bail();
  return r;
}

/** max/min keep the first of equal arguments, as the explain evaluator's `gt`/`lt` loop does. */
function max2(a: number, b: number): number {
  return b > a ? b : a;
}
function min2(a: number, b: number): number {
  return b < a ? b : a;
}

/** Judgment encoding: 0 not_holds, 1 undetermined, 2 holds. A text input reads as a judgment only as 'holds'/'not_holds'. */
function textJudg(s: string): number {
  return s === 'holds' ? 2 : s === 'not_holds' ? 0 : bail();
}

/** A judgment compared with == / != as a Boolean; undetermined cannot be compared. */
function judgBool(j: number): number {
  return j === 1 ? bail() : j === 2 ? 1 : 0;
}

function exactlyOne(items: readonly number[]): number {
  let holds = 0;
  let und = false;
  for (const j of items) {
    if (j === 2) holds++;
    else if (j === 1) und = true;
  }
  if (und) return holds > 1 ? 0 : 1;
  return holds === 1 ? 2 : 0;
}

/** Input reads: NaN (numbers, dates), 255 (Booleans, judgments) and undefined (text) mark a missing input. */
function rn(col: Float64Array, e: number): number {
  const v = col[e];
  return v === v ? v : bail();
}
function rb(col: Uint8Array, e: number): number {
  const v = col[e];
  return v === 255 ? bail() : v;
}
function rt(col: readonly (string | undefined)[], e: number): string {
  const v = col[e];
  return v === undefined ? bail() : v;
}

/** Table cell by integer key (scaled index divided by its power of ten); a missing key is an error. */
function cell<T>(table: readonly (T | undefined)[], keyScaled: number, p: number, offset: number): T {
  if (keyScaled % p !== 0) bail();
  const i = keyScaled / p - offset;
  if (i < 0 || i >= table.length) bail();
  const v = table[i];
  return v === undefined ? bail() : v;
}

/** date_add_days with a scaled day count that must be whole. */
function dadd(days: number, n: number, p: number): number {
  if (n % p !== 0) bail();
  return days + n / p;
}

/** A scaled number leaving the fast path as a JS number: exact round trip needs at most 15 digits. */
function outn(m: number, p: number): number {
  if (m >= 1e15 || m <= -1e15) bail();
  return m / p;
}

export const HELPERS = Object.freeze({
  BAIL,
  dadd,
  outn,
  bail,
  add,
  sub,
  mul,
  fdiv,
  cdiv,
  rdiv,
  qdiv,
  fqdiv,
  rqdiv,
  up,
  max2,
  min2,
  textJudg,
  judgBool,
  exactlyOne,
  rn,
  rb,
  rt,
  cell,
});

export type Helpers = typeof HELPERS;
export const HELPER_NAMES = Object.keys(HELPERS) as (keyof Helpers)[];
