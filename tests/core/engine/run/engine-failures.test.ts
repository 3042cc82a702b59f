/**
 * Engine failures reach the caller by their structured kind (EvalError.failure), not by reading messages: a
 * missing input, a period no rule covers and a table without the key read are the household's problem
 * (invalid_household, with the messages users have always seen); anything else is the rules' (runtime_error),
 * whatever its message says.
 */
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../../core/domain/errors.js';
import type { RuleRepository } from '../../../../core/ports/rule-repository.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CompiledPackage, explainEvaluator, type PackageEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import { composeProgram, evaluatePackage, parseProgramSpec, type RuntimePackage } from '../../../../core/engine/index.js';
import { loadRuleRepository } from '../../../../core/engine/load/load-repository.js';

const FILES: Record<string, string> = {
  'us-zz/statutes/2/b.yaml': `format: rulespec/v1
module:
  summary: A test allowance.
rules:
  - name: allowance_table
    kind: parameter
    dtype: Money
    unit: USD
    indexed_by: household_size
    source: Test Code 2(b)(1)
    versions:
      - effective_from: '2025-01-01'
        values: {1: 100, 2: 150}
  - name: allowance
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    period: Month
    source: Test Code 2(b)(2)
    versions:
      - effective_from: '2025-01-01'
        formula: |-
          allowance_table[household_size] + extra_amount
`,
  'programs/us-zz/allowance/fy-2026.yaml': `program: us-zz/allowance
period: 2026-01
outputs:
  - allowance
scope:
  state:
    - statutes/2/b
`,
};

const memoryRepository: RuleRepository = {
  provenance: async () => ({ name: 'memory-test', root: 'memory' }),
  listFiles: async () => Object.keys(FILES).sort(),
  readText: async (path) => FILES[path],
};

async function composed(): Promise<RuntimePackage> {
  const repo = await loadRuleRepository(memoryRepository);
  const path = 'programs/us-zz/allowance/fy-2026.yaml';
  const spec = parseProgramSpec(path, FILES[path]);
  if (!spec.ok) throw new Error(spec.diagnostics[0].message);
  const pkg = composeProgram(repo, spec.spec);
  if (!pkg.ok) throw new Error(pkg.diagnostics[0].message);
  return pkg.package;
}

describe('structured engine failures', () => {
  it('evaluatePackage gives each failed output its kind and fields beside the message', async () => {
    const pkg = await composed();
    const run = (period: string, inputs: Record<string, unknown>) => evaluatePackage(pkg, { period, inputs: { household: inputs } });
    const missing = run('2026-01', { household_size: 1 });
    expect(missing.failures?.allowance).toEqual({ kind: 'missing_input', input: 'extra_amount', entity: 'household', rule: 'us-zz:statutes/2/b#allowance' });
    expect(missing.errors.allowance).toMatch(/^missing input "extra_amount" for entity household/);
    expect(run('2024-06', { household_size: 1, extra_amount: 0 }).failures?.allowance).toEqual({
      kind: 'period_not_covered',
      rule: 'us-zz:statutes/2/b#allowance',
      period: '2024-06-01',
    });
    expect(run('2026-01', { household_size: 3, extra_amount: 0 }).failures?.allowance).toEqual({
      kind: 'table_key_not_covered',
      parameter: 'us-zz:statutes/2/b#allowance_table',
      key: 3,
      period: '2026-01-01',
    });
    expect(run('2026-01', { household_size: 1, extra_amount: 'ten' }).failures?.allowance).toEqual({ kind: 'type_mismatch' });
    const ok = run('2026-01', { household_size: 2, extra_amount: 5 });
    expect(ok.outputs.allowance).toBe(155);
    expect(ok.failures).toEqual({});
  });

  it('maps the household kinds to invalid_household and the rest to runtime_error, whatever the message says', async () => {
    const runtime = await CompiledRuntime.fromRepositories([memoryRepository]);
    expect(runtime.problems).toEqual([]);
    const service = new CalculationService([runtime]);
    const calculate = (household: Record<string, unknown>) =>
      service.calculate({ program_id: 'allowance', jurisdiction: 'us-zz', household: household as never }).catch((e: unknown) => e);

    const missing = await calculate({ facts: { household_size: 1 } });
    expect(isServiceError(missing) && missing.code).toBe('invalid_household');
    // The input is named by its canonical request name (the owning module's input id).
    expect((missing as Error).message).toBe(
      'household: required input us-zz:statutes/2/b#input.extra_amount missing (allowance needs it): missing input "extra_amount" for entity household (read by us-zz:statutes/2/b#allowance, formula line 1, column 35)',
    );

    const early = await calculate({ period: '2024-06', facts: { household_size: 1, extra_amount: 0 } });
    expect(isServiceError(early) && early.code).toBe('invalid_household');
    expect((early as Error).message).toMatch(/^household\.period: 2024-06 is not covered by this package's rules \(allowance: derived us-zz:statutes\/2\/b#allowance has no formula version at 2024-06-01\)\.$/);

    const outside = await calculate({ facts: { household_size: 3, extra_amount: 0 } });
    expect(isServiceError(outside) && outside.code).toBe('invalid_household');
    expect((outside as Error).message).toBe(
      "household: an input lies outside the range this package's tables cover (allowance: parameter us-zz:statutes/2/b#allowance_table has no value for key 3 at 2026-01-01).",
    );

  });

  it('reads the kind, not the message: a rules failure whose message quotes "missing input" stays runtime_error', async () => {
    const pkg = await composed();
    const quoting: PackageEvaluator = (p, request) => ({
      ...explainEvaluator(p, request),
      outputs: {},
      errors: { allowance: 'type mismatch: needs a number, got text "missing input "household_size""' },
      failures: { allowance: { kind: 'type_mismatch' } },
    });
    const compiled = new CompiledPackage('test', pkg, { explain: quoting });
    const household = mapHousehold(indexShape(compiled.shape), { facts: { household_size: 1, extra_amount: 0 } });
    let error: unknown;
    try {
      compiled.execute(household, ['allowance']);
    } catch (e) {
      error = e;
    }
    expect(isServiceError(error) && error.code).toBe('runtime_error');
    expect((error as Error).message).toBe('The calculation engine failed: allowance: type mismatch: needs a number, got text "missing input "household_size""');
  });
});
