/**
 * The decisive trace on a small hand-made package (docs/calculation.md "Trace sizes"): an `and` that does not hold
 * keeps only the operand that stopped it, an `if` keeps its condition and the branch taken, an `and` that holds keeps
 * every operand; person outputs start the selection too. And `trace: "none"` skips recording the engine's trace when
 * nothing else reads it, but still gives person outputs.
 */
import { describe, expect, it } from 'vitest';
import type { RuleRepository } from '../../../../core/ports/rule-repository.js';
import type { TraceSize } from '../../../../core/ports/calculator.js';
import { CalculationService, TRACE_LEFT_OUT_WARNING } from '../../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { explainEvaluator, type PackageEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { fastEvaluator } from '../../../../core/engine/run/fast-path.js';

const MODULE = `format: rulespec/v1
module:
  summary: A test grant for households with a child and low income.
  source_verification:
    corpus_citation_path: us-zz/statute/3/a
rules:
  - name: member_of_grant_household
    kind: data_relation
    source: Test Code 3(a)
    data_relation:
      arity: 2
      arguments: [Person, Household]
  - name: grant_income_limit
    kind: parameter
    dtype: Money
    source: Test Code 3(b)
    versions:
      - effective_from: '2025-01-01'
        formula: '2000'
      - effective_from: '2025-04-01'
        formula: '2100'
  - name: grant_income
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    source: Test Code 3(c)
    versions:
      - effective_from: '2025-01-01'
        formula: sum(member_of_grant_household.earned_income)
  - name: under_income_limit
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: Test Code 3(c)
    versions:
      - effective_from: '2025-01-01'
        formula: grant_income <= grant_income_limit
  - name: is_child
    kind: derived
    entity: Person
    dtype: Judgment
    period: Month
    source: Test Code 3(d)
    versions:
      - effective_from: '2025-01-01'
        formula: age < 18
  - name: has_child
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: Test Code 3(d)
    versions:
      - effective_from: '2025-01-01'
        formula: count_where(member_of_grant_household, is_child) > 0
  - name: grant_eligible
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: Test Code 3(e)
    versions:
      - effective_from: '2025-01-01'
        formula: has_child and under_income_limit
  - name: grant_amount
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    source: Test Code 3(f)
    versions:
      - effective_from: '2025-01-01'
        formula: |-
          if grant_eligible: 100 else: 0
  - name: grant_priority
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: Test Code 3(g)
    versions:
      - effective_from: '2025-01-01'
        formula: grant_income > 2200 or has_child
`;

const spec = (personOutputs: string): string => `program: us-zz/grant
period: 2026-01
outputs:
  - grant_amount
  - grant_priority
default_outputs:
  - grant_amount
scope:
  state:
    - statutes/3/a
household_entity: Household
person_entity: Person
person_relation: us-zz:statutes/3/a#relation.member_of_grant_household
person_outputs: ${personOutputs}
input_defaults:
  earned_income: 0
unverified_parameters:
  - parameter: us-zz:statutes/3/a#grant_income_limit
    effective_from: '2025-04-01'
    reason: A test figure in doubt.
`;

function repository(personOutputs: string): RuleRepository {
  const files: Record<string, string> = { 'us-zz/statutes/3/a.yaml': MODULE, 'programs/us-zz/grant/2026.yaml': spec(personOutputs) };
  return { provenance: async () => ({ name: 'memory-test', root: 'memory' }), listFiles: async () => Object.keys(files).sort(), readText: async (path) => files[path] };
}

/**
 * A calculation service over the test package, recording whether each evaluation recorded the engine's trace (asked
 * for it, or asked for it only where a doubted figure was read, `'if-doubted-read'`, and read one).
 */
async function service(personOutputs: string, evaluator: PackageEvaluator, traced: boolean[]): Promise<CalculationService> {
  const recording: PackageEvaluator = (pkg, request) => {
    const result = evaluator(pkg, request);
    traced.push(request.trace !== undefined && request.trace !== false && result.trace.length > 0);
    return result;
  };
  const runtime = await CompiledRuntime.fromRepositories([repository(personOutputs)], { fast: recording, companionTests: 'off' });
  expect(runtime.problems).toEqual([]);
  return new CalculationService([runtime]);
}

const calculate = (s: CalculationService, household: Record<string, unknown>, trace: TraceSize, variables?: string[]) =>
  s.calculate({ program_id: 'grant', jurisdiction: 'us-zz', household, trace, ...(variables ? { variables } : {}) });
const names = (trace: ReadonlyArray<{ variable: string; entity_id: string }>) => trace.map((e) => `${e.variable}@${e.entity_id}`);

