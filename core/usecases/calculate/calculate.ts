import { noPackageMessage } from '../../domain/catalog/package-ids.js';
import { isServiceError, ServiceError } from '../../domain/errors.js';
import { indexShape, type ShapeIndex } from '../../domain/household/shape.js';
import { mapHousehold } from '../../domain/household/map.js';
import { AssumptionWords, assumptionsWarning, settled, type PendingAssumption } from '../../domain/household/assumptions.js';
import { calculationUnits } from '../../domain/keys/compute-units.js';
import type { Principal } from '../../ports/auth-gate.js';
import type { BatchEntryResult, CalculateRequest, CalculateResponse, Calculator, EntryErrorCode, ExecutablePackage, Execution, TraceChoice } from '../../ports/calculator.js';
import type { BatchResponse, Calculations, PreparedCalculation } from '../../ports/calculations.js';
import type { ComputeMeter } from '../../ports/compute-meter.js';
import { withOverrides } from './overrides.js';

/** Constant naming the engine in every CalculateResponse. */
export const ENGINE_NAME = 'tenet-rulespec';

/** Every result carries this warning while calculation is experimental (the spec requires non-empty warnings). */
export const EXPERIMENTAL_WARNING =
  'Calculation is experimental: this result is not an authoritative determination of eligibility or benefit amount.';

/** The warning of an answer whose trace was left out because the request asked for `trace: "none"`. */
export const TRACE_LEFT_OUT_WARNING =
  'Trace left out on request (trace: "none"): this answer lists no rules; ask with trace "decisive" or "full" to see why it came out this way.';

/**
 * Default per-calculation time limit; configurable (TENET_CALC_TIME_LIMIT_MS). Enforced here, by wall clock, per
 * calculation (each batch or job entry has its own): a pending (asynchronous) runtime is cut off when it passes;
 * a synchronous one (the compiled runtime: tens of microseconds per household) cannot be pre-empted, so a result
 * that arrives after the limit is discarded. Either way the caller gets 502 runtime_error naming the limit.
 */
export const DEFAULT_TIME_LIMIT_MS = 2000;

export interface CalculationConfig {
  timeLimitMs: number;
  /**
   * Charges each calculation entry's compute units (the key layer's meter); default: free. The use case charges,
   * so HTTP, jobs and the MCP tools (which call the HTTP API) pay the same: after the request is checked, before
   * anything runs.
   */
  meter?: ComputeMeter;
}

/** Charges nothing: an app without the keys subsystem, and embedders. */
export const FREE_METER: ComputeMeter = { charge: async () => {}, refund: async () => {} };

export type { BatchResponse, PreparedCalculation } from '../../ports/calculations.js';

const ENTRY_CODES = new Set<string>(['unsupported_program', 'invalid_household', 'runtime_error']);

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/** Settles with `pending`, or rejects with `overrun()` once `limit` ms have passed. */
async function withinLimit<T>(pending: Promise<T>, limit: number, overrun: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(overrun()), limit);
    timer.unref?.();
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The requested outputs plus any Judgment output that settles a pending assumption (computed, not reported). */
function outputsToRun(outputs: string[], pending: readonly PendingAssumption[], pkg: ExecutablePackage): string[] {
  const extra = new Set<string>();
  for (const p of pending) {
    for (const name of [p.unless_output, p.inferred_from]) if (name && !outputs.includes(name) && pkg.outputs.includes(name)) extra.add(name);
  }
  return extra.size === 0 ? outputs : [...outputs, ...extra];
}

/** The request's trace size (default full) and the outputs its answer returns, where a decisive trace starts. */
function traceChoice(prepared: PreparedCalculation): TraceChoice {
  return { size: prepared.request.trace ?? 'full', returned: prepared.outputs };
}

/** What mapping keeps per package: its shape index and the assumptions its answers give, made once each. */
interface PackageMapping {
  readonly index: ShapeIndex;
  readonly words: AssumptionWords;
}

function shortMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * Calculates with the configured runtimes. Runtimes are consulted in order (compiled before fixture), so
 * the first that has a package for the program and jurisdiction runs it.
 */
export class CalculationService implements Calculations {
  private readonly mappings = new WeakMap<ExecutablePackage, PackageMapping>();

  constructor(
    private readonly calculators: readonly Calculator[],
    private readonly config: CalculationConfig = { timeLimitMs: DEFAULT_TIME_LIMIT_MS },
  ) {}

  get timeLimitMs(): number {
    return this.config.timeLimitMs;
  }

