/**
 * A request's `parameter_overrides` on the package it resolved to (docs/calculation.md "Parameter overrides"):
 * the runtime's package with the overrides applied, or 400 invalid_request naming the entry and each bad override.
 */
import { isServiceError, ServiceError } from '../../domain/errors.js';
import type { ExecutablePackage } from '../../ports/calculator.js';

export function withOverrides(pkg: ExecutablePackage, overrides: Readonly<Record<string, unknown>> | undefined, path?: string): ExecutablePackage {
  if (overrides === undefined || Object.keys(overrides).length === 0) return pkg;
  const prefix = path ? `${path}.` : '';
  if (!pkg.withParameterOverrides) {
    throw new ServiceError(
      'invalid_request',
      `${prefix}parameter_overrides: ${pkg.jurisdiction}/${pkg.program_id} runs in the ${pkg.mode} runtime, which cannot change parameters; only compiled packages accept parameter_overrides.`,
    );
  }
  try {
    return pkg.withParameterOverrides(overrides);
  } catch (error) {
    if (path && isServiceError(error) && error.code === 'invalid_request') throw new ServiceError('invalid_request', `${prefix}${error.message}`);
    throw error;
  }
}
