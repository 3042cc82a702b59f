/**
 * Person outputs (docs/calculation.md "Person outputs"): a package decided per person lists its person-level rules
 * in `person_outputs`, and every answer reports each listed person's values of them, on the explain and the fast
 * path alike; composition refuses a person output that no package output reads.
 */
import { describe, expect, it } from 'vitest';
import type { RuleRepository } from '../../../../core/ports/rule-repository.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { CalculatorRuntimeCatalog } from '../../../../core/usecases/read/runtime-catalog.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';

const MODULE = `format: rulespec/v1
module:
  summary: A test meal program decided per child.
  source_verification:
    corpus_citation_path: us-zz/statute/2/a
rules:
  - name: member_of_meal_household
    kind: data_relation
    source: Test Code 2(a)
    data_relation:
      arity: 2
      arguments: [Person, Household]
  - name: free_meal_income_limit
    kind: parameter
    dtype: Money
    source: Test Code 2(b)
    versions:
      - effective_from: '2025-01-01'
        formula: '2000'
  - name: household_income
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    source: Test Code 2(c)
    versions:
      - effective_from: '2025-01-01'
        formula: sum(member_of_meal_household.earned_income)
  - name: meal_tier
    kind: derived
    entity: Person
    dtype: Text
    period: Month
    source: Test Code 2(d)
    description: The child's meal tier.
    versions:
      - effective_from: '2025-01-01'
        formula: |-
          if not is_in_school: "none" else: if household_income <= free_meal_income_limit: "free" else: "paid"
  - name: eats_free
    kind: derived
    entity: Person
    dtype: Judgment
    period: Month
    source: Test Code 2(d)
    versions:
      - effective_from: '2025-01-01'
        formula: meal_tier == "free"
  - name: children_eating_free
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    source: Test Code 2(e)
    versions:
      - effective_from: '2025-01-01'
        formula: count_where(member_of_meal_household, eats_free)
`;

const spec = (personOutputs: string): string => `program: us-zz/meals
period: 2026-01
outputs:
  - children_eating_free
  - household_income
scope:
  state:
    - statutes/2/a
household_entity: Household
person_entity: Person
person_relation: us-zz:statutes/2/a#relation.member_of_meal_household
person_outputs: ${personOutputs}
input_defaults:
  is_in_school: false
  earned_income: 0
`;

function repository(personOutputs: string): RuleRepository {
  const files: Record<string, string> = { 'us-zz/statutes/2/a.yaml': MODULE, 'programs/us-zz/meals/2026.yaml': spec(personOutputs) };
  return { provenance: async () => ({ name: 'memory-test', root: 'memory' }), listFiles: async () => Object.keys(files).sort(), readText: async (path) => files[path] };
}

const household = {
  period: '2026-01',
  people: { mom: { earned_income: 1500 }, kid: { is_in_school: true }, baby: {} },
};

describe('person outputs', () => {
  it('reports each listed person its values, the same on the explain and the fast path', async () => {
    const answers = [];
    for (const fast of [false, true]) {
      const runtime = await CompiledRuntime.fromRepositories([repository('[meal_tier, eats_free]')], { fast: fast ? undefined : null });
      expect(runtime.problems).toEqual([]);
      const service = new CalculationService([runtime]);
      answers.push(await service.calculate({ program_id: 'meals', jurisdiction: 'us-zz', household }));
    }
    for (const answer of answers) {
      // Income 1,500 <= the 2,000 limit: the child in school eats free; the others are not in school.
      expect(answer.outputs).toEqual({ children_eating_free: 1, household_income: 1500 });
      expect(answer.person_outputs).toEqual({
        mom: { meal_tier: 'none', eats_free: false },
        kid: { meal_tier: 'free', eats_free: true },
        baby: { meal_tier: 'none', eats_free: false },
      });
      // People in the household's order.
      expect(Object.keys(answer.person_outputs!)).toEqual(['mom', 'kid', 'baby']);
    }
  });

  it('is absent from answers of packages that declare none, and listed in the package detail of those that do', async () => {
    const runtime = await CompiledRuntime.fromRepositories([repository('[meal_tier]')]);
    const catalog = new CalculatorRuntimeCatalog(() => [runtime]);
    const detail = catalog.package('us-zz', 'meals');
    expect(detail?.person_outputs).toEqual([{ name: 'meal_tier', legal_id: 'us-zz:statutes/2/a#meal_tier', description: "The child's meal tier.", period: 'month' }]);
    const answer = await new CalculationService([runtime]).calculate({ program_id: 'meals', jurisdiction: 'us-zz', household, variables: ['household_income'] });
    // Only household_income was asked for: no person rule was evaluated, so no person is reported.
    expect(answer.person_outputs).toEqual({});
  });

  it('refuses to compose a person output that is not a rule, or that no output reads', async () => {
    const unknown = await CompiledRuntime.fromRepositories([repository('[meal_grade]')]);
    expect(unknown.find('meals', 'us-zz')).toBeUndefined();
    expect(JSON.stringify(unknown.problems)).toContain('person output \\"meal_grade\\" is not a derived rule');
  });
});