  /** The meter every entry is charged to (jobs charge at submission through it too). */
  get meter(): ComputeMeter {
    return this.config.meter ?? FREE_METER;
  }

  find(programId: string, jurisdiction: string): ExecutablePackage | undefined {
    for (const calculator of this.calculators) {
      const pkg = calculator.find(programId, jurisdiction);
      if (pkg) return pkg;
    }
    return undefined;
  }

  /**
   * Resolves the package (422 unsupported_program) with the request's parameter_overrides applied (400 naming each
   * bad one) and the variables (400 naming unknown ones).
   */
  prepare(request: CalculateRequest, path?: string): PreparedCalculation {
    const published = this.find(request.program_id, request.jurisdiction);
    if (!published) {
      const packages = this.calculators.flatMap((calculator) => calculator.packages());
      throw new ServiceError('unsupported_program', noPackageMessage(request, packages));
    }
    const pkg = withOverrides(published, request.parameter_overrides, path);
    if (request.variables === undefined || request.variables.length === 0) return { request, pkg, ...this.defaultVariables(pkg) };
    const variables = this.resolveVariables(pkg, request.variables, path);
    return { request, pkg, variables, outputs: [...new Set(variables.map(([, name]) => name))] };
  }

  /** Per package, the variables of a request that names none (the same every time, so made once). */
  private readonly defaults = new WeakMap<ExecutablePackage, Pick<PreparedCalculation, 'variables' | 'outputs'>>();

  private defaultVariables(pkg: ExecutablePackage): Pick<PreparedCalculation, 'variables' | 'outputs'> {
    let found = this.defaults.get(pkg);
    if (!found) {
      const outputs = [...new Set(pkg.default_outputs)];
      found = { variables: outputs.map((name) => [name, name] as const), outputs };
      this.defaults.set(pkg, found);
    }
    return found;
  }

  private resolveVariables(pkg: ExecutablePackage, requested: string[], path?: string): Array<[string, string]> {
    const known = new Set(pkg.outputs);
    const unknown: string[] = [];
    const pairs: Array<[string, string]> = [];
    for (const name of requested) {
      const canonical = known.has(name) ? name : Object.hasOwn(pkg.output_aliases, name) ? pkg.output_aliases[name] : undefined;
      if (canonical === undefined || !known.has(canonical)) unknown.push(name);
      else pairs.push([name, canonical]);
    }
    if (unknown.length > 0) {
      const prefix = path ? `${path}: ` : '';
      throw new ServiceError(
        'invalid_request',
        `${prefix}unknown variables for ${pkg.jurisdiction}/${pkg.program_id}: ${unknown.join(', ')}. Package detail lists the outputs and output_aliases.`,
      );
    }
    return pairs;
  }

  /** The package's shape index and assumption words, made on its first calculation and kept while it is. */
  private mapping(pkg: ExecutablePackage): PackageMapping {
    let mapping = this.mappings.get(pkg);
    if (!mapping) {
      mapping = { index: indexShape(pkg.shape), words: new AssumptionWords() };
      this.mappings.set(pkg, mapping);
    }
    return mapping;
  }

  /** Maps the household (400 invalid_household) and executes within the time limit (502 runtime_error). */
  async run(prepared: PreparedCalculation): Promise<CalculateResponse> {
    const { pkg, request, variables } = prepared;
    const { index, words } = this.mapping(pkg);
    const household = mapHousehold(index, request.household, words);
    const limit = this.config.timeLimitMs;
    const deadline = Date.now() + limit;
    const overrun = (): ServiceError => new ServiceError('runtime_error', `The calculation exceeded the per-calculation time limit of ${limit} ms.`);
    const failure = (error: unknown): ServiceError =>
      isServiceError(error) ? error : new ServiceError('runtime_error', `The calculation engine failed: ${shortMessage(error)}`, { cause: error });

    let execution: Execution;
    try {
      const pending = pkg.execute(household, outputsToRun(prepared.outputs, household.assumptions, pkg), traceChoice(prepared));
      // A synchronous runtime has finished already; only a pending one needs the timer to cut it off.
      execution = isPromise(pending) ? await withinLimit(pending, limit, overrun) : pending;
    } catch (error) {
      throw failure(error);
    }
    // Synchronous evaluation cannot be interrupted by the timer; a late result is still a time-limit failure.
    if (Date.now() > deadline) throw overrun();

    const outputs: CalculateResponse['outputs'] = {};
    for (const [requested, name] of variables) {
      const value = execution.outputs[name];
      if (value === undefined) throw new ServiceError('runtime_error', `The calculation engine returned no value for ${name}.`);
      outputs[requested] = value;
    }
    const assumptions = settled(household.assumptions, execution.outputs, execution.person_outputs);
    const assumed = assumptions.length > 0 ? [assumptionsWarning(assumptions)] : [];
    const leftOut = request.trace === 'none';
    return {
      engine: ENGINE_NAME,
      runtime: { id: pkg.runtime_id, mode: pkg.mode },
      program_id: pkg.program_id,
      jurisdiction: pkg.jurisdiction,
      package_digest: pkg.digest,
      period: household.period,
      outputs,
      ...(execution.person_outputs ? { person_outputs: execution.person_outputs } : {}),
      // A runtime may trace anyway (it needs the trace for a warning or person outputs); none is dropped here.
      trace: leftOut ? [] : execution.trace,
      warnings: [EXPERIMENTAL_WARNING, ...household.warnings, ...execution.warnings, ...assumed, ...(leftOut ? [TRACE_LEFT_OUT_WARNING] : [])],
      assumptions,
      ...(pkg.parameter_overrides ? { parameter_overrides: pkg.parameter_overrides } : {}),
    };
  }

