import { ServiceError } from '../../domain/errors.js';
import type { CalculateRequest } from '../../ports/calculator.js';
import { MAX_PARAMETER_OVERRIDES } from '../../engine/package/parameter-overrides.js';

/** Limits from the spec's Limits table. */
export const LIMITS = {
  idLength: 120,
  variables: 100,
  variableLength: 200,
  batch: 25,
  job: 50,
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one CalculateRequest and returns it typed. Messages start with `path` (e.g. `requests[1]`) so a
 * batch names the offending entry positionally. The HTTP schema checks the same constraints; this check
 * also guards entries replayed from a job store.
 */
export function checkCalculateRequest(value: unknown, path: string): CalculateRequest {
  const fail = (message: string): never => {
    throw new ServiceError('invalid_request', `${path}: ${message}`);
  };
  if (!isObject(value)) return fail('must be an object');
  for (const field of ['program_id', 'jurisdiction'] as const) {
    const text = value[field];
    if (typeof text !== 'string') fail(`${field} is required and must be a string`);
    else if (text.length < 1 || text.length > LIMITS.idLength) fail(`${field} must be 1-${LIMITS.idLength} characters`);
  }
  if (!isObject(value.household)) fail('household is required and must be an object');
  const variables = value.variables;
  if (variables !== undefined) {
    if (!Array.isArray(variables)) fail('variables must be an array of strings');
    else {
      if (variables.length > LIMITS.variables) fail(`variables: at most ${LIMITS.variables} items`);
      variables.forEach((name, i) => {
        if (typeof name !== 'string') fail(`variables[${i}] must be a string`);
        else if (name.length > LIMITS.variableLength) fail(`variables[${i}] must be at most ${LIMITS.variableLength} characters`);
      });
    }
  }
  const request: CalculateRequest = {
    program_id: value.program_id as string,
    jurisdiction: value.jurisdiction as string,
    household: value.household as Record<string, unknown>,
  };
  if (variables !== undefined) request.variables = variables as string[];
  const overrides = value.parameter_overrides;
  if (overrides !== undefined) {
    if (!isObject(overrides)) fail('parameter_overrides must be an object of parameter id to value');
    else if (Object.keys(overrides).length > MAX_PARAMETER_OVERRIDES) fail(`parameter_overrides: at most ${MAX_PARAMETER_OVERRIDES} parameters`);
    request.parameter_overrides = overrides as Record<string, unknown>;
  }
  return request;
}

/** Checks a batch or job body's entries, naming the first invalid one positionally. */
export function checkRequests(value: unknown, max: number): CalculateRequest[] {
  if (!Array.isArray(value)) throw new ServiceError('invalid_request', 'requests: must be an array of calculation requests');
  if (value.length < 1 || value.length > max) throw new ServiceError('invalid_request', `requests: must hold 1-${max} entries (got ${value.length})`);
  return value.map((entry, i) => checkCalculateRequest(entry, `requests[${i}]`));
}
