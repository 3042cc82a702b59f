import { describe, expect, it } from 'vitest';
import { compareOutputs } from '../../../../core/usecases/parity/compare.js';

describe('compareOutputs', () => {
  it('matches equal outputs, and numbers within the tolerance', () => {
    expect(compareOutputs({ a: 1, b: true, c: 'x' }, { a: 1, b: true, c: 'x' }).status).toBe('matching');
    expect(compareOutputs({ a: 100 }, { a: 100.01 }, 0.01).status).toBe('matching');
    expect(compareOutputs({ a: 0.3 }, { a: 0.1 + 0.2 }).status).toBe('matching');
  });

  it('reports numeric differences beyond the tolerance with a clean delta', () => {
    const result = compareOutputs({ a: 100 }, { a: 100.3 }, 0.2);
    expect(result.status).toBe('different');
    expect(result.changed).toEqual([{ variable: 'a', expected: 100, actual: 100.3, delta: 0.3 }]);
  });

  it('compares non-numbers structurally and without delta', () => {
    expect(compareOutputs({ a: { x: [1, 2] } }, { a: { x: [1, 2] } }).status).toBe('matching');
    const result = compareOutputs({ a: true, b: '1' }, { a: false, b: 1 });
    expect(result.changed).toEqual([
      { variable: 'a', expected: true, actual: false },
      { variable: 'b', expected: '1', actual: 1 },
    ]);
  });

  it('lists missing outputs (different) and extra outputs (still matching)', () => {
    const result = compareOutputs({ a: 1, gone: 2 }, { a: 1, more: 3 });
    expect(result.status).toBe('different');
    expect(result.missing).toEqual([{ variable: 'gone', expected: 2, actual: null }]);
    expect(result.extra).toEqual([{ variable: 'more', expected: null, actual: 3 }]);
    expect(compareOutputs({ a: 1 }, { a: 1, more: 3 }).status).toBe('matching');
  });

  it('ignores a negative or non-finite tolerance', () => {
    expect(compareOutputs({ a: 1 }, { a: 2 }, -5).status).toBe('different');
    expect(compareOutputs({ a: 1 }, { a: 2 }, Number.NaN).status).toBe('different');
  });
});
