/**
 * SweepService on small packages: a fixture package cannot be swept (422), the output limit, and a compiled
 * package whose output squares the swept input is refused with 400 naming the rule, while a linear one sweeps;
 * a range bound past the magnitude limit is a 400, not a BigInt failure.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FixtureRuntime } from '../../../../adapters/runtime-fixture/fixture-runtime.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { SweepService } from '../../../../core/usecases/calculate/sweep.js';
import { ServiceError } from '../../../../core/domain/errors.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { RuleRepository } from '../../../../core/ports/rule-repository.js';

const derived = (name: string, formula: string): string =>
  `  - name: ${name}\n    kind: derived\n    entity: Household\n    dtype: Money\n    unit: USD\n    period: Month\n    source: Test Code 1(a)\n    versions:\n      - effective_from: '2025-01-01'\n        formula: ${JSON.stringify(formula)}\n`;
const FILES: Record<string, string> = {
  'us-zz/statutes/1/a.yaml': `format: rulespec/v1\nmodule:\n  summary: A test credit.\nrules:\n${derived('half', 'base_amount / 2')}${derived('square', 'base_amount * base_amount')}`,
  'programs/us-zz/credit/fy-2026.yaml': 'program: us-zz/credit\nperiod: 2026-01\noutputs:\n  - half\n  - square\nscope:\n  state:\n    - statutes/1/a\n',
};
const memoryRepository: RuleRepository = {
  provenance: async () => ({ name: 'memory-test', root: 'memory' }),
  listFiles: async () => Object.keys(FILES).sort(),
  readText: async (path) => FILES[path],
};

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../../fixtures/runtime-fixture.json', import.meta.url)));
const sweeps = new SweepService(new CalculationService([fixture]));
const request = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } }, axis: { input: 'earned_income', from: 0, to: 100 } };

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('SweepService', () => {
  it('refuses a fixture package with 422: it has recorded results, no formulas to sweep', async () => {
    const error = await refusal(sweeps.sweep(request));
    expect(error.code).toBe('unsupported_program');
    expect(error.message).toContain('sweeps need a compiled package');
  });

  it('refuses more than 20 outputs and outputs beside variables with 400', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `output_${i}`);
    expect((await refusal(sweeps.sweep({ ...request, outputs: many }))).message).toContain('at most 20 outputs');
    expect((await refusal(sweeps.sweep({ ...request, outputs: ['a'], variables: ['b'] }))).message).toContain('not both');
  });

  it('refuses an output the swept input enters nonlinearly with 400 naming the rule; a linear one is one segment', async () => {
    const runtime = await CompiledRuntime.fromRepositories([memoryRepository], { companionTests: 'off' });
    const compiled = new SweepService(new CalculationService([runtime]));
    const base = { program_id: 'credit', jurisdiction: 'us-zz', household: { facts: {} }, axis: { input: 'base_amount', from: 0, to: 10 } };
    const error = await refusal(compiled.sweep({ ...base, outputs: ['square'] }));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('axis: us-zz:statutes/1/a#square multiplies two values that both change with the axis, so the output is not piecewise linear in it');
    // base_amount / 2 over 0..10: one segment from 0, slope 0.5.
    const half = await compiled.sweep({ ...base, outputs: ['half'] });
    expect(half.outputs.half).toEqual({ segments: [{ from: 0, to: 10, value: 0, slope: 0.5 }], breakpoints: [] });
  });

  it('refuses a bound past 10^13 in magnitude with 400 naming it, also without the schema in front (issue #25)', async () => {
    const runtime = await CompiledRuntime.fromRepositories([memoryRepository], { companionTests: 'off' });
    const compiled = new SweepService(new CalculationService([runtime]));
    const base = { program_id: 'credit', jurisdiction: 'us-zz', household: { facts: {} }, outputs: ['half'] };
    // toFixed writes 1e21 and more with an exponent, which once reached BigInt as a 500.
    for (const [from, to, field] of [[1e300, 1000, 'axis.from'], [0, 1e300, 'axis.to'], [0, Number('123456789012345678901234567890'), 'axis.to'], [-1e21, 0, 'axis.from'], [1e13 + 1, 1e13 + 2, 'axis.from']] as const) {
      const error = await refusal(compiled.sweep({ ...base, axis: { input: 'base_amount', from, to } }));
      expect(error.code, `${from}..${to}`).toBe('invalid_request');
      expect(error.message, `${from}..${to}`).toBe(`${field}: must be at most 10000000000000 in magnitude (the limit of a household input)`);
    }
    const edge = await compiled.sweep({ ...base, axis: { input: 'base_amount', from: 1e13 - 10, to: 1e13 } });
    expect(edge.outputs.half.segments).toEqual([{ from: 1e13 - 10, to: 1e13, value: (1e13 - 10) / 2, slope: 0.5 }]);
  });
});
