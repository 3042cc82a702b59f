/** POST /v1/parity/run: every runtime-supported case through the calculation use case, compared with its expectations. */
import { isServiceError } from '../../domain/errors.js';
import type { JsonValue } from '../../domain/household/shape.js';
import type { CalculateRequest, CalculateResponse, CalculationTraceEntry } from '../../ports/calculator.js';
import { compareOutputs } from './compare.js';
import type { ParityCase, ParityRunReport, ParityRunResult, SkippedCase } from './types.js';

/** What a run needs from calculation (CalculationService satisfies it). */
export interface ParityCalculator {
  calculate(request: CalculateRequest): Promise<CalculateResponse>;
}

/** The variables a case asks for: the request's own list, else the case's, else every expected output. */
function requestFor(c: ParityCase): CalculateRequest {
  return { ...c.axiom_request, variables: c.axiom_request.variables ?? c.variables ?? Object.keys(c.expected_axiom_outputs) };
}

/** The last traced value of each trace variable (falling back to the outputs). */
function traceOutputs(names: readonly string[], trace: readonly CalculationTraceEntry[], outputs: Record<string, JsonValue>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const name of names) {
    const entry = trace.findLast((e) => e.variable === name);
    if (entry !== undefined) out[name] = entry.value;
    else if (Object.hasOwn(outputs, name)) out[name] = outputs[name];
  }
  return out;
}

function describeError(error: unknown): { code: string; message: string } {
  if (isServiceError(error)) return { code: error.code, message: error.message };
  // Unexpected failures are reported without internals, like the calculation endpoint's 502.
  return { code: 'runtime_error', message: 'The calculation engine failed.' };
}

async function runCase(c: ParityCase, calculator: ParityCalculator): Promise<ParityRunResult> {
  const base = {
    id: c.id,
    program_id: c.program_id,
    jurisdiction: c.jurisdiction,
    description: c.description ?? null,
    expected_outputs: c.expected_axiom_outputs,
    ...(c.notes ? { notes: c.notes } : {}),
  };
  let response: CalculateResponse;
  try {
    response = await calculator.calculate(requestFor(c));
  } catch (error) {
    return { ...base, status: 'errored', error: describeError(error) };
  }
  const comparison = compareOutputs(c.expected_axiom_outputs, response.outputs, c.tolerance?.amount);
  const result: ParityRunResult = {
    ...base,
    status: comparison.status,
    outputs: response.outputs,
    comparison,
    runtime: response.runtime,
    warnings: response.warnings,
  };
  if (c.trace_variables && c.trace_variables.length > 0) result.trace_outputs = traceOutputs(c.trace_variables, response.trace, response.outputs);
  // The full attribution trace is what one needs to explain a difference; matching cases leave it out to keep the report small.
  if (comparison.status === 'different') result.calculation_trace = response.trace;
  return result;
}

function skipped(c: ParityCase): SkippedCase {
  const reason = typeof c.skip_reason === 'string' && c.skip_reason.trim() !== '' ? c.skip_reason : 'runtime_supported is false: the case documents a calculation this runtime does not execute';
  return { id: c.id, description: c.description ?? null, program_id: c.program_id, jurisdiction: c.jurisdiction, reason };
}

/** Runs the cases one after another (calculation is CPU-bound; parallel runs would only contend). */
export async function runParity(cases: readonly ParityCase[], calculator: ParityCalculator): Promise<ParityRunReport> {
  const results: ParityRunResult[] = [];
  const skippedCases: SkippedCase[] = [];
  for (const c of cases) {
    if (!c.runtime_supported) skippedCases.push(skipped(c));
    else results.push(await runCase(c, calculator));
  }
  const count = (status: ParityRunResult['status']): number => results.filter((r) => r.status === status).length;
  return {
    summary: { total: cases.length, matching: count('matching'), different: count('different'), errored: count('errored'), skipped: skippedCases.length },
    results,
    skipped_cases: skippedCases,
  };
}