  /**
   * One calculation for `principal`: resolves the package and variables (422, 400), charges one entry's compute
   * units (429 for a trial key over its quota), then maps and runs the household. `request` has passed the
   * CalculateRequest schema at the edge.
   */
  async calculate(request: CalculateRequest, principal: Principal | null = null): Promise<CalculateResponse> {
    const prepared = this.prepare(request);
    await this.meter.charge(principal, calculationUnits(1));
    return this.run(prepared);
  }

  /**
   * Runs one job entry already checked and charged, turning its failure into a positional error entry. The package
   * and variables are resolved again here: a job entry may run on another instance than the one that checked it,
   * whose packages may differ (its `unsupported_program` then becomes the entry's error).
   */
  async runEntry(request: CalculateRequest): Promise<BatchEntryResult> {
    let prepared: PreparedCalculation;
    try {
      prepared = this.prepare(request);
    } catch (error) {
      return { status: 'error', error: entryError(error) };
    }
    return this.runPrepared(prepared);
  }

  /**
   * Checks what the schema cannot before anything runs: an unknown variable or a bad parameter override fails the
   * whole request with `requests[i]: ...`. A missing package is an entry error, not a request error. The entries'
   * shape was checked once, by the batch schema at the edge.
   */
  checkEntries(requests: readonly CalculateRequest[]): void {
    this.prepareEntries(requests);
  }

  /** Each entry's package and outputs, resolved once (or the entry's unsupported_program error); see checkEntries. */
  private prepareEntries(requests: readonly CalculateRequest[]): Array<PreparedCalculation | BatchEntryResult> {
    return requests.map((request, i) => {
      try {
        return this.prepare(request, `requests[${i}]`);
      } catch (error) {
        if (isServiceError(error) && error.code === 'unsupported_program') return { status: 'error', error: entryError(error) };
        throw error;
      }
    });
  }

  /**
   * Checks every entry, charges one unit per entry, then runs them concurrently; results are positional. Each
   * entry's package and outputs are resolved once, by the check, and run as resolved.
   */
  async batch(requests: CalculateRequest[], principal: Principal | null = null): Promise<BatchResponse> {
    const entries = this.prepareEntries(requests);
    await this.meter.charge(principal, calculationUnits(requests.length));
    const results = await Promise.all(entries.map((entry) => ('status' in entry ? entry : this.runPrepared(entry))));
    const succeeded = results.filter((r) => r.status === 'ok').length;
    return { summary: { total: results.length, succeeded, failed: results.length - succeeded }, results };
  }

  /** Runs a prepared entry, turning its failure into a positional error entry. */
  private async runPrepared(prepared: PreparedCalculation): Promise<BatchEntryResult> {
    try {
      return { status: 'ok', result: await this.run(prepared) };
    } catch (error) {
      return { status: 'error', error: entryError(error) };
    }
  }
}

export function entryError(error: unknown): { code: EntryErrorCode; message: string } {
  if (isServiceError(error) && ENTRY_CODES.has(error.code)) return { code: error.code as EntryErrorCode, message: error.message };
  // Anything else escaping a calculation (including an invalid_request after replay) is reported as an engine failure.
  return { code: 'runtime_error', message: isServiceError(error) ? error.message : `The calculation engine failed: ${shortMessage(error)}` };
}
