/** A test case's `period` (§8.1) and how an expected value is compared with a computed one (§4.7, §8.2 step 9). */
import type { Period } from '../explain/evaluate.js';
import { Decimal, EvalError, daysToIso, isoToDays, type Value } from '../values.js';
import { isObject } from '../../domain/is-object.js';


function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Parses a test `period` (§8.1). */
export function parseTestPeriod(raw: unknown): Period {
  if (typeof raw === 'string') {
    const m = /^(\d{4})-(\d{2})$/.exec(raw);
    if (m) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      if (mo < 1 || mo > 12) throw new EvalError(`invalid month period "${raw}"`);
      return { kind: 'month', start: `${m[1]}-${m[2]}-01`, end: `${m[1]}-${m[2]}-${String(lastDayOfMonth(y, mo)).padStart(2, '0')}` };
    }
    if (isoToDays(raw) !== undefined) return { kind: 'custom', name: 'day', start: raw, end: raw };
    throw new EvalError(`unrecognised period "${raw}"`);
  }
  if (isObject(raw)) {
    const kind = String(raw.period_kind ?? raw.kind ?? '');
    const start = String(raw.start ?? '');
    const end = String(raw.end ?? '');
    if (!['month', 'tax_year', 'benefit_week', 'custom'].includes(kind)) throw new EvalError(`unknown period_kind "${kind}"`);
    if (isoToDays(start) === undefined || isoToDays(end) === undefined) throw new EvalError('a period needs start and end dates (YYYY-MM-DD)');
    if (kind === 'custom' && raw.name === undefined) throw new EvalError('a custom period needs a name');
    if (end < start) throw new EvalError('a period cannot end before it starts');
    return { kind, start, end, name: raw.name === undefined ? undefined : String(raw.name) };
  }
  throw new EvalError(`unrecognised period ${JSON.stringify(raw)} (a bare year is not a period)`);
}

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
