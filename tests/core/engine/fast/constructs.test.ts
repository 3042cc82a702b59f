import { describe, expect, it } from 'vitest';
import type { CompiledProgram } from '../../../../core/engine/compile/index.js';
import { Evaluator, type Period } from '../../../../core/engine/explain/evaluate.js';
import { EvalError, fromRaw, toJson } from '../../../../core/engine/values.js';
import { evaluateDatasetFast } from '../../../../core/engine/fast/evaluate/dataset.js';
import { kernelFor, layoutOf } from '../../../../core/engine/fast/kernel/kernel.js';
import { slotTypeOf } from '../../../../core/engine/fast/evaluate/dataset.js';
import { MONTH, compileOne, inputMap } from '../helpers.js';

const derived = (name: string, formula: string, dtype = 'Money', extra = '', entity = 'Household'): string =>
  `  - name: ${name}\n    kind: derived\n    entity: ${entity}\n    dtype: ${dtype}\n${extra}    versions:\n      - effective_from: '2020-01-01'\n        formula: ${JSON.stringify(formula)}\n`;
const param = (name: string, value: string): string =>
  `  - name: ${name}\n    kind: parameter\n    dtype: Rate\n    versions:\n      - effective_from: '2020-01-01'\n        formula: '${value}'\n`;

interface Case {
  inputs?: Record<string, unknown>;
  members?: Record<string, Record<string, unknown>>;
  relations?: Record<string, [string, string][]>;
  period?: Period;
}

/**
 * Both paths for rule `name` on entity e1: explain JSON (or its error), fast JSON (or 'bail'). When the fast
 * path carries the case, the trace-mode kernel's trace must equal the explain evaluator's.
 */
function both(program: CompiledProgram, name: string, c: Case = {}): { explain: unknown; fast: unknown } {
  const data = { inputs: inputMap(c.inputs ?? {}, c.members), relations: new Map(Object.entries(c.relations ?? {})) };
  const period = c.period ?? MONTH;
  let explain: unknown;
  const ev = new Evaluator(program, data, period, { trace: true });
  try {
    explain = toJson(ev.evaluate(name, 'e1'));
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    explain = { error: e.message };
  }
  const row = evaluateDatasetFast(program, data, period, [name], ['e1']).values[0];
  const traced = evaluateDatasetFast(program, data, period, [name], ['e1'], { trace: true });
  if (traced.values[0]) expect(JSON.parse(JSON.stringify(traced.trace))).toEqual(JSON.parse(JSON.stringify(ev.trace)));
  if (row) expect(traced.values[0] ? toJson(traced.values[0][0]) : 'bail').toEqual(toJson(row[0]));
  return { explain, fast: row ? toJson(row[0]) : 'bail' };
}

/** The fast path computed the value itself and it equals the explain path's. */
function agreesNatively(program: CompiledProgram, name: string, c: Case = {}): unknown {
  const r = both(program, name, c);
  expect(r.fast).not.toBe('bail');
  expect(r.fast).toEqual(r.explain);
  return r.fast;
}

/** The explain path raises an error; the fast path must hand the household back (never a value). */
function bailsOnError(program: CompiledProgram, name: string, c: Case = {}): void {
  const r = both(program, name, c);
  expect(r.explain).toHaveProperty('error');
  expect(r.fast).toBe('bail');
}

