/** A test case's `period` (§8.1) and how an expected value is compared with a computed one (§4.7, §8.2 step 9). */
import { Decimal, daysToIso, type Value } from '../values.js';

/** A test case's `period` is read as any request period is (§8.1): the engine's one period parser. */
export { parsePeriod as parseTestPeriod } from '../period.js';

/** Compares an expected test value with an actual value (§4.7, §8.2 step 9). */
export function matchesExpected(expected: unknown, actual: Value): boolean {
  if (typeof expected === 'string') {
    const word = expected.toLowerCase().replace(/-/g, '_');
    if (word === 'holds' || word === 'not_holds' || word === 'undetermined') {
      if (actual.k === 'judg') return actual.j === word;
      if (actual.k === 'bool') return word !== 'undetermined' && actual.b === (word === 'holds');
      return false;
    }
    if (actual.k === 'text') return actual.s === expected;
    if (actual.k === 'date') return daysToIso(actual.days) === expected;
    if (actual.k === 'num' && /^[+-]?\d+(\.\d+)?$/.test(expected.trim())) return actual.n.minus(new Decimal(expected.trim())).abs().lte('1e-18');
    return false;
  }
  if (typeof expected === 'boolean') {
    if (actual.k === 'bool') return actual.b === expected;
    if (actual.k === 'judg') return actual.j === (expected ? 'holds' : 'not_holds');
    return false;
  }
  if (typeof expected === 'number') {
    if (actual.k !== 'num') return false;
    return actual.n.minus(new Decimal(String(expected))).abs().lte('1e-18');
  }
  return false;
}
