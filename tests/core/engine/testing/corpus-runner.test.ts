import { describe, expect, it } from 'vitest';
import { matchesExpected, parseTestPeriod, runCorpus } from '../../../../core/engine/testing/corpus-runner.js';
import { num, text, HOLDS, bool } from '../../../../core/engine/values.js';
import { repoOf } from '../helpers.js';

const module = `format: rulespec/v1
rules:
  - name: food_rate
    kind: parameter
    dtype: Rate
    versions:
      - effective_from: '2020-01-01'
        effective_to: '2025-12-31'
        formula: '0.30'
  - name: max_allotment
    kind: parameter
    dtype: Money
    indexed_by: household_size
    versions:
      - effective_from: '2020-01-01'
        values: {1: 298, 2: 546}
  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2}
  - name: household_size_counted
    kind: derived
    entity: Household
    dtype: Integer
    versions:
      - effective_from: '2020-01-01'
        formula: len(member_of_household)
  - name: contribution
    kind: derived
    entity: Household
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: net_income * 0.30
  - name: is_low_income
    kind: derived
    entity: Household
    dtype: Judgment
    versions:
      - effective_from: '2020-01-01'
        formula: net_income < 1000 and not disqualified
  - name: duty
    kind: derived
    entity: Payment
    dtype: Money
    versions:
      - effective_from: '2020-01-01'
        formula: amount * 0.1
`;

const tests = `- name: passes
  period: 2026-01
  input:
    us-xx:policies/demo/m#input.net_income: 386.5
    us-xx:policies/other#input.net_income: 386.5
    us-xx:policies/demo/m#input.disqualified: false
    us-xx:policies/demo/m#input.household_size: 2
    us-xx:policies/demo/m#relation.member_of_household:
      - us-xx:policies/demo/m#input.age: 30
      - id: p2
  output:
    us-xx:policies/demo/m#contribution: 115.95
    us-xx:policies/demo/m#is_low_income: holds
    us-xx:policies/demo/m#household_size_counted: 2
    us-xx:policies/demo/m#max_allotment: 546
    us-xx:policies/demo/m#food_rate: 0.3
- name: wrong_expectation
  period: {period_kind: tax_year, start: '2026-01-01', end: '2026-12-31'}
  input:
    us-xx:policies/demo/m#input.net_income: 2000
  output:
    us-xx:policies/demo/m#is_low_income: holds
- name: per_row
  period: 2026-01-15
  tables:
    Payment:
      - {id: a, us-xx:policies/demo/m#input.amount: 10}
      - {us-xx:policies/demo/m#input.amount: 25.5}
  output:
    us-xx:policies/demo/m#duty: [1, 2.55]
- name: ambiguous
  period: 2026-01
  input:
    us-xx:policies/demo/m#input.net_income: 1
    us-xx:policies/other#input.net_income: 2
  output:
    us-xx:policies/demo/m#contribution: 0.3
- name: computed_input_rejected
  period: 2026-01
  input:
    us-xx:policies/demo/m#contribution: 1
  output:
    us-xx:policies/demo/m#contribution: 1
`;

describe('corpus runner', () => {
  const repo = repoOf({ 'us-xx/policies/demo/m.yaml': module, 'us-xx/policies/demo/m.test.yaml': tests });
  const report = runCorpus(repo, () => tests);

  it('runs every case and reports per jurisdiction', () => {
    expect(report.files).toBe(1);
    expect(report.jurisdictions).toEqual([{ jurisdiction: 'us-xx', passed: 2, failed: 3 }]);
    expect(report.failures.map((f) => f.name)).toEqual(['wrong_expectation', 'ambiguous', 'computed_input_rejected']);
  });

  it('reports each failure with rule id, expected and actual, or the error', () => {
    const [wrong, ambiguous, computed] = report.failures;
    expect(wrong.failures).toEqual([{ ruleId: 'us-xx:policies/demo/m#is_low_income', expected: 'holds', actual: 'not_holds' }]);
    expect(ambiguous.error).toMatch(/ambiguous input "net_income": 1 and 2/);
    expect(computed.error).toMatch(/names a computed rule/);
  });

  it('reads the harness parameter path ignoring effective_to (the 2026 case still sees 0.3)', () => {
    expect(report.failures.some((f) => f.name === 'passes')).toBe(false);
  });

  it('filters by path substring', () => {
    expect(runCorpus(repo, () => tests, { filter: 'nothing-matches' }).files).toBe(0);
  });
});

describe('test periods and comparisons', () => {
  it('parses month, one-day and explicit periods and rejects a bare year', () => {
    expect(parseTestPeriod('2024-02')).toEqual({ kind: 'month', start: '2024-02-01', end: '2024-02-29' });
    expect(parseTestPeriod('2026-03-04')).toEqual({ kind: 'custom', name: 'day', start: '2026-03-04', end: '2026-03-04' });
    expect(parseTestPeriod({ period_kind: 'benefit_week', start: '2026-01-05', end: '2026-01-11' }).end).toBe('2026-01-11');
    expect(() => parseTestPeriod(2026)).toThrow(/bare year/);
    expect(() => parseTestPeriod({ period_kind: 'custom', start: '2026-01-01', end: '2026-12-31' })).toThrow(/needs a name/);
  });

  it('compares numbers exactly, judgments by word, bools against holds', () => {
    expect(matchesExpected(115.95, num('115.950'))).toBe(true);
    expect(matchesExpected(115.95, num('115.9500001'))).toBe(false);
    expect(matchesExpected('Not-Holds', { k: 'judg', j: 'not_holds' })).toBe(true);
    expect(matchesExpected('holds', bool(true))).toBe(true);
    expect(matchesExpected(true, HOLDS)).toBe(true);
    expect(matchesExpected('abc', text('abc'))).toBe(true);
    expect(matchesExpected(1, text('1'))).toBe(false);
  });
});
