import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../core/domain/errors.js';
import type { CalculateRequest, CalculateResponse } from '../../../../core/ports/calculator.js';
import { runParity, type ParityCalculator } from '../../../../core/usecases/parity/run.js';
import type { ParityCase } from '../../../../core/usecases/parity/types.js';

function response(request: CalculateRequest, outputs: CalculateResponse['outputs']): CalculateResponse {
  return {
    engine: 'test',
    runtime: { id: 'rt', mode: 'compiled' },
    program_id: request.program_id,
    jurisdiction: request.jurisdiction,
    package_digest: 'sha256:0',
    period: '2026-01',
    outputs,
    trace: [{ rule_id: 'r1', variable: 'net', entity: 'Household', entity_id: 'household', value: 40, sources: [] }],
    warnings: ['experimental'],
    assumptions: [],
  };
}

function parityCase(id: string, extra: Partial<ParityCase> = {}): ParityCase {
  return {
    id,
    program_id: 'snap',
    jurisdiction: 'us-xx',
    runtime_supported: true,
    axiom_request: { program_id: 'snap', jurisdiction: 'us-xx', household: {} },
    expected_axiom_outputs: { benefit: 100, eligible: true },
    ...extra,
  };
}

describe('runParity', () => {
  it('asks for the expected outputs when neither the request nor the case names variables', async () => {
    const seen: CalculateRequest[] = [];
    const calculator: ParityCalculator = {
      calculate: async (request) => {
        seen.push(request);
        return response(request, { benefit: 100, eligible: true });
      },
    };
    await runParity([parityCase('a'), parityCase('b', { variables: ['benefit'] })], calculator);
    expect(seen.map((r) => r.variables)).toEqual([['benefit', 'eligible'], ['benefit']]);
  });

  it('reports engine failures without internals, keeps service error codes, and uses a case skip_reason', async () => {
    const calculator: ParityCalculator = {
      calculate: async (request) => {
        if (request.household.fail === 'service') throw new ServiceError('invalid_household', 'household_size: must be >= 1');
        throw new Error('secret stack detail');
      },
    };
    const report = await runParity(
      [
        parityCase('service', { axiom_request: { program_id: 'snap', jurisdiction: 'us-xx', household: { fail: 'service' } } }),
        parityCase('crash'),
        parityCase('later', { runtime_supported: false, skip_reason: 'needs the medical deduction module' }),
      ],
      calculator,
    );
    expect(report.summary).toEqual({ total: 3, matching: 0, different: 0, errored: 2, skipped: 1 });
    expect(report.results[0].error).toEqual({ code: 'invalid_household', message: 'household_size: must be >= 1' });
    expect(report.results[1].error).toEqual({ code: 'runtime_error', message: 'The calculation engine failed.' });
    expect(report.skipped_cases[0]).toEqual({ id: 'later', description: null, program_id: 'snap', jurisdiction: 'us-xx', reason: 'needs the medical deduction module' });
  });

  it('adds trace outputs for trace variables and the full trace only when different', async () => {
    const calculator: ParityCalculator = { calculate: async (request) => response(request, { benefit: 90, eligible: true }) };
    const report = await runParity([parityCase('d', { trace_variables: ['net', 'absent'], tolerance: { amount: 5 } })], calculator);
    const [result] = report.results;
    expect(result.status).toBe('different');
    expect(result.trace_outputs).toEqual({ net: 40 });
    expect(result.calculation_trace).toHaveLength(1);
    expect(result.comparison?.changed).toEqual([{ variable: 'benefit', expected: 100, actual: 90, delta: -10 }]);
  });
});
