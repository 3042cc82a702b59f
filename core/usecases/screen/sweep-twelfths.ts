/**
 * The monthly total's numbers as the answer writes them (docs/screening.md "Cliffs across programs"): the scaled
 * total (./sweep-total-scaled.ts) sums the monthly and the annual amounts apart in units of 10^-places, and
 * month + year / 12 is written as the decimal total (./sweep-total-decimal.ts) writes it (./sweep-lines.ts exactJson):
 * a JSON number where it has 15 significant digits or fewer, else the decimal rounded to 28 significant digits.
 * Plain numbers carry every step exactly: 12 · month + year is below 10^15 and the long division's remainders below
 * 12·10^7.
 */
import type { ExactNumber } from '../../ports/sweeper.js';

/** Significant digits Exact keeps (its precision). */
const DIGITS = 28;

/** floor(m / d) for whole m >= 0 and d > 0, settled by the remainder where plain division rounds. */
function quotient(m: number, d: number): number {
  const q = Math.floor(m / d);
  const r = m - q * d;
  return r < 0 ? q - 1 : r >= d ? q + 1 : q;
}

/** Adds one unit in the last place of a string of decimal digits (which may carry into a new leading digit). */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/** Digits of the long division written at a time: a remainder below 10^8 times 10^7 is a safe integer. */
const CHUNK = 7;
const CHUNK_SCALE = 10 ** CHUNK;

/** Whether dropping `extra` digits, and a remainder rest / d below them, rounds half-even up from the `last` digit. */
function roundsUp(extra: string, rest: number, d: number, last: string): boolean {
  if (extra === '') return 2 * rest > d || (2 * rest === d && Number(last) % 2 === 1);
  if (extra[0] !== '5') return extra[0] > '5';
  return rest !== 0 || /[1-9]/.test(extra.slice(1)) || Number(last) % 2 === 1;
}

/**
 * n / d (whole, 0 < d <= 10^8) as a decimal string rounded half-even to 28 significant digits, and to `places`
 * decimal places where that is fewer, written as Exact writes it.
 */
export function decimalString(n: number, d: number, places = Infinity): string {
  const m = Math.abs(n);
  const whole = quotient(m, d);
  let rest = m - whole * d;
  const wholeDigits = whole === 0 ? '' : String(whole);
  // Digits after the point: up to `places`, and 28 significant ones in all (counted from the first that is not 0).
  let allowed = wholeDigits === '' ? places : Math.min(places, DIGITS - wholeDigits.length);
  let lead = wholeDigits === '' ? -1 : 0;
  let fraction = '';
  while (rest !== 0 && fraction.length < allowed) {
    const chunk = quotient(rest * CHUNK_SCALE, d);
    rest = rest * CHUNK_SCALE - chunk * d;
    fraction += String(chunk).padStart(CHUNK, '0');
    if (lead < 0 && chunk !== 0) {
      lead = fraction.search(/[1-9]/);
      allowed = Math.min(places, lead + DIGITS);
    }
  }
  const kept = Math.min(fraction.length, allowed);
  let digits = wholeDigits + fraction.slice(0, kept);
  if (roundsUp(fraction.slice(kept), rest, d, digits[digits.length - 1] ?? '0')) digits = incremented(digits);
  const point = digits.length - kept;
  // The whole part has no leading zeros (a carry only adds a 1); the decimals lose their trailing ones.
  let end = digits.length;
  while (end > point && digits[end - 1] === '0') end -= 1;
  const integer = point > 0 ? digits.slice(0, point) : '0';
  const text = end > point ? `${integer}.${digits.slice(point, end)}` : integer;
  return n < 0 && text !== '0' ? `-${text}` : text;
}

/** Significant digits of a decimal string as Exact counts them with precision(true) (an integer's zeros count). */
function significantDigits(text: string): number {
  const dot = text.indexOf('.');
  const digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1);
  let first = 0;
  while (first < digits.length && (digits[first] === '0' || digits[first] === '-')) first += 1;
  return first === digits.length ? 1 : digits.length - first;
}

/** A decimal string as the answer writes it: a JSON number where it has 15 significant digits or fewer. */
export function decimalJson(text: string): ExactNumber {
  return significantDigits(text) <= 15 ? Number(text) : text;
}

/** Decimal places of a decimal string. */
export function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * month + year / 12 (both in units of 10^-places) as the decimal total writes it: the annual sum divided by 12 and
 * rounded to 28 digits, then added to the monthly sum, which keeps that quotient's last decimal place where the sum is
 * smaller (a negative amount) and rounds to 28 digits where it is larger. A twelfth's digits end in 3s or 6s, never in
 * a tie, so that is the exact sum rounded once there.
 */
export function twelfthText(month: number, year: number, places: number): string {
  const denominator = 12 * 10 ** places;
  const smaller = month !== 0 && Math.sign(month) !== Math.sign(year) && !terminates(year);
  return decimalString(12 * month + year, denominator, smaller ? placesOf(decimalString(year, denominator)) : Infinity);
}

/** The exact JSON form of month + year / 12 (in units of 10^-places), as the decimal total writes it. */
export function twelfthJson(month: number, year: number, places: number): ExactNumber {
  const n = 12 * month + year;
  // A whole number of 10^-places, or of 10^-(places + 2) (a quarter), below 10^15: exactly a JSON number.
  if (n % 12 === 0) return n / 12 / 10 ** places;
  if (n % 3 === 0 && Math.abs((n / 3) * 25) < 1e15) return ((n / 3) * 25) / 10 ** (places + 2);
  return decimalJson(twelfthText(month, year, places));
}

/** Whether n / (12·10^places) is a decimal that ends (n a multiple of 3), so Exact carries it without rounding. */
export function terminates(n: number): boolean {
  return n % 3 === 0;
}
