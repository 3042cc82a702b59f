/**
 * A compiled package's sweep (core/ports/sweeper.ts): the engine's exact sweep (../sweep/) over the household as
 * the package maps it, with values and attributions in the shapes a calculation answer uses (judgments as JSON
 * booleans, a rule's sources as its trace entries list them).
 */
import { ServiceError } from '../../domain/errors.js';
import type { JsonValue } from '../../domain/household/shape.js';
import type { SweepAxisSlot, SweepDescription, SweepExecution, SweepLimitsConfig } from '../../ports/sweeper.js';
import type { PackageRequest, RuntimePackage } from '../package/types.js';
import { Decimal } from '../values.js';
import { sweepPackage, SweepError, type SweepOutput, type SweepRule } from '../sweep/index.js';
import { judgmentValue } from './answer-trace.js';

/** Judgments travel as JSON booleans, as in a calculation answer. */
function jsonValue(value: string | number | boolean, judgment: boolean): JsonValue {
  return judgment ? judgmentValue(value) : value;
}

/** The sweep's output in the port's shapes; a rule's sources are copied once (the EITC names one rule 15,000 times). */
function described(output: SweepOutput, judgment: boolean): SweepDescription {
  const sources = new Map<SweepRule, string[]>();
  const sourcesOf = (rule: SweepRule): string[] => {
    let copy = sources.get(rule);
    if (!copy) sources.set(rule, (copy = [...rule.sources]));
    return copy;
  };
  return {
    // A number's segments already have the port's shape: the engine's objects are passed on.
    segments: judgment ? output.segments.map((s) => ({ from: s.from as number | string, to: s.to as number | string, value: jsonValue(s.value, judgment), slope: s.slope as number | string })) : (output.segments as SweepDescription['segments']),
    breakpoints: output.breakpoints.map((b) => ({
      at: b.at as number | string,
      before: jsonValue(b.before, judgment),
      after: jsonValue(b.after, judgment),
      rule_id: b.rule?.ruleId ?? null,
      sources: b.rule ? sourcesOf(b.rule) : [],
    })),
  };
}

/** Runs the sweep; a SweepError (nonlinear axis, over a limit) becomes 400 invalid_request. EvalErrors pass through. */
export function sweepRequest(pkg: RuntimePackage, request: PackageRequest, axis: SweepAxisSlot, outputs: string[], limits: SweepLimitsConfig): SweepExecution {
  let result;
  try {
    result = sweepPackage(pkg, request, { input: axis.input, entity: axis.entity_id, from: new Decimal(axis.from), to: new Decimal(axis.to), step: new Decimal(axis.step) }, outputs, limits);
  } catch (error) {
    if (error instanceof SweepError) throw new ServiceError('invalid_request', `axis: ${error.message}`);
    throw error;
  }
  const out: Record<string, SweepDescription> = {};
  for (const name of outputs) out[name] = described(result.outputs[name], pkg.program.derived.get(name)?.position === 'judgment');
  return { outputs: out, steps: result.steps };
}
