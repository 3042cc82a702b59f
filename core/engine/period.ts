/** The one parser of a written period (requests, compose specs' default periods, test cases: §8.1). */
import type { Period } from './explain/evaluate.js';
import { EvalError, isoToDays } from './values.js';
import { isObject } from '../domain/is-object.js';

function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * Parses a period as requests, compose specs and test cases write it (§8.1): `YYYY-MM` (a month), `YYYY-MM-DD`
 * (a day), or `{ period_kind, start, end, name? }`. A bare year is refused.
 */
export function parsePeriod(raw: unknown): Period {
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