// June 2025 lies in the last fiscal year the package has figures for (FY2025), so no carried-forward warning
// reads the trace; the limit is the 2,100 of April 2025 (declared unverified). Income 1,500 + 1,000 = 2,500 > 2,100:
// not eligible, though there is a child.
const over = { period: '2025-06', people: { mom: { age: 30, earned_income: 1500 }, dad: { age: 32, earned_income: 1000 }, kid: { age: 6 } } };
// Income 1,500 <= 2,100 and a child: eligible.
const under = { period: '2025-06', people: { mom: { age: 30, earned_income: 1500 }, kid: { age: 6 } } };

describe('decisive trace', () => {
  for (const [path, evaluator] of [['explain', explainEvaluator], ['fast', fastEvaluator!]] as const) {
    it(`keeps the operand that stopped an and, the if's condition, and not what did not decide (${path} path)`, async () => {
      const s = await service('[]', evaluator, []);
      const full = await calculate(s, over, 'full');
      // has_child (holds) is evaluated first, then under_income_limit (not_holds) stops the and: grant 0.
      expect(full.outputs).toEqual({ grant_amount: 0 });
      expect(names(full.trace)).toEqual(['is_child@dad', 'is_child@kid', 'is_child@mom', 'has_child@household', 'grant_income@household', 'under_income_limit@household', 'grant_eligible@household', 'grant_amount@household']);
      const decisive = await calculate(s, over, 'decisive');
      // has_child held, so it did not decide the and; nor did the is_child values it counted.
      expect(names(decisive.trace)).toEqual(['grant_income@household', 'under_income_limit@household', 'grant_eligible@household', 'grant_amount@household']);
      expect(decisive.warnings).toEqual(full.warnings);
    });

    it(`keeps every operand of an and that holds, and starts from person outputs (${path} path)`, async () => {
      const s = await service('[is_child]', evaluator, []);
      const full = await calculate(s, under, 'full');
      expect(full.outputs).toEqual({ grant_amount: 100 });
      const decisive = await calculate(s, under, 'decisive');
      // Eligible: both operands of the and decided it, and everything they read.
      expect(decisive.trace).toEqual(full.trace);
      const overDecisive = await calculate(s, over, 'decisive');
      // Not eligible: has_child is left out, but each person's is_child stays as a person output.
      expect(names(overDecisive.trace)).toEqual(['is_child@dad', 'is_child@kid', 'is_child@mom', 'grant_income@household', 'under_income_limit@household', 'grant_eligible@household', 'grant_amount@household']);
      expect(overDecisive.person_outputs).toEqual({ mom: { is_child: false }, dad: { is_child: false }, kid: { is_child: true } });
    });
  }

  it('reads a comparison of a rule with a literal: the or it stops keeps only it', async () => {
    const s = await service('[]', fastEvaluator!, []);
    const answer = await calculate(s, over, 'decisive', ['grant_amount', 'grant_priority']);
    // grant_amount as above; then grant_income > 2200 (2,500) holds and stops the or: has_child, computed before for
    // grant_eligible, did not decide grant_priority either.
    expect(answer.outputs).toEqual({ grant_amount: 0, grant_priority: true });
    expect(names(answer.trace)).toEqual(['grant_income@household', 'under_income_limit@household', 'grant_eligible@household', 'grant_amount@household', 'grant_priority@household']);
  });

  it('trace none skips the engine trace when nothing reads it, and records it for unverified figures and person outputs', async () => {
    const plainTraced: boolean[] = [];
    const plain = await service('[]', fastEvaluator!, plainTraced);
    // February 2025: the limit is the verified 2,000 of January (2,500 > 2,000: no grant); no warning reads the trace.
    const february = { ...over, period: '2025-02' };
    const none = await calculate(plain, february, 'none');
    expect(none.outputs).toEqual({ grant_amount: 0 });
    expect(none.trace).toEqual([]);
    expect(none.warnings.at(-1)).toBe(TRACE_LEFT_OUT_WARNING);
    const full = await calculate(plain, february, 'full');
    expect(none.warnings).toEqual([...full.warnings, TRACE_LEFT_OUT_WARNING]);
    expect(plainTraced).toEqual([false, true]);
    // June 2025: the April version in doubt is live, so the evaluation records its trace for the warning.
    const june = await calculate(plain, over, 'none');
    expect(june.warnings).toContain('Unverified figure used: us-zz:statutes/3/a#grant_income_limit (version from 2025-04-01). A test figure in doubt.');
    expect(june.trace).toEqual([]);
    expect(plainTraced).toEqual([false, true, true]);

    const personTraced: boolean[] = [];
    const withPeople = await service('[is_child]', fastEvaluator!, personTraced);
    const answer = await calculate(withPeople, over, 'none');
    expect(answer.trace).toEqual([]);
    expect(answer.person_outputs).toEqual({ mom: { is_child: false }, dad: { is_child: false }, kid: { is_child: true } });
    expect(personTraced).toEqual([true]);
  });
});
