/**
 * The combined sweep's arithmetic (core/usecases/screen/sweep-combine.ts) on two hand-made programs over 0 to 200
 * dollars in cents: a status from a Judgment, a status from an amount whose line crosses 0 inside one segment, an
 * annual amount counted as a twelfth, and the cliffs with the total either side.
 */
import { describe, expect, it } from 'vitest';
import { combine, type ProgramOutputs } from '../../../../core/usecases/screen/sweep-combine.js';
import { Exact, Grid } from '../../../../core/usecases/screen/sweep-lines.js';
import type { ScreeningTerms } from '../../../../core/ports/screener.js';

const terms = (kind: ScreeningTerms['kind'], period: 'month' | 'year'): ScreeningTerms => ({
  eligible: ['e'],
  amount: 'a',
  amount_period: period,
  kind,
  recipient: 'household',
  person_eligible: [],
  person_eligible_values: [],
  tests: [],
  links: [],
});

const grid = new Grid(new Exact(0), new Exact('0.01'), new Exact(200));

/** Food: eligible while x <= 100 (a Judgment), 50 a month. */
const food: ProgramOutputs = {
  program_id: 'food',
  terms: terms('near_cash', 'month'),
  eligible: [
    {
      description: {
        segments: [
          { from: 0, to: 100, value: true, slope: 0 },
          { from: 100.01, to: 200, value: false, slope: 0 },
        ],
        breakpoints: [{ at: 100.01, before: true, after: false, rule_id: 'r:food_limit', sources: ['Food Act 1'] }],
      },
      rule_id: 'r:food_eligible',
    },
  ],
  amount: { segments: [{ from: 0, to: 200, value: 50, slope: 0 }], breakpoints: [] },
};

/** Credit: a year's amount 12x - 1.2 (one segment), eligible where it is above 0: from x = 0.11 (0.12 a year). */
const creditLine = { segments: [{ from: 0, to: 200, value: -1.2, slope: 12 }], breakpoints: [] };
const credit: ProgramOutputs = { program_id: 'credit', terms: terms('cash', 'year'), eligible: [{ description: creditLine, rule_id: 'r:credit' }], amount: creditLine };

describe('combine', () => {
  const combined = combine([food, credit], grid);

  it('finds the status of an amount where its line crosses 0 inside a segment, named by its own rule', () => {
    const status = combined.programs.find((p) => p.program_id === 'credit')?.status;
    expect(status).toEqual({
      segments: [
        { from: 0, to: 0.1, value: 'ineligible' },
        { from: 0.11, to: 200, value: 'eligible' },
      ],
      breakpoints: [{ at: 0.11, before: 'ineligible', after: 'eligible', rule_id: 'r:credit' }],
    });
  });

  it('sums the monthly total: the food amount while eligible, a twelfth of the credit while above 0', () => {
    // 0 to 0.10: food 50. From 0.11: 50 + (12x - 1.2) / 12 = 49.9 + x, slope 1 (50.01 at 0.11).
    // From 100.01: food ends: x - 0.1 (99.91 at 100.01).
    expect(combined.total.segments).toEqual([
      { from: 0, to: 0.1, value: 50, slope: 0 },
      { from: 0.11, to: 100, value: 50.01, slope: 1 },
      { from: 100.01, to: 200, value: 99.91, slope: 1 },
    ]);
    expect(combined.total.breakpoints).toEqual([
      { at: 0.11, before: 50, after: 50.01, program_id: 'credit', rule_id: 'r:credit' },
      { at: 100.01, before: 149.9, after: 99.91, program_id: 'food', rule_id: 'r:food_limit' },
    ]);
  });

  it('lists the cliffs in order with the total either side', () => {
    expect(combined.cliffs).toEqual([
      { at: 0.11, program_id: 'credit', rule_id: 'r:credit', before: 'ineligible', after: 'eligible', total_before: 50, total_after: 50.01 },
      { at: 100.01, program_id: 'food', rule_id: 'r:food_limit', before: 'eligible', after: 'ineligible', total_before: 149.9, total_after: 99.91 },
    ]);
  });

  it('keeps a program without an amount, or of coverage, out of the total', () => {
    const coverage: ProgramOutputs = { ...food, program_id: 'coverage', terms: { ...terms('coverage', 'month'), amount: undefined }, amount: undefined };
    const alone = combine([coverage], grid);
    expect(alone.programs[0]).toMatchObject({ in_total: false, amount: null });
    expect(alone.total).toEqual({ segments: [{ from: 0, to: 200, value: 0, slope: 0 }], breakpoints: [] });
    expect(alone.cliffs).toEqual([{ at: 100.01, program_id: 'coverage', rule_id: 'r:food_limit', before: 'eligible', after: 'ineligible', total_before: 0, total_after: 0 }]);
  });

  it('adds annual amounts before dividing by 12 once, so a total that does not terminate is correctly rounded', () => {
    // 2,200 + 7,291 a year is 790.91666... a month: a twelfth of each, rounded and added, would end in ...6666.
    const flat = (value: number) => ({ segments: [{ from: 0, to: 200, value, slope: 0 }], breakpoints: [] });
    const annual = (id: string, value: number): ProgramOutputs => ({ program_id: id, terms: terms('cash', 'year'), eligible: [{ description: flat(value), rule_id: `r:${id}` }], amount: flat(value) });
    const both = combine([annual('ctc', 2200), annual('eitc', 7291)], grid);
    expect(both.total.segments).toEqual([{ from: 0, to: 200, value: '790.9166666666666666666666667', slope: 0 }]);
    // Each program's amount is its own description as the sweep gave it.
    expect(both.programs.find((p) => p.program_id === 'eitc')?.amount).toEqual(flat(7291));
  });
});