describe('numbers: exact scaled integers', () => {
  it('adds, subtracts and multiplies exactly at mixed scales', () => {
    const p = compileOne(param('rate', '0.30') + derived('v', 'income * rate - 0.05 + 1.125'));
    expect(agreesNatively(p, 'v', { inputs: { income: 386.5 } })).toBe(386.5 * 0 + 117.025);
    agreesNatively(p, 'v', { inputs: { income: 0.1 } });
    agreesNatively(p, 'v', { inputs: { income: -1234567.89 } });
  });

  it('keeps an exact quotient and bails on an inexact one (the explain path then gives 28 digits)', () => {
    const p = compileOne(derived('half', 'income / 4') + derived('third', 'income / 3'));
    expect(agreesNatively(p, 'half', { inputs: { income: 10.1 } })).toBe(2.525);
    const r = both(p, 'third', { inputs: { income: 1 } });
    expect(r.explain).toBe('0.3333333333333333333333333333');
    expect(r.fast).toBe('bail');
  });

  it('floors and ceils quotients exactly, as decimal.js does after 28-digit rounding', () => {
    const p = compileOne(derived('c', 'ceil(g * 1.3 / 12)') + derived('f', 'floor(g * 1.3 / 12)') + derived('n', 'ceil((0 - g) / 7)'));
    for (const g of [15650, 21030, 0, 1, 12, 99999.99, -45.5]) {
      agreesNatively(p, 'c', { inputs: { g } });
      agreesNatively(p, 'f', { inputs: { g } });
      agreesNatively(p, 'n', { inputs: { g } });
    }
  });

  it('floors, ceils and rounds scaled values, including negatives and halves', () => {
    const p = compileOne(derived('v', 'floor(x) * 1000 + ceil(x) + floor(x + 0.5)'));
    for (const x of [2.5, -2.5, 0.1, -0.1, 3, -3, 1e9 + 0.75]) agreesNatively(p, 'v', { inputs: { x } });
  });

  it('applies rule rounding to the currency minor unit in every mode', () => {
    const extra = (mode: string) => `    unit: USD\n    rounding: ${mode}\n`;
    const p = compileOne(
      derived('up', 'x * 0.125', 'Money', extra('half_up')) +
        derived('even', 'x * 0.125', 'Money', extra('half_even')) +
        derived('fl', 'x * 0.125', 'Money', extra('floor')) +
        derived('ce', 'x * 0.125', 'Money', extra('ceil')),
    );
    for (const x of [1, 3, 5, -1, -3, 12.34, 0.04]) for (const r of ['up', 'even', 'fl', 'ce']) agreesNatively(p, r, { inputs: { x } });
  });

  it('max/min keep the first of equals and need numbers', () => {
    const p = compileOne(derived('v', 'max(a, b, 0) - min(a, b)'));
    agreesNatively(p, 'v', { inputs: { a: 2.5, b: -1 } });
    bailsOnError(p, 'v', { inputs: { a: true, b: 1 } });
  });

  it('hands back households outside the exact envelope (overflow)', () => {
    const p = compileOne(derived('v', 'a * b'));
    const r = both(p, 'v', { inputs: { a: 9e15, b: 9e15 } });
    expect(r.fast).toBe('bail');
    expect(r.explain).toBe(8.1e31);
  });

  it('makes division by zero and missing inputs bail', () => {
    const p = compileOne(derived('ratio', 'a / b') + derived('fl', 'floor(a / b)'));
    bailsOnError(p, 'ratio', { inputs: { a: 1, b: 0 } });
    bailsOnError(p, 'fl', { inputs: { a: 1, b: 0 } });
    bailsOnError(p, 'ratio', { inputs: { a: 1 } });
  });
});

describe('judgments: three values encoded 0/1/2', () => {
  it('and/or/not/comparisons agree, with short-circuit reads', () => {
    const p = compileOne(
      derived('j_and', 'a and b', 'Judgment') + derived('j_or', 'a or b', 'Judgment') + derived('j_not', 'not (x > 3 or x <= -1)', 'Judgment'),
    );
    expect(agreesNatively(p, 'j_and', { inputs: { a: false } })).toBe('not_holds');
    expect(agreesNatively(p, 'j_or', { inputs: { a: true } })).toBe('holds');
    bailsOnError(p, 'j_and', { inputs: { a: true } });
    for (const x of [-2, -1, 0, 3, 3.01]) agreesNatively(p, 'j_not', { inputs: { x } });
  });

  it('reads text inputs "holds"/"not_holds" as judgments and rejects other text', () => {
    const p = compileOne(derived('j', 'a', 'Judgment'));
    expect(agreesNatively(p, 'j', { inputs: { a: 'holds' } })).toBe('holds');
    bailsOnError(p, 'j', { inputs: { a: 'maybe' } });
  });

  it('exactly_one and Boolean equality', () => {
    const p = compileOne(derived('j', 'exactly_one(a, b, c)', 'Judgment') + derived('k', 'a == b', 'Judgment'));
    for (const [a, b, c] of [[true, false, false], [true, true, false], [false, false, false]]) {
      agreesNatively(p, 'j', { inputs: { a, b, c } });
      agreesNatively(p, 'k', { inputs: { a, b, c } });
    }
  });

  it('if selects only on holds; text and dates compare', () => {
    const p = compileOne(
      derived('v', 'if kind == "a": 1.5 elif kind == "b": 2 else: 3.25') +
        derived('d', 'if start_date <= period_start: days_between(start_date, period_end) else: 0', 'Integer'),
    );
    for (const kind of ['a', 'b', 'c']) agreesNatively(p, 'v', { inputs: { kind } });
    agreesNatively(p, 'd', { inputs: { start_date: '2025-12-01' } });
    agreesNatively(p, 'd', { inputs: { start_date: '2026-02-01' } });
    bailsOnError(p, 'v', { inputs: { kind: 5 } });
  });
});

