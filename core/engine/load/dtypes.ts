/** Declared dtype spellings and built-in currencies (reference §2.3, units). */
import type { DType } from './model.js';

export const BUILTIN_CURRENCIES: ReadonlyMap<string, number> = new Map([
  ['USD', 2], ['EUR', 2], ['GBP', 2], ['GHS', 2], ['GHp', 0], ['NGN', 2], ['UGX', 0], ['ZMW', 2], ['ETB', 2], ['RWF', 0], ['TZS', 2], ['DKK', 2],
]);

const DTYPES: Record<string, DType> = {
  Judgment: 'judgment', judgment: 'judgment',
  Boolean: 'bool', Bool: 'bool', boolean: 'bool', bool: 'bool',
  Integer: 'integer', integer: 'integer', int: 'integer',
  Money: 'decimal', money: 'decimal', Rate: 'decimal', rate: 'decimal', Decimal: 'decimal', decimal: 'decimal', float: 'decimal',
  Text: 'text', text: 'text', String: 'text', string: 'text',
  Date: 'date', date: 'date',
};

/** Lowered dtype for a declared spelling; unknown or missing spellings are decimal (§2.3). */
export function lowerDType(label: unknown): DType {
  return typeof label === 'string' && label in DTYPES ? DTYPES[label] : 'decimal';
}
