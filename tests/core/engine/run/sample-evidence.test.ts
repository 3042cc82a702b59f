/**
 * Published sample households of compiled packages: verified by computing them; drawn from the companion test
 * cases of the package's closure before neutral values; a package none of whose candidates computes is reported
 * (sample_problem) and listed unavailable; a default period the rules do not cover gives way to the case's month;
 * failing companion tests of the closure are counted (the program becomes partial).
 */
import { describe, expect, it } from 'vitest';
import type { RuleRepository } from '../../../../core/ports/rule-repository.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { CalculatorRuntimeCatalog } from '../../../../core/usecases/read/runtime-catalog.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';

const credit = (from: string): string => `format: rulespec/v1
module:
  summary: A test credit.
rules:
  - name: credit_rate
    kind: parameter
    dtype: Rate
    source: Test Code 1(a)(1)
    versions:
      - effective_from: '${from}'
        formula: '0.5'
  - name: credit
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    period: Month
    source: Test Code 1(a)(2)
    versions:
      - effective_from: '${from}'
        formula: |-
          if claims_credit: base_amount * credit_rate else: 0
`;

const FILES: Record<string, string> = {
  // Covered at the program period; the test case supplies the inputs the neutral household would guess.
  'us-zz/statutes/1/a.yaml': credit('2025-01-01'),
  'us-zz/statutes/1/a.test.yaml': `- name: claims the credit
  period: 2026-01
  input:
    us-zz:statutes/1/a#input.claims_credit: holds
    us-zz:statutes/1/a#input.base_amount: 300
    us-zz:statutes/1/a#input.not_read_by_the_package: 4
  output:
    us-zz:statutes/1/a#credit: 150
`,
  'programs/us-zz/credit/fy-2026.yaml': 'program: us-zz/credit\nperiod: 2026-01\noutputs:\n  - credit\nscope:\n  state:\n    - statutes/1/a\n',
  // Rules start in August, the spec says January; the test case is dated in August.
  'us-zz/statutes/2/a.yaml': credit('2026-08-01'),
  'us-zz/statutes/2/a.test.yaml': `- name: a day in August
  period: { period_kind: custom, name: day, start: '2026-08-03', end: '2026-08-03' }
  input:
    us-zz:statutes/2/a#input.claims_credit: true
    us-zz:statutes/2/a#input.base_amount: 100
  output:
    us-zz:statutes/2/a#credit: 50
`,
  'programs/us-zz/late/fy-2026.yaml': 'program: us-zz/late\nperiod: 2026\noutputs:\n  - credit\nscope:\n  state:\n    - statutes/2/a\n',
  // No evidence and rules that never cover the program period: nothing computes.
  'us-zz/statutes/3/a.yaml': credit('2030-01-01'),
  // A companion test that fails: the package computes, but its program is partial.
  'us-zz/statutes/4/a.yaml': credit('2025-01-01'),
  'us-zz/statutes/4/a.test.yaml': `- name: expects a wrong amount
  period: 2026-01
  input:
    us-zz:statutes/4/a#input.claims_credit: true
    us-zz:statutes/4/a#input.base_amount: 10
  output:
    us-zz:statutes/4/a#credit: 999
`,
  'programs/us-zz/checked/fy-2026.yaml': 'program: us-zz/checked\nperiod: 2026-01\noutputs:\n  - credit\nscope:\n  state:\n    - statutes/4/a\n',
  // Relation rows of a test case become the package's people.
  'us-zz/statutes/5/a.yaml': `format: rulespec/v1
module:
  summary: A test child count.
rules:
  - name: member_of_household
    kind: data_relation
    data_relation: {arity: 2, arguments: [Person, Household]}
  - name: person_is_child
    kind: derived
    entity: Person
    dtype: Judgment
    source: Test Code 5(a)(1)
    versions:
      - effective_from: '2025-01-01'
        formula: age < 18
  - name: children
    kind: derived
    entity: Household
    dtype: Integer
    source: Test Code 5(a)(2)
    versions:
      - effective_from: '2025-01-01'
        formula: count_where(member_of_household, person_is_child)
`,
  'us-zz/statutes/5/a.test.yaml': `- name: one child of two members
  period: 2026-01
  input:
    us-zz:statutes/5/a#relation.member_of_household:
      - us-zz:statutes/5/a#input.age: 40
      - id: kid
        us-zz:statutes/5/a#input.age: 7
  output:
    us-zz:statutes/5/a#children: 1
`,
  'programs/us-zz/children/fy-2026.yaml': 'program: us-zz/children\nperiod: 2026-01\noutputs:\n  - children\nscope:\n  state:\n    - statutes/5/a\n',
  'programs/us-zz/never/fy-2026.yaml': 'program: us-zz/never\nperiod: 2026-01\noutputs:\n  - credit\nscope:\n  state:\n    - statutes/3/a\n',
};