describe('parameters: resolved once per period', () => {
  const table = `  - name: limit
    kind: parameter
    dtype: Money
    indexed_by: size
    versions:
      - effective_from: '2020-01-01'
        values: {1: 100, 2: 150.5, 3: 200}
      - effective_from: '2026-01-01'
        values: {1: 110, 2: 160.25, 3: 210}
`;
  it('reads effective-dated tables by integer key, and a missing key bails', () => {
    const p = compileOne(table + derived('v', 'limit[size] * 2'));
    for (const size of [1, 2, 3]) {
      agreesNatively(p, 'v', { inputs: { size } });
      agreesNatively(p, 'v', { inputs: { size }, period: { start: '2025-06-01', end: '2025-06-30' } });
    }
    bailsOnError(p, 'v', { inputs: { size: 4 } });
    bailsOnError(p, 'v', { inputs: { size: 1.5 } });
  });

  it('caches one kernel per program, period and signature', () => {
    const p = compileOne(table + derived('v', 'limit[size] * 2'));
    const sig = layoutOf(p).slots.map(() => slotTypeOf([fromRaw(1)]));
    const a = kernelFor(p, MONTH, sig, ['v']);
    expect(kernelFor(p, MONTH, sig, ['v'])).toBe(a);
    expect(kernelFor(p, { start: '2025-01-01', end: '2025-01-31' }, sig, ['v'])).not.toBe(a);
    // Months with the same live versions share the kernel (no formula reads the period dates).
    expect(kernelFor(p, { start: '2031-07-01', end: '2031-07-31' }, sig, ['v'])).toBe(a);
  });
});

