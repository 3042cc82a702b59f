/** Operations on values the evaluators need beside their IR walk: rounding to a currency's places, comparisons, truth. */
import { Decimal, EvalError, judgment, kindName, show, type EvalFailure, type Value } from '../values.js';

/** The failure of every wrong-kind value (shared: it carries no fields). */
export const TYPE_MISMATCH: EvalFailure = Object.freeze({ kind: 'type_mismatch' });

export function roundTo(n: Decimal, places: number, mode: string): Decimal {
  const m =
    mode === 'half_up' ? Decimal.ROUND_HALF_UP : mode === 'half_even' ? Decimal.ROUND_HALF_EVEN : mode === 'floor' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL;
  return n.toDecimalPlaces(places, m);
}

/** A comparison's judgment: numbers and dates by order, text and truth values by (in)equality only. */
export function compareValues(op: string, l: Value, r: Value): Value {
  if (l.k === 'num' && r.k === 'num') {
    const c = l.n.comparedTo(r.n);
    return judgment(cmpHolds(op, c));
  }
  if (l.k === 'date' && r.k === 'date') return judgment(cmpHolds(op, l.days - r.days));
  const eqOnly = (a: unknown, b: unknown): Value => {
    if (op === '==') return judgment(a === b);
    if (op === '!=') return judgment(a !== b);
    throw new EvalError(`"${op}" cannot compare ${kindName(l)} values; only == and != are allowed`, TYPE_MISMATCH);
  };
  if (l.k === 'text' && r.k === 'text') return eqOnly(l.s, r.s);
  const asBool = (v: Value): boolean | undefined => (v.k === 'bool' ? v.b : v.k === 'judg' && v.j !== 'undetermined' ? v.j === 'holds' : undefined);
  const lb = asBool(l);
  const rb = asBool(r);
  if (lb !== undefined && rb !== undefined) return eqOnly(lb, rb);
  throw new EvalError(`type mismatch: cannot compare ${kindName(l)} ${show(l)} with ${kindName(r)} ${show(r)}`, TYPE_MISMATCH);
}

/** A value read in judgment position: a judgment itself, a boolean or the text holds/not_holds as one; else undefined. */
export function judgmentOf(v: Value): Value | undefined {
  if (v.k === 'judg') return v;
  if (v.k === 'bool') return judgment(v.b);
  if (v.k === 'text' && (v.s === 'holds' || v.s === 'not_holds')) return judgment(v.s === 'holds');
  return undefined;
}

/** Whether `a op b` holds, given c = the sign of a compared with b (shared with the sweep's windows). */
export function cmpHolds(op: string, c: number): boolean {
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '==':
      return c === 0;
    default:
      return c !== 0;
  }
}
