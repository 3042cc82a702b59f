/**
 * The engine's exact sweep on a small hand-worked program: strict and non-strict limits land on the right cent,
 * a ceil makes one-dollar steps attributed to its rule, a floor (minimum) absorbs steps, lines keep their slope,
 * and a product of two axis-dependent values is refused.
 */
import { describe, expect, it } from 'vitest';
import { sweepProgram, SweepError } from '../../../../core/engine/sweep/index.js';
import { Decimal } from '../../../../core/engine/values.js';
import { compileOne, evalRule, inputMap, MONTH } from '../helpers.js';

const derived = (name: string, formula: string, dtype = 'Money'): string =>
  `  - name: ${name}\n    kind: derived\n    entity: Household\n    dtype: ${dtype}\n    versions:\n      - effective_from: '2020-01-01'\n        formula: ${JSON.stringify(formula)}\n`;

const program = compileOne(
  [
    derived('eligible', 'x <= 1000', 'Judgment'),
    derived('under', 'x < 1000', 'Judgment'),
    derived('contribution', 'ceil(x * 0.1)'),
    derived('benefit', 'if eligible: max(50 - contribution, 10) else: 0'),
    derived('half', 'x / 2 + 3'),
    derived('square', 'x * x'),
  ].join(''),
);
const LIMITS = { maxSegments: 1000, maxSteps: 5000 };
const axis = (to: number) => ({ input: 'x', entity: 'e1', from: new Decimal(0), to: new Decimal(to), step: new Decimal('0.01') });
const sweep = (outputs: string[], to = 2000) => sweepProgram(program, { inputs: inputMap({ x: 0 }), relations: new Map() }, MONTH, 'e1', axis(to), outputs, LIMITS);