/** The same programs with every number a decimal string: too many digits for scaled integers, so combined on decimals. */
function asDecimalStrings(program: ProgramOutputs): ProgramOutputs {
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
  const described = (d: ProgramOutputs['eligible'][number]['description']) => ({ ...d, segments: d.segments.map((s) => ({ ...s, value: text(s.value) as never, slope: text(s.slope) as never })) });
  return { ...program, eligible: program.eligible.map((e) => ({ ...e, description: described(e.description) })), ...(program.amount ? { amount: described(program.amount) } : {}) };
}

describe('combine on scaled integers and on decimals', () => {
  const line = (parts: Array<[number, number, number | string | boolean, number | string]>) => ({
    segments: parts.map(([from, to, value, slope]) => ({ from, to, value, slope })),
    breakpoints: parts.slice(1).map(([from]) => ({ at: from, before: 0, after: 0, rule_id: `r:${from}`, sources: [] })),
  });
  const program = (id: string, period: 'month' | 'year', amount: ReturnType<typeof line>): ProgramOutputs => ({ program_id: id, terms: terms('cash', period), eligible: [{ description: line([[0, 200, true, 0]]), rule_id: `r:${id}` }], amount });
  // A credit of 1 + 12x a year (a twelfth that does not terminate, sloped), a second credit that steps up by 12 a
  // year at 100.01 while a monthly amount steps down by 1: the total continues its line there.
  const sloped = [
    program('rising', 'year', line([[0, 200, 1, 12]])),
    program('up', 'year', line([[0, 100, 0, 0], [100.01, 200, 12, 0]])),
    program('down', 'month', line([[0, 100, 5, 0], [100.01, 150, 4, 0], [150.01, 200, 4.5, 0.5]])),
  ];

  for (const [name, programs] of [['a judgment, a line crossing 0, an annual amount', [food, credit]], ['sloped twelfths that continue across a step', sloped]] as const) {
    it(`gives the same statuses, total and cliffs: ${name}`, () => {
      const scaled = combine(programs, grid);
      const decimal = combine(programs.map(asDecimalStrings), grid);
      expect(scaled.total).toEqual(decimal.total);
      expect(scaled.cliffs).toEqual(decimal.cliffs);
      expect(scaled.programs.map((p) => p.status)).toEqual(decimal.programs.map((p) => p.status));
    });
  }

  it('continues the total across steps that cancel, on a line that does not terminate', () => {
    const { total } = combine(sloped, grid);
    // 5 + (1 + 12x) / 12 up to 100, then 4 + (13 + 12x) / 12: the same line; at 150.01 the monthly amount steps up
    // by 0.5 and slopes.
    expect(total.segments.map((s) => [s.from, s.to, s.value, s.slope])).toEqual([
      [0, 150, '5.083333333333333333333333333', 1],
      [150.01, 200, '155.5933333333333333333333333', 1.5],
    ]);
    expect(total.breakpoints).toEqual([{ at: 150.01, before: '155.0833333333333333333333333', after: '155.5933333333333333333333333', program_id: 'down', rule_id: 'r:150.01' }]);
  });
});
