/** Compares calculated outputs with a parity case's expected outputs (pure). */
import type { JsonValue } from '../../domain/household/shape.js';
import type { Comparison, OutputDifference } from './types.js';

/** Float noise below this never counts as a difference, even with a zero tolerance. */
const EPSILON = 1e-9;

function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const ak = Object.keys(a);
  const bo = b as Record<string, JsonValue>;
  return ak.length === Object.keys(bo).length && ak.every((k) => k in bo && sameJson((a as Record<string, JsonValue>)[k], bo[k]));
}

/** Rounds a delta to the precision JSON readers expect (no 0.30000000000000004). */
function cleanDelta(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Every expected variable must be present and equal; numbers may differ by at most `amount`. Outputs the case
 * does not expect are listed as `extra` but do not make the result different.
 */
export function compareOutputs(expected: Record<string, JsonValue>, actual: Record<string, JsonValue>, amount = 0): Comparison {
  const tolerance = Number.isFinite(amount) && amount > 0 ? amount : 0;
  const changed: OutputDifference[] = [];
  const missing: OutputDifference[] = [];
  const extra: OutputDifference[] = [];
  for (const [variable, want] of Object.entries(expected)) {
    if (!Object.hasOwn(actual, variable)) {
      missing.push({ variable, expected: want, actual: null });
      continue;
    }
    const got = actual[variable];
    if (typeof want === 'number' && typeof got === 'number') {
      const delta = got - want;
      if (!(Math.abs(delta) <= tolerance + EPSILON)) changed.push({ variable, expected: want, actual: got, delta: cleanDelta(delta) });
    } else if (!sameJson(want, got)) {
      changed.push({ variable, expected: want, actual: got });
    }
  }
  for (const [variable, got] of Object.entries(actual)) {
    if (!Object.hasOwn(expected, variable)) extra.push({ variable, expected: null, actual: got });
  }
  return { status: changed.length === 0 && missing.length === 0 ? 'matching' : 'different', changed, missing, extra };
}
