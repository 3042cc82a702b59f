/**
 * The programs' described outputs as scaled integers (docs/screening.md "Cliffs across programs"): where every number
 * is a decimal of at most 6 places and of modest size, a piece's value at grid index k is (a + b·(k − k0)) / 10^places
 * with a and b safe integers, so the statuses and the total (./sweep-total-scaled.ts) are exact plain-number
 * arithmetic rather than decimals. A description that does not fit (a decimal string, more places, a value beyond the
 * bound, a grid whose step is not a power of ten) leaves the combination to the decimal pieces of ./sweep-lines.ts.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import type { SweepDescription } from '../../ports/sweeper.js';
import { isDecimalText, type Grid } from './sweep-lines.js';

/** Most decimal places of a scaled number. */
const MAX_PLACES = 6;
/**
 * Largest scaled value of a piece over its span, and most programs in the total: the total's sums times 12 (and
 * times 25/3 when it is written, ./sweep-twelfths.ts) stay below 10^15, where plain numbers are exact.
 */
const MAX_SCALED = 2 ** 37;
export const MAX_PARTS = 64;

/** A number a + b·(k − k0) over k0..k1, both scaled by 10^places; or a constant non-number value. */
export interface ScaledPiece {
  k0: number;
  k1: number;
  num: boolean;
  a: number;
  b: number;
  /** A non-number's value (a judgment); null for a number. */
  value: JsonValue;
}

export interface ScaledLines {
  pieces: ScaledPiece[];
  /** The rule named by each breakpoint, by the grid index it starts at. */
  rules: Map<number, string | null>;
}

/** Decimal places of a JSON number in its shortest decimal form (the form Exact reads it in). */
function placesOf(v: number): number {
  if (!Number.isFinite(v)) return Infinity;
  const text = String(v);
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const places = dot < 0 ? 0 : mantissa.length - dot - 1;
  return e < 0 ? places : Math.max(0, places - Number(text.slice(e + 1)));
}

/** The decimal places every number of the descriptions fits in (values, and slopes per grid step), if few enough. */
export function scaleOf(descriptions: readonly SweepDescription[], grid: Grid): number | undefined {
  const stepPlaces = grid.stepPlaces;
  if (stepPlaces === undefined) return undefined;
  let places = 0;
  for (const d of descriptions) {
    for (const s of d.segments) {
      if (isDecimalText(s.value)) return undefined;
      if (typeof s.value !== 'number') continue;
      if (typeof s.slope !== 'number') return undefined;
      places = Math.max(places, placesOf(s.value), s.slope === 0 ? 0 : placesOf(s.slope) + stepPlaces);
    }
  }
  return places <= MAX_PLACES ? places : undefined;
}

/**
 * A JSON number times 10^places as a whole number, where that is exact and within `bound`. Below 10^15 the division
 * back gives the same number only for the decimal JSON wrote: no two decimals of 15 digits share a double.
 */
function scaled(v: number, unit: number, bound: number): number | undefined {
  const n = Math.round(v * unit);
  return n / unit === v && Math.abs(n) <= bound ? n : undefined;
}

/** An output's description as scaled pieces (places from scaleOf), or undefined where a value exceeds the bound. */
export function scaledLinesOf(description: SweepDescription, grid: Grid, places: number): ScaledLines | undefined {
  const unit = 10 ** places;
  const slopeUnit = 10 ** (places - (grid.stepPlaces as number));
  const pieces: ScaledPiece[] = [];
  for (const s of description.segments) {
    const k0 = grid.index(s.from);
    const k1 = grid.index(s.to);
    if (typeof s.value !== 'number') {
      pieces.push({ k0, k1, num: false, a: 0, b: 0, value: s.value });
      continue;
    }
    const a = scaled(s.value, unit, MAX_SCALED);
    const b = s.slope === 0 ? 0 : scaled(s.slope as number, slopeUnit, MAX_SCALED);
    if (a === undefined || b === undefined || Math.abs(a) + Math.abs(b) * (k1 - k0) > MAX_SCALED) return undefined;
    pieces.push({ k0, k1, num: true, a, b, value: null });
  }
  const rules = new Map<number, string | null>(description.breakpoints.map((b) => [grid.index(b.at), b.rule_id]));
  return { pieces, rules };
}

/** The value at k, scaled. */
export function scaledAt(piece: ScaledPiece, k: number): number {
  return piece.b === 0 ? piece.a : piece.a + piece.b * (k - piece.k0);
}

/** Whether a piece says yes as a screen reads an eligibility output: a judgment that holds, a number above 0. */
export function scaledSays(piece: ScaledPiece, k: number): boolean {
  return piece.num ? scaledAt(piece, k) > 0 : piece.value === true;
}

/** The first index after k0 within the piece at which a line's sign (above 0 or not) changes, if any. */
export function scaledCrossing(piece: ScaledPiece): number | undefined {
  if (!piece.num || piece.b === 0) return undefined;
  const first = scaledSays(piece, piece.k0);
  // A line changes sign at most once: none when both ends agree.
  if (scaledSays(piece, piece.k1) === first) return undefined;
  let c = Math.min(piece.k1, Math.max(piece.k0 + 1, Math.floor(piece.k0 - piece.a / piece.b)));
  // The root is a rounded quotient: settle the first index with the other sign by exact checks.
  while (c <= piece.k1 && scaledSays(piece, c) === first) c += 1;
  while (c - 1 > piece.k0 && scaledSays(piece, c - 1) !== first) c -= 1;
  return c <= piece.k1 ? c : undefined;
}
