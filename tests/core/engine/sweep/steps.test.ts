/**
 * Staircases in closed form (core/engine/sweep/steps.ts): the value at every index and the end of every step must be
 * what rounding the decimal a + b·K gives at each index, to the unit, in every mode (ties included, negative values
 * included). A step off by a cent or a missing step fails here.
 */
import { describe, expect, it } from 'vitest';
import { staircase, stepAt, stepEnd, stepValue, type StepMode } from '../../../../core/engine/sweep/steps.js';
import { roundTo } from '../../../../core/engine/explain/value-ops.js';
import { Decimal } from '../../../../core/engine/values.js';
import { mulberry32 } from '../../../support/prng.js';

const MODES: StepMode[] = ['floor', 'ceil', 'half_up', 'half_even'];

/** The evaluator's rounding of a + b·k to `places` decimals, index by index (what a staircase replaces). */
function rounded(a: Decimal, b: Decimal, k: number, places: number, mode: StepMode): Decimal {
  return roundTo(a.plus(b.times(k)), places, mode);
}

function check(a: Decimal, b: Decimal, places: number, mode: StepMode, last: number): void {
  const stairs = staircase(a, b, new Decimal(10).pow(-places), mode, last);
  expect(stairs, `${a} + ${b}·K`).toBeDefined();
  if (!stairs) return;
  const expected = Array.from({ length: last + 1 }, (_, k) => rounded(a, b, k, places, mode));
  const wrong: string[] = [];
  for (let k = 0; k <= last; k++) if (!stepValue(stairs, k).eq(expected[k])) wrong.push(`value at ${k}: ${stepValue(stairs, k)}, rounding gives ${expected[k]}`);
  // Every step's end, from every index: the last index before the value changes (or the last index).
  let end = last;
  for (let k = last; k >= 0; k--) {
    if (k < last && !expected[k + 1].eq(expected[k])) end = k;
    const found = stepEnd(stairs, k, last);
    if (found !== end) wrong.push(`step from ${k} ends at ${found}, not ${end}`);
  }
  expect(wrong.slice(0, 5), `${a} + ${b}·K (${mode}, ${places} places)`).toEqual([]);
}

describe('staircases in closed form', () => {
  it('match the rounding at every index for seeded lines, both slopes, every mode, whole units and cents', () => {
    const random = mulberry32(29);
    for (let n = 0; n < 40; n++) {
      const a = new Decimal(Math.round((random() - 0.5) * 2_000_000)).dividedBy(10_000);
      const b = new Decimal(Math.round((random() - 0.5) * 200_000) || 7).dividedBy(1_000_000);
      for (const mode of MODES) for (const places of [0, 2]) check(a, b, places, mode, 600);
    }
  });

  it('settle ties as the decimal rounding does: half up away from zero, half even to the even unit', () => {
    // 0.005·K - 1 meets every half cent exactly, below and above 0.
    for (const mode of MODES) check(new Decimal(-1), new Decimal('0.005'), 2, mode, 400);
    // 0.5·K - 20: every half dollar exactly, below and above 0.
    for (const mode of MODES) check(new Decimal(-20), new Decimal('0.5'), 0, mode, 80);
    expect(stepAt(staircase(new Decimal(-20), new Decimal('0.5'), new Decimal(1), 'half_up', 80)!, 1)).toBe(-20); // -19.5 → -20
    expect(stepAt(staircase(new Decimal(-20), new Decimal('0.5'), new Decimal(1), 'half_even', 80)!, 1)).toBe(-20);
    expect(stepAt(staircase(new Decimal(-20), new Decimal('0.5'), new Decimal(1), 'half_even', 80)!, 3)).toBe(-18); // -18.5 → -18
  });

  it('follow the EITC phase-in and phase-out lines to the whole dollar (12 months, 34% and 15.98% of each cent)', () => {
    check(new Decimal('0.5'), new Decimal('0.0408'), 0, 'floor', 3000); // floor(0.34·12·x + 0.5), x in cents
    check(new Decimal('4328.5'), new Decimal('-0.019176'), 0, 'floor', 3000);
  });

  it('are not made where the decimal arithmetic of a + b·K would round (then the sweep rounds index by index)', () => {
    const third = new Decimal(1).dividedBy(3);
    expect(staircase(new Decimal(0), third, new Decimal('0.01'), 'half_up', 1000)).toBeUndefined();
    expect(staircase(new Decimal(0), new Decimal(0), new Decimal(1), 'floor', 1000)).toBeUndefined();
  });
});
