/**
 * POST /v1/calculate/sweep, service.sweep and `tenet sweep` (docs/sweep.md): a calculation request plus an axis;
 * the answer describes each output exactly as segments and breakpoints over the axis, with the provenance of a
 * calculation answer (package digest, period, warnings and assumptions of the household at the start of the range).
 * parameter_overrides apply as in a calculation: the sweep runs on the changed package.
 */
import { ServiceError } from '../../domain/errors.js';
import { indexShape, type ShapeIndex } from '../../domain/household/shape.js';
import { mapHousehold } from '../../domain/household/map.js';
import { sweepUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { CalculateRequest, CalculateResponse, ExecutablePackage } from '../../ports/calculator.js';
import type { ComputeMeter } from '../../ports/compute-meter.js';
import { isSweepable, type SweepDescription } from '../../ports/sweeper.js';
import type { Calculations } from '../../ports/calculations.js';
import { ENGINE_NAME } from './calculate.js';
import { householdAt, resolveAxis, SWEEP_LIMITS, type SweepAxisRequest } from './sweep-axis.js';

export interface SweepRequest extends CalculateRequest {
  axis: SweepAxisRequest;
  /** Outputs to describe, by name or alias; default the package's default_outputs. */
  outputs?: string[];
}

/** A calculation answer's provenance (package, period, warnings, assumptions, overrides) with the axis and descriptions. */
export interface SweepResponse
  extends Pick<CalculateResponse, 'engine' | 'runtime' | 'program_id' | 'jurisdiction' | 'package_digest' | 'period' | 'warnings' | 'assumptions' | 'parameter_overrides'> {
  /** The axis as swept: canonical input, the person (if any), range and grid step. */
  axis: { input: string; person?: string; from: number; to: number; step: number };
  outputs: Record<string, SweepDescription>;
}

export interface SweepOptions {
  /** Charges the sweep's compute units; default the calculation service's meter (free where no key layer binds one). */
  meter?: ComputeMeter;
}

export class SweepService {
  private readonly shapes = new WeakMap<ExecutablePackage, ShapeIndex>();

  constructor(
    private readonly calculation: Calculations,
    private readonly options: SweepOptions = {},
  ) {}

  private shapeIndex(pkg: ExecutablePackage): ShapeIndex {
    let index = this.shapes.get(pkg);
    if (!index) this.shapes.set(pkg, (index = indexShape(pkg.shape)));
    return index;
  }

  /**
   * Checks the request (422 no package; 400 unknown outputs, a bad axis, over a limit), charges the sweep's
   * compute units, then sweeps. A provenance calculation at the start of the range gives warnings and assumptions.
   */
  async sweep(request: SweepRequest, principal: Principal | null = null): Promise<SweepResponse> {
    if (request.outputs !== undefined && request.variables !== undefined) throw new ServiceError('invalid_request', 'outputs: give outputs or variables, not both');
    const names = request.outputs ?? request.variables;
    if (names !== undefined && names.length > SWEEP_LIMITS.outputs) throw new ServiceError('invalid_request', `outputs: at most ${SWEEP_LIMITS.outputs} outputs per sweep`);
    const prepared = this.calculation.prepare({ program_id: request.program_id, jurisdiction: request.jurisdiction, household: request.household, ...(names ? { variables: names } : {}), ...(request.parameter_overrides ? { parameter_overrides: request.parameter_overrides } : {}) });
    const { pkg } = prepared;
    if (!isSweepable(pkg)) throw new ServiceError('unsupported_program', `${pkg.jurisdiction}/${pkg.program_id} runs on the ${pkg.mode} runtime, which cannot sweep; sweeps need a compiled package.`);
    if (prepared.outputs.length > SWEEP_LIMITS.outputs) throw new ServiceError('invalid_request', `outputs: at most ${SWEEP_LIMITS.outputs} outputs per sweep; name them`);
    const index = this.shapeIndex(pkg);
    const axis = resolveAxis(index, request.axis, request.household);
    const household = householdAt(request.household, axis, request.axis.person, request.axis.from);
    const mapped = mapHousehold(index, household);
    // Wherever the household gave the input (entities, spm_units), the sweep starts from `from`.
    mapped.inputs[axis.entityId] = { ...mapped.inputs[axis.entityId], [axis.input.name]: request.axis.from };
    await (this.options.meter ?? this.calculation.meter).charge(principal, sweepUnits());

    const started = Date.now();
    const swept = pkg.sweep(mapped, { input: axis.input.name, entity_id: axis.entityId, from: axis.from, to: axis.to, step: axis.step }, prepared.outputs, {
      maxSegments: SWEEP_LIMITS.segments,
      maxSteps: SWEEP_LIMITS.steps,
    });
    const limit = this.calculation.timeLimitMs;
    if (Date.now() - started > limit) throw new ServiceError('runtime_error', `The sweep exceeded the per-calculation time limit of ${limit} ms; narrow the range.`);
    const start = await this.calculation.run({ ...prepared, request: { ...prepared.request, household } });

    const outputs: Record<string, SweepDescription> = {};
    for (const [requested, name] of prepared.variables) outputs[requested] = swept.outputs[name];
    return {
      engine: ENGINE_NAME,
      runtime: start.runtime,
      program_id: start.program_id,
      jurisdiction: start.jurisdiction,
      package_digest: start.package_digest,
      period: start.period,
      axis: { input: axis.input.name, ...(request.axis.person !== undefined ? { person: request.axis.person } : {}), from: request.axis.from, to: request.axis.to, step: Number(axis.step) },
      outputs,
      warnings: start.warnings,
      assumptions: start.assumptions,
      ...(start.parameter_overrides ? { parameter_overrides: start.parameter_overrides } : {}),
    };
  }
}
