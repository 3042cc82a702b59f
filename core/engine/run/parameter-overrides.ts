/**
 * Parameter overrides on a compiled package (docs/calculation.md "Parameter overrides"): the request's
 * `parameter_overrides` applied by the engine (../package/parameter-overrides.ts), refused as 400 invalid_request
 * naming each parameter, and what a result computed with them says: the structured summary, the "not current law"
 * warning, and the trace entries that read an overridden parameter.
 */
import { ServiceError } from '../../domain/errors.js';
import type { OverriddenRead, ParameterOverridesApplied } from '../../ports/calculator.js';
import { applyParameterOverrides } from '../package/parameter-overrides.js';
import type { RuntimePackage } from '../package/types.js';
import type { ParameterRead } from '../explain/evaluate.js';

/** Derived packages kept per base package (by override digest); the oldest is dropped beyond this. */
export const OVERRIDE_CACHE_SIZE = 32;
/** Requests a derived package answers on the explain path before its fast-path kernels are compiled. */
export const EXPLAIN_BEFORE_COMPILING = 2;

/** The package with the overrides applied and its summary, or 400 invalid_request naming every bad override. */
export function overriddenPackage(pkg: RuntimePackage, overrides: Readonly<Record<string, unknown>>): { pkg: RuntimePackage; applied: ParameterOverridesApplied } {
  const result = applyParameterOverrides(pkg, overrides);
  if (!result.ok) {
    const problems = result.problems.map((p) => (p.parameter ? `parameter_overrides["${p.parameter}"]: ${p.message}` : `parameter_overrides: ${p.message}`));
    throw new ServiceError('invalid_request', problems.join('; ').slice(0, 1500));
  }
  return { pkg: result.package, applied: { current_law: false, base_package_digest: result.baseDigest, parameters: result.applied.map((a) => ({ ...a, versions: [...a.versions] })) } };
}

/** The warning every result computed with overrides carries, in words. */
export function overrideWarning(applied: ParameterOverridesApplied, digest: string): string {
  const names = applied.parameters.map((p) => p.rule_id).join(', ');
  return (
    `Not current law: this result applies the request's parameter_overrides to ${names}. ` +
    `package_digest ${digest} names the changed package; the published package is ${applied.base_package_digest}.`
  );
}

/** The overridden parameter reads of one trace entry (undefined when it read none), with the values used. */
export function overriddenReads(reads: readonly ParameterRead[], overridden: ReadonlySet<string>, tables: ReadonlySet<string>): OverriddenRead[] | undefined {
  let found: OverriddenRead[] | undefined;
  for (const read of reads) {
    if (!overridden.has(read.id)) continue;
    const entry: OverriddenRead = { rule_id: read.id, value: read.value, effective_from: read.effectiveFrom, overridden: true };
    if (tables.has(read.id)) entry.key = read.key;
    (found ??= []).push(entry);
  }
  return found;
}