const memoryRepository: RuleRepository = {
  provenance: async () => ({ name: 'memory-test', root: 'memory' }),
  listFiles: async () => Object.keys(FILES).sort(),
  readText: async (path) => FILES[path],
};

describe('sample households of compiled packages', async () => {
  const runtime = await CompiledRuntime.fromRepositories([memoryRepository], { fast: null, companionTests: 'await' });
  const catalog = new CalculatorRuntimeCatalog(() => [runtime]);
  const service = new CalculationService([runtime]);

  it('publishes a companion test case, translated to the package inputs, that computes', async () => {
    const detail = catalog.package('us-zz', 'credit')!;
    expect(detail.status).toBe('ready');
    expect(detail.sample_request.household).toEqual({
      period: '2026-01',
      facts: { 'us-zz:statutes/1/a#input.claims_credit': true, 'us-zz:statutes/1/a#input.base_amount': 300 },
    });
    const result = await service.calculate(detail.sample_request);
    expect(result.outputs).toEqual({ credit: 150 });
    expect(result.trace.every((t) => t.sources.length > 0)).toBe(true);
  });

  it("adopts the test case's month as default period when the rules do not cover the spec's period (a year-only period reads as January)", async () => {
    const pkg = runtime.find('late', 'us-zz')!;
    expect(pkg.shape.default_period).toBe('2026-08');
    const detail = catalog.package('us-zz', 'late')!;
    expect(detail).toMatchObject({ status: 'ready', default_period: '2026-08' });
    expect(detail.sample_request.household).toMatchObject({ period: '2026-08' });
    expect((await service.calculate(detail.sample_request)).outputs).toEqual({ credit: 50 });
    // A request without a period now computes at the default period.
    expect((await service.calculate({ program_id: 'late', jurisdiction: 'us-zz', household: { facts: { claims_credit: false } } })).outputs).toEqual({ credit: 0 });
  });

  it('lists a package none of whose sample households computes as unavailable, with the reason, and leaves it out of capabilities-style samples', () => {
    const summary = catalog.packages().find((p) => p.program_id === 'never')!;
    expect(summary.status).toBe('unavailable');
    const described = (runtime.find('never', 'us-zz') as unknown as { describe(): { sample_problem?: string } }).describe();
    expect(described.sample_problem).toMatch(/no sample household computes; .*2026-01 is not covered/);
    expect(catalog.facts().find((f) => f.program_id === 'never')?.executable).toBe(false);
    expect(catalog.health().detail).toBe('5 executable packages; 1 unavailable (no sample household computes)');
  });

  it('turns relation rows into people of the member entity', async () => {
    const detail = catalog.package('us-zz', 'children')!;
    expect(detail.status).toBe('ready');
    const household = detail.sample_request.household as { people?: Record<string, Record<string, unknown>> };
    expect(Object.values(household.people ?? {}).map((p) => Object.values(p))).toEqual([[40], [7]]);
    expect((await service.calculate(detail.sample_request)).outputs).toEqual({ children: 1 });
  });

  it('counts failing companion tests of the closure (program partial), and none for a package whose tests pass', async () => {
    const facts = new Map(catalog.facts().map((f) => [f.program_id, f]));
    expect(facts.get('checked')).toMatchObject({ executable: true, failing_tests: 1 });
    expect(facts.get('credit')).toMatchObject({ executable: true, failing_tests: 0 });
    // In the background (the default) the count arrives once the check settles.
    const background = await CompiledRuntime.fromRepositories([memoryRepository], { fast: null, companionTestsDelayMs: 0 });
    await background.testsChecked;
    expect(new CalculatorRuntimeCatalog(() => [background]).facts().find((f) => f.program_id === 'checked')?.failing_tests).toBe(1);
    const off = await CompiledRuntime.fromRepositories([memoryRepository], { fast: null, companionTests: 'off' });
    expect(new CalculatorRuntimeCatalog(() => [off]).facts().find((f) => f.program_id === 'checked')?.failing_tests).toBe(0);
  });
});