describe('relations: aggregation over members', () => {
  const rules =
    `  - name: member_of_household\n    kind: data_relation\n    data_relation: {arity: 2, arguments: [Person, Household]}\n` +
    derived('is_adult', 'age >= 18', 'Judgment', '', 'Person') +
    derived('n', 'len(member_of_household)', 'Integer') +
    derived('adults', 'count_where(member_of_household, is_adult)', 'Integer') +
    derived('adult_income', 'sum_where(member_of_household, income, is_adult)') +
    derived('all_income', 'sum(member_of_household.income)');
  it('len, count_where, sum_where and sum agree (duplicates counted once)', () => {
    const p = compileOne(rules);
    const c: Case = {
      members: { a: { age: 40, income: 1000.5 }, b: { age: 10, income: 20.25 }, c: { age: 18, income: 0.01 } },
      relations: { member_of_household: [['a', 'e1'], ['b', 'e1'], ['c', 'e1'], ['a', 'e1']] },
    };
    for (const r of ['n', 'adults', 'adult_income', 'all_income']) agreesNatively(p, r, c);
    expect(agreesNatively(p, 'n', {})).toBe(0);
    expect(agreesNatively(p, 'all_income', {})).toBe(0);
  });

  it('a member with a missing field bails', () => {
    const p = compileOne(rules);
    bailsOnError(p, 'all_income', { members: { a: { age: 3 } }, relations: { member_of_household: [['a', 'e1']] } });
  });

  // The query function computes its aggregations in one member pass (emit/member-pass.ts).
  const passRules =
    rules +
    derived('is_student', 'student', 'Judgment', '', 'Person') +
    derived('adults_again', 'count_where(member_of_household, is_adult)', 'Integer') +
    derived('summary', 'adults * 1000000 + adults_again * 10000 + adult_income + all_income') +
    derived('chosen', 'if ask_students: count_where(member_of_household, is_student) else: count_where(member_of_household, is_adult)', 'Integer');

  it('one member pass gives every aggregation of the query the value of its own loop', () => {
    const p = compileOne(passRules);
    const sig = layoutOf(p).slots.map((slot) => slotTypeOf([fromRaw(slot === 'student' || slot === 'ask_students' ? true : 1)]));
    const source = kernelFor(p, MONTH, sig, ['summary']).source;
    // adults and adults_again are the same aggregation written twice: three result slots, not four.
    expect(source).toContain('const M0 = new Float64Array(3);');
    expect(source).toContain('const m0 = pass0(C, R, e);');
    const c: Case = {
      members: { a: { age: 40, income: 1000.5 }, b: { age: 10, income: 20.25 }, c: { age: 18, income: 0.01 } },
      relations: { member_of_household: [['a', 'e1'], ['b', 'e1'], ['c', 'e1']] },
    };
    // adults 2 (a, c), the same count again, adult income 1000.51, all income 1020.76:
    // 2 * 1,000,000 + 2 * 10,000 + 1000.51 + 1020.76 = 2,022,021.27
    expect(agreesNatively(p, 'summary', c)).toBe(2022021.27);
    expect(agreesNatively(p, 'summary', {})).toBe(0);
  });

  it('traces a parameter read inside an aggregation as a read of the rule that aggregates', () => {
    // `both` checks the trace-mode kernel's trace against the explain evaluator's, entry for entry, reads included.
    const p = compileOne(rules + param('share', '0.5') + derived('adult_shares', 'sum_where(member_of_household, share, is_adult)') + derived('plain', 'n + 1', 'Integer'));
    const c: Case = { members: { a: { age: 40, income: 100 }, b: { age: 10, income: 20 } }, relations: { member_of_household: [['a', 'e1'], ['b', 'e1']] } };
    // Only a (40) is an adult: one share of 0.5.
    expect(agreesNatively(p, 'adult_shares', c)).toBe(0.5);
    expect(agreesNatively(p, 'plain', c)).toBe(3);
  });

  it('when the pass would fail on a member fact the rules do not read, the aggregation loops answer', () => {
    const p = compileOne(passRules);
    // No member says whether it is a student: the pass (counting students too) fails, the explain path never
    // reads the fact since ask_students is false, and the fast path still answers from the loops: 1 adult.
    const c: Case = { inputs: { ask_students: false }, members: { a: { age: 40 }, b: { age: 3 } }, relations: { member_of_household: [['a', 'e1'], ['b', 'e1']] } };
    expect(agreesNatively(p, 'chosen', c)).toBe(1);
    // Asked for students, the explain path fails on the missing fact and the fast path hands the household back.
    bailsOnError(p, 'chosen', { ...c, inputs: { ask_students: true } });
    expect(agreesNatively(p, 'chosen', { ...c, inputs: { ask_students: true }, members: { a: { age: 40, student: true }, b: { age: 3, student: false } } })).toBe(1);
  });
});

describe('code generation safety', () => {
  it('never puts rule text into the generated source: identifiers become indexes, strings constants', () => {
    const evil = '"); globalThis.pwned = 1; ("';
    const p = compileOne(derived('v', `if kind == ${JSON.stringify(evil)}: 1 else: 2`));
    const sig = layoutOf(p).slots.map(() => slotTypeOf([fromRaw('x')]));
    const k = kernelFor(p, MONTH, sig, ['v']);
    expect(k.source).not.toContain('pwned');
    expect(k.source).not.toContain('kind');
    expect(agreesNatively(p, 'v', { inputs: { kind: evil } })).toBe(1);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });
});
