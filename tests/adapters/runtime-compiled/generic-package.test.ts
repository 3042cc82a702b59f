/**
 * A compiled package without Tenet's package extensions (as in an external corpus): every input on the
 * `household` unit, inputs optional, a missing input that a rule needs reported as invalid_household.
 */
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/domain/errors.js';
import type { RuleRepository } from '../../../core/ports/rule-repository.js';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const FILES: Record<string, string> = {
  'us-zz/statutes/1/a.yaml': `format: rulespec/v1
module:
  summary: A test credit.
  source_verification:
    corpus_citation_path: us-zz/statute/1/a
rules:
  - name: credit_rate
    kind: parameter
    dtype: Rate
    source: Test Code 1(a)(1)
    versions:
      - effective_from: '2025-01-01'
        formula: '0.5'
  - name: credit
    kind: derived
    entity: Household
    dtype: Money
    unit: USD
    period: Month
    source: Test Code 1(a)(2)
    versions:
      - effective_from: '2025-01-01'
        formula: |-
          if claims_credit: base_amount * credit_rate else: 0
`,
  'programs/us-zz/credit/fy-2026.yaml': `program: us-zz/credit
period: 2026-01
outputs:
  - credit
scope:
  state:
    - statutes/1/a
`,
};

const memoryRepository: RuleRepository = {
  provenance: async () => ({ name: 'memory-test', root: 'memory' }),
  listFiles: async () => Object.keys(FILES).sort(),
  readText: async (path) => FILES[path],
};

describe('a compiled package without package extensions', () => {
  it('computes, and names a needed missing input as invalid_household', async () => {
    const runtime = await CompiledRuntime.fromRepositories([memoryRepository]);
    expect(runtime.problems).toEqual([]);
    const pkg = runtime.find('credit', 'us-zz');
    expect(pkg).toBeDefined();
    expect(pkg!.shape.entities[0].inputs.every((i) => i.optional)).toBe(true);
    const service = new CalculationService([runtime]);
    const ok = await service.calculate({ program_id: 'credit', jurisdiction: 'us-zz', household: { facts: { claims_credit: true, base_amount: 300 } } });
    expect(ok.outputs).toEqual({ credit: 150 });
    expect(ok.trace.find((t) => t.variable === 'credit')?.sources).toContain('Test Code 1(a)(2)');
    // Not claiming: base_amount is never read, so it need not be given.
    const unclaimed = await service.calculate({ program_id: 'credit', jurisdiction: 'us-zz', household: { facts: { claims_credit: false } } });
    expect(unclaimed.outputs).toEqual({ credit: 0 });
    const missing = await service.calculate({ program_id: 'credit', jurisdiction: 'us-zz', household: { facts: { claims_credit: true } } }).catch((e: unknown) => e);
    expect(isServiceError(missing) && missing.code).toBe('invalid_household');
    expect((missing as Error).message).toContain('base_amount');
    const early = await service.calculate({ program_id: 'credit', jurisdiction: 'us-zz', household: { period: '2024-06', facts: { claims_credit: true, base_amount: 1 } } }).catch((e: unknown) => e);
    expect(isServiceError(early) && early.code).toBe('invalid_household');
    expect((early as Error).message).toContain('2024-06');
  });
});