describe('sweepProgram', () => {
  it('puts a non-strict limit one cent past it and a strict one on it', () => {
    const { outputs } = sweep(['eligible', 'under']);
    // x <= 1000 holds at 1000.00 and fails from 1000.01; x < 1000 fails from 1000.00.
    expect(outputs.eligible.breakpoints).toEqual([{ at: 1000.01, before: 'holds', after: 'not_holds', rule: expect.objectContaining({ name: 'eligible' }) }]);
    expect(outputs.under.breakpoints.map((b) => b.at)).toEqual([1000]);
    expect(outputs.eligible.segments).toEqual([
      { from: 0, to: 1000, value: 'holds', slope: 0 },
      { from: 1000.01, to: 2000, value: 'not_holds', slope: 0 },
    ]);
  });

  it('gives every one-dollar step of a ceil, the minimum that absorbs the later ones, and the cliff', () => {
    const { segments, breakpoints } = sweep(['benefit']).outputs.benefit;
    // ceil(0.1·x) is 0 at x = 0 and n for x in (10(n-1), 10n]: the benefit 50 - n drops at 0.01, 10.01, 20.01, ...
    // until 50 - 40 = 10 at 390.01; from 400.01 the minimum of 10 holds, to the limit (x <= 1000), then 0.
    expect(breakpoints.slice(0, 3)).toEqual([
      { at: 0.01, before: 50, after: 49, rule: expect.objectContaining({ name: 'contribution' }) },
      { at: 10.01, before: 49, after: 48, rule: expect.objectContaining({ name: 'contribution' }) },
      { at: 20.01, before: 48, after: 47, rule: expect.objectContaining({ name: 'contribution' }) },
    ]);
    expect(breakpoints).toHaveLength(41); // 40 one-dollar steps and the cliff
    expect(breakpoints[39]).toMatchObject({ at: 390.01, before: 11, after: 10 });
    expect(breakpoints[40]).toMatchObject({ at: 1000.01, before: 10, after: 0, rule: expect.objectContaining({ name: 'eligible' }) });
    expect(segments[40]).toEqual({ from: 390.01, to: 1000, value: 10, slope: 0 });
    expect(segments).toHaveLength(42);
  });

  it('keeps a line as one segment with its slope per unit', () => {
    expect(sweep(['half']).outputs.half).toEqual({ segments: [{ from: 0, to: 2000, value: 3, slope: 0.5 }], breakpoints: [] });
  });

  it('refuses a product of two values that both change with the axis', () => {
    expect(() => sweep(['square'])).toThrow(SweepError);
    expect(() => sweep(['square'])).toThrow(/multiplies two values that both change with the axis/);
  });

  it('keeps a line that stays on the rounding grid as one piece (an amount in cents times 12, rounded to the cent)', () => {
    const rounded = compileOne(
      [
        `  - name: annual\n    kind: derived\n    entity: Household\n    dtype: Money\n    unit: USD\n    rounding: half_up\n    versions:\n      - effective_from: '2020-01-01'\n        formula: "x * 12"\n`,
        `  - name: dollars\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: "floor(x * 100)"\n`,
        `  - name: third\n    kind: derived\n    entity: Household\n    dtype: Money\n    unit: USD\n    rounding: half_up\n    versions:\n      - effective_from: '2020-01-01'\n        formula: "x / 3"\n`,
      ].join(''),
      'units:\n  - {name: USD, kind: currency, minor_units: 2}\n',
    );
    const run = (output: string) => sweepProgram(rounded, { inputs: inputMap({ x: 0 }), relations: new Map() }, MONTH, 'e1', axis(10), [output], LIMITS);
    // x·12 and floor(100·x) are whole cents and whole numbers at every cent of x: one piece each, one evaluation.
    expect(run('annual')).toEqual({ outputs: { annual: { segments: [{ from: 0, to: 10, value: 0, slope: 12 }], breakpoints: [] } }, steps: 1 });
    expect(run('dollars')).toEqual({ outputs: { dollars: { segments: [{ from: 0, to: 10, value: 0, slope: 100 }], breakpoints: [] } }, steps: 1 });
    // x/3 to the cent is a staircase: 0.00 at x = 0 and 0.01, then 0.01 from x = 0.02 (0.00667 rounds up).
    expect(run('third').outputs.third.breakpoints[0]).toMatchObject({ at: 0.02, before: 0, after: 0.01 });
  });

  it('refuses a description over the segment limit', () => {
    expect(() => sweepProgram(program, { inputs: inputMap({ x: 0 }), relations: new Map() }, MONTH, 'e1', axis(2000), ['benefit'], { maxSegments: 10, maxSteps: 5000 })).toThrow(/more than 10 segments/);
  });

  it('gives every step of a rounding kept in closed form as evaluating at each cent does, with its rule', () => {
    const usd = 'units:\n  - {name: USD, kind: currency, minor_units: 2}\n';
    const rounding = (name: string, formula: string, mode: string) =>
      `  - name: ${name}\n    kind: derived\n    entity: Household\n    dtype: Money\n    unit: USD\n    rounding: ${mode}\n    versions:\n      - effective_from: '2020-01-01'\n        formula: ${JSON.stringify(formula)}\n`;
    const stairs = compileOne(
      [
        // An EITC-like credit: 34% of a year of x phased in, 15.98% phased out above 40 a month, whole dollars half up.
        derived('unrounded', 'max(min(x * 12 * 0.34, 150) - max(x * 12 - 480, 0) * 0.1598, 0)'),
        derived('credit', 'floor(unrounded + 0.5)'),
        derived('credit_less_fee', 'if credit > 100: credit - 25 else: credit'),
        derived('ceiled', 'ceil(x * 0.37)'),
        rounding('eighth_up', 'x / 8 - 2', 'half_up'),
        rounding('eighth_even', 'x / 8 - 2', 'half_even'),
        rounding('floored', '0 - x * 0.013', 'floor'),
      ].join(''),
      usd,
    );
    const outputs = ['credit', 'credit_less_fee', 'ceiled', 'eighth_up', 'eighth_even', 'floored'];
    const to = 50;
    const { outputs: described } = sweepProgram(stairs, { inputs: inputMap({ x: 0 }), relations: new Map() }, MONTH, 'e1', axis(to), outputs, { maxSegments: 20000, maxSteps: 20000 });
    const wrong: string[] = [];
    for (const name of outputs) {
      const { segments, breakpoints } = described[name];
      let i = 0;
      for (let cents = 0; cents <= to * 100; cents += 1) {
        const x = new Decimal(cents).dividedBy(100);
        while (new Decimal(segments[i].to as number).lt(x)) i += 1;
        const s = segments[i] as { from: number; value: number; slope: number };
        const swept = new Decimal(s.value).plus(new Decimal(s.slope).times(x.minus(s.from)));
        const plain = evalRule(stairs, name, { x: x.toNumber() });
        if (!swept.eq(plain as number)) wrong.push(`${name} at ${x}: swept ${swept}, evaluated ${plain}`);
        if (wrong.length > 5) break;
      }
      // Each step is a breakpoint named by the rule that rounds (credit_less_fee: its own step at the fee too).
      const named = new Set(breakpoints.map((b) => b.rule?.name));
      expect(named.has(name === 'credit_less_fee' ? 'credit' : name), name).toBe(true);
    }
    expect(wrong).toEqual([]);
    // 150 whole-dollar steps in and 19 out; a lost step would show above as a wrong value.
    expect(described.credit.breakpoints.length).toBeGreaterThan(160);
  }, 120_000);
});
