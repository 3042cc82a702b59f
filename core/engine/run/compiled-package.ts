/**
 * One executable package over an engine RuntimePackage. With a fast evaluator (the default in CompiledRuntime,
 * see ./fast-path.ts) outputs and trace come from generated JavaScript: a trace-mode kernel evaluates the rules
 * in the explain path's order and rebuilds its trace exactly, and a household the kernel cannot carry exactly
 * is answered by the explain path itself. Without one, one run of the explain path (with trace) gives both.
 */
import { ServiceError } from '../../domain/errors.js';
import { mapHousehold, type MappedHousehold } from '../../domain/household/map.js';
import { indexShape, type HouseholdShape, type JsonValue } from '../../domain/household/shape.js';
import {
  EvalError,
  evaluatePackage,
  type EvalFailure,
  type PackageRequest,
  type PackageResult,
  type RuntimePackage,
} from '../index.js';
import type { ExecutablePackage, Execution, ParameterOverridesApplied, TraceChoice } from '../../ports/calculator.js';
import type { SweepAxisSlot, SweepablePackage, SweepExecution, SweepLimitsConfig } from '../../ports/sweeper.js';
import { sweepRequest } from './package-sweep.js';
import { outputDocs, personOutputDocs } from './package-docs.js';
import { AnswerTrace } from './answer-trace.js';
import { carriedForward, fiscalFigures, type FiscalFigures } from './carried-forward.js';
import { EXPLAIN_BEFORE_COMPILING, OVERRIDE_CACHE_SIZE, overriddenPackage, overrideWarning } from './parameter-overrides.js';
import { householdShape } from './package-shape.js';
import type { SampleCandidate } from './sample-evidence.js';
import { UnverifiedFigureCheck, boundHooks, unverifiedFigures, unverifiedReaders } from './unverified-figures.js';
import { BoundedMap } from '../../domain/bounded-map.js';
import { fiscalYearOf, periodStart } from '../../domain/household/period.js';
import { entriesOf, PersonOutputs, traceSlices, type TraceSlices } from './person-outputs.js';
import { TraceSizing } from './trace-sizing.js';
import { engineRelations, pick } from './engine-request.js';

/** Evaluates a package request; the default is the engine's explain evaluator. */
export type PackageEvaluator = (pkg: RuntimePackage, request: PackageRequest) => PackageResult;

export const explainEvaluator: PackageEvaluator = (pkg, request) => evaluatePackage(pkg, request);

/** invalid_household for an engine failure the household causes; keeps the failure's kind for this adapter (never serialised). */
class HouseholdFailure extends ServiceError {
  constructor(
    message: string,
    readonly failure: EvalFailure,
  ) {
    super('invalid_household', message);
  }
}

export class CompiledPackage implements ExecutablePackage, SweepablePackage {
  readonly mode = 'compiled' as const;
  readonly program_id: string;
  readonly jurisdiction: string;
  readonly digest: string;
  shape: HouseholdShape;
  readonly outputs: string[];
  readonly output_aliases: Record<string, string>;
  readonly default_outputs: string[];
  private readonly unitId: string;
  private readonly fiscal: FiscalFigures | undefined;
  /** The package's unverified figures, looked up in each answer's trace (./unverified-figures.ts). */
  private readonly unverified: UnverifiedFigureCheck;
  private readonly firstMonth: string | undefined;
  /** The published sample household once settled, or why no candidate computed (see settleSample). */
  private sample: { household: Record<string, JsonValue>; origin: string } | undefined;
  private sampleProblem: string | undefined;
  /** Failing companion test cases of the closure's modules; undefined until checked (./companion-tests.ts). */
  private failingTests: number | undefined;
  /** Packages derived by withParameterOverrides, by digest and by request text (bounded; their kernels stay warm). */
  private readonly overridden = new BoundedMap<string, CompiledPackage>(OVERRIDE_CACHE_SIZE);
  private readonly overriddenByText = new BoundedMap<string, CompiledPackage>(OVERRIDE_CACHE_SIZE);
  /** Engine values and trace entries into the API's forms (./answer-trace.ts). */
  private readonly answer: AnswerTrace;
  /** The declared person-level results an answer reports per listed person (./person-outputs.ts). */
  private readonly personOutputs: PersonOutputs;
  /** Which recorded entries an answer carries for its trace size, and when none need recording (./trace-sizing.ts). */
  private readonly sizing: TraceSizing;
  /** The rules whose entries its warnings and person outputs read (past the last fiscal year: every parameter read too). */
  readonly answerRules: ReadonlySet<string>;
  /** The rules that can read an unverified figure, by name. */
  private readonly readerNames: readonly string[];

  constructor(
    readonly runtime_id: string,
    readonly pkg: RuntimePackage,
    private readonly evaluators: { explain: PackageEvaluator; fast?: PackageEvaluator } = { explain: explainEvaluator },
    /** Set on a package derived by withParameterOverrides. */
    readonly parameter_overrides?: ParameterOverridesApplied,
  ) {
    const profile = pkg.spec.profile;
    this.jurisdiction = pkg.spec.jurisdiction;
    this.program_id = profile.programId ?? pkg.spec.name;
    this.digest = pkg.digest;
    this.shape = householdShape(pkg);
    this.unitId = this.shape.entities[0].id_template;
    this.outputs = pkg.outputs.map((o) => o.name);
    const known = new Set(this.outputs);
    this.output_aliases = Object.fromEntries(Object.entries(profile.outputAliases).filter(([, output]) => known.has(output)));
    const defaults = profile.defaultOutputs.filter((o) => known.has(o));
    this.default_outputs = defaults.length > 0 ? defaults : [...pkg.spec.outputs];
    const overriddenIds = new Set(parameter_overrides?.parameters.map((p) => p.rule_id) ?? []);
    const overriddenTables = new Set([...pkg.program.parameters.values()].filter((p) => p.rule.table && overriddenIds.has(p.id)).map((p) => p.id));
    this.answer = new AnswerTrace(pkg, this.shape.entities[0].entity, overriddenIds, overriddenTables);
    const personKind = this.shape.entities[1]?.entity ?? 'Person';
    this.personOutputs = new PersonOutputs(profile.person.outputs, personKind, (name, value) => this.answer.value(name, value));
    // An overridden figure is the caller's, not the package's: its doubt no longer applies.
    const unverified = unverifiedFigures(pkg).filter((f) => !overriddenIds.has(f.parameter));
    const hooks = boundHooks(pkg.program);
    this.fiscal = fiscalFigures(pkg, hooks);
    const readers = unverifiedReaders(pkg.program, unverified, hooks);
    this.unverified = new UnverifiedFigureCheck(unverified, readers, hooks);
    this.readerNames = [...pkg.program.derived.values()].filter((rule) => readers.has(rule.id)).map((rule) => rule.name);
    this.answerRules = new Set([...this.readerNames, ...profile.person.outputs]);
    this.sizing = new TraceSizing(pkg, this.unitId, { kind: personKind, outputs: profile.person.outputs }, { fiscal: this.fiscal, unverified, hooks });
    // The first federal fiscal year starts on 1 October of the year before.
    this.firstMonth = profile.fiscalYears.length > 0 ? `${Math.min(...profile.fiscalYears) - 1}-10` : undefined;
  }

  /** Read-surface description (DescribedPackage in core/ports/runtime.ts). */
  describe() {
    const sample = this.sample?.household ?? this.pkg.spec.profile.sampleHousehold ?? {};
    const docs = outputDocs(this.pkg);
    return {
      outputs: this.pkg.outputs.map((o) => ({ name: o.name, ...(o.legalId ? { legal_id: o.legalId } : {}), ...docs.get(o.name) })),
      ...(this.personOutputs.declared ? { person_outputs: this.personOutputViews() } : {}),
      acknowledged_incomplete: [...this.pkg.spec.acknowledgedIncomplete],
      sample_household: Object.keys(sample).length > 0 ? structuredClone(sample) : undefined,
      ...(this.sampleProblem ? { sample_problem: this.sampleProblem } : {}),
      ...(this.failingTests !== undefined ? { failing_tests: this.failingTests } : {}),
      graph: this.pkg.graph,
    };
  }

  private personOutputViews() {
    const docs = personOutputDocs(this.pkg);
    return this.pkg.spec.profile.person.outputs.map((name) => ({ name, legal_id: this.pkg.program.derived.get(name)?.id ?? name, ...docs.get(name) }));
  }

  /**
   * Why a household does not compute as POST /v1/calculate would run it with the default outputs (mapping,
   * explain evaluation, a value per output, a non-empty trace whose every entry names a legal source), or
   * undefined when it computes. Checked on the engine's result, so settling samples at start makes no rule cards.
   */
  sampleFails(household: Record<string, JsonValue>): string | undefined {
    return this.sampleCheck(household)?.problem;
  }

  /** sampleFails, and whether the problem is that no rule covers the household's period (by the engine's failure kind). */
  sampleCheck(household: Record<string, JsonValue>): { problem: string; periodUncovered: boolean } | undefined {
    const problem = (message: string, periodUncovered = false) => ({ problem: message, periodUncovered });
    try {
      const mapped = mapHousehold(indexShape(this.shape), household);
      const result = this.evaluate(mapped, this.default_outputs, this.evaluators.explain);
      this.throwFailures(result, mapped.period);
      const missing = this.default_outputs.filter((o) => result.outputs[o] === undefined);
      if (missing.length > 0) return problem(`no value for ${missing.join(', ')}`);
      if (result.trace.length === 0) return problem('the trace is empty');
      const unsourced = result.trace.find((t) => t.sources.length === 0);
      if (unsourced) return problem(`trace entry ${unsourced.ruleId} names no legal source`);
      return undefined;
    } catch (error) {
      if (error instanceof HouseholdFailure) return problem(error.message, error.failure.kind === 'period_not_covered');
      return problem(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Publishes the candidate when it computes (sampleFails) and returns undefined; otherwise returns the problem.
   * With `defaultPeriodUncovered` (the spec's default period is not covered by the package's rules at all), a
   * candidate that computes at another month (a test case's period) makes that month the default period.
   */
  trySample(candidate: SampleCandidate, options: { defaultPeriodUncovered?: boolean } = {}): string | undefined {
    const problem = this.sampleFails(candidate.household);
    if (problem !== undefined) return problem;
    const period = candidate.household.period;
    if (options.defaultPeriodUncovered && typeof period === 'string' && period !== this.shape.default_period) {
      this.shape = { ...this.shape, default_period: period };
    }
    this.sample = { household: candidate.household, origin: candidate.origin };
    this.sampleProblem = undefined;
    return undefined;
  }

  /** No candidate computes: keeps the first one and reports why (describe().sample_problem: listed unavailable). */
  noSample(first: SampleCandidate, problem: string): void {
    this.sample = { household: first.household, origin: first.origin };
    this.sampleProblem = `no sample household computes; ${first.origin}: ${problem}`.slice(0, 600);
  }

  /** Records the companion-test check (makes the program `partial` when above 0). */
  setFailingTests(count: number): void {
    this.failingTests = count;
  }

  /** Where the published sample household came from (undefined before settleSample). */
  get sampleOrigin(): string | undefined {
    return this.sample?.origin;
  }

  /**
   * This package with the request's parameter_overrides applied (400 invalid_request naming each bad one); the
   * derived package is kept by digest, so repeated overrides reuse its compiled kernels.
   */
  withParameterOverrides(overrides: Readonly<Record<string, unknown>>): CompiledPackage {
    if (Object.keys(overrides).length === 0) return this;
    // The same request text again (a client repeating its what-if) skips checking and applying.
    const text = JSON.stringify(overrides);
    const again = this.overriddenByText.get(text);
    if (again) return again;
    const { pkg, applied } = overriddenPackage(this.pkg, overrides);
    let derived = this.overridden.get(pkg.digest);
    if (!derived) {
      derived = new CompiledPackage(this.runtime_id, pkg, this.evaluators, applied);
      derived.shape = this.shape;
      this.overridden.set(pkg.digest, derived);
    }
    this.overriddenByText.set(text, derived);
    return derived;
  }

  /** Synchronous: evaluation runs to completion on this thread (the service checks its deadline afterwards). */
  execute(household: MappedHousehold, outputs: string[], trace?: TraceChoice): Execution {
    // The engine records its trace unless nothing reads it (trace "none" and no warning or person output needs it;
    // an unverified figure's warning needs it only when the figure may have been read: ./trace-sizing.ts).
    return this.run(household, outputs, this.evaluatorNow(), trace);
  }

  /** Requests a package made by withParameterOverrides has answered (see evaluatorNow). */
  private answered = 0;

  /**
   * The fast evaluator, except for a package made by withParameterOverrides until it has answered
   * EXPLAIN_BEFORE_COMPILING requests: compiling its kernels costs tens of milliseconds, which a one-off what-if
   * should not pay (nor let a caller make the server pay per request); the two paths give the same answers.
   */
  private evaluatorNow(): PackageEvaluator {
    if (!this.evaluators.fast) return this.evaluators.explain;
    if (this.parameter_overrides && this.answered < EXPLAIN_BEFORE_COMPILING) {
      this.answered += 1;
      return this.evaluators.explain;
    }
    return this.evaluators.fast;
  }

  /** Exact sweep of `outputs` over one input (./package-sweep.ts); engine failures map as in execute. */
  sweep(household: MappedHousehold, axis: SweepAxisSlot, outputs: string[], limits: SweepLimitsConfig): SweepExecution {
    this.checkFirstMonth(household);
    const request: PackageRequest = { period: household.month, entityId: this.unitId, inputs: household.inputs, relations: engineRelations(household) };
    try {
      return sweepRequest(this.pkg, request, axis, outputs, limits);
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      const problem = this.householdProblem(outputs[0], error.message, error.failure, household.period);
      if (problem) throw new HouseholdFailure(problem, error.failure);
      throw new ServiceError('runtime_error', `The calculation engine failed: ${error.message.slice(0, 500)}`);
    }
  }

  private checkFirstMonth(household: MappedHousehold): void {
    if (this.firstMonth && household.period < this.firstMonth) {
      throw new ServiceError('invalid_household', `household.period: ${household.period} is before ${this.firstMonth}, the first month this package encodes figures for.`);
    }
  }

  private run(household: MappedHousehold, outputs: string[], evaluate: PackageEvaluator, choice?: TraceChoice): Execution {
    const recording = this.sizing.traceFor(choice, household.period);
    const result = this.evaluate(household, outputs, evaluate, recording);
    if (recording !== true && result.trace.length === 0) this.untraced += 1;
    this.throwFailures(result, household.period);
    const values: Record<string, JsonValue> = {};
    for (const name in result.outputs) values[name] = this.answer.value(name, result.outputs[name]);
    const trace = this.answer.entries(this.sizing.entries(choice, result.trace, household), household.kinds);
    const warnings = this.warnings(result.trace, household.period);
    if (!this.personOutputs.declared) return { outputs: values, trace, warnings };
    return { outputs: values, trace, warnings, person_outputs: this.personOutputs.collect(result.trace, household.kinds) };
  }

  /** Answers this package evaluated without recording the engine's trace (trace "none" with nothing reading it). */
  private untraced = 0;

  /** How many answers were evaluated without the engine's trace (for tests and diagnostics). */
  get untracedAnswers(): number {
    return this.untraced;
  }

  /** One engine evaluation with trace (the engine's forms); `traceRules`: PackageRequest.traceRules. */
  evaluate(household: MappedHousehold, outputs: readonly string[], evaluate: PackageEvaluator = this.evaluatorNow(), trace: PackageRequest['trace'] = true, traceRules?: ReadonlySet<string>): PackageResult {
    this.checkFirstMonth(household);
    const request: PackageRequest = { period: household.month, entityId: this.unitId, inputs: household.inputs, relations: engineRelations(household), outputs, trace, traceRules };
    return evaluate(this.pkg, request);
  }

  /**
   * One evaluation of `outputs` that does not fail on those that do not compute: a screen reads each program's part
   * (partOf), and a program whose output failed reports its own problem (./screen-package.ts). The answer's trace
   * has the size `trace` asks for (the engine records its trace for every size); `trace: false` records none (a
   * screen's variants, read for status and amount only). `unit`: the unit's value of each rule of `unitRules` the
   * engine recorded (a screen's tests, eligibility and links). `traceRules` (size none): the rules whose entries
   * the caller reads, `unitRules` among them (PackageRequest.traceRules).
   */
  evaluateEach(
    household: MappedHousehold,
    outputs: readonly string[],
    trace: TraceChoice | false = { size: 'full', returned: outputs },
    unitRules: ReadonlySet<string> = new Set(),
    traceRules?: ReadonlySet<string>,
  ): { result: PackageResult; unit: Map<string, JsonValue> } & Pick<Execution, 'trace'> {
    // Recorded for every size: the screen reads its deciding rules and links from it, besides warnings and person outputs.
    const only = trace !== false && trace.size === 'none' ? traceRules : undefined;
    const result = this.evaluate(household, outputs, this.evaluatorNow(), trace !== false, only);
    const unit = new Map<string, JsonValue>();
    for (const entry of result.trace) if (entry.entity === this.unitId && unitRules.has(entry.name)) unit.set(entry.name, this.answer.value(entry.name, entry.value));
    const entries = trace === false ? [] : this.sizing.entries(trace, result.trace, household);
    return { result, unit, trace: entries.length > 0 ? this.answer.entries(entries, household.kinds) : [] };
  }

  /**
   * This package's answer read from an evaluation of a larger package whose closure includes this one's (a screen,
   * ./screen-package.ts): its outputs, warnings and person outputs, or the household problem that stopped it. The
   * trace stays the larger package's. `read`: the outputs to give (default all; a screen's variant reads those that say
   * eligible and how much). `slices`: the trace's entries of this package's answerRules, and past its last fiscal
   * year every entry that read a parameter (./person-outputs.ts).
   */
  partOf(result: PackageResult, household: MappedHousehold, read: readonly string[] = this.outputs, slices?: TraceSlices): Omit<Execution, 'trace'> | { problem: ServiceError } {
    const problem = this.problemIn(result, household.period);
    if (problem) return { problem };
    const values: Record<string, JsonValue> = {};
    for (const name of read) if (Object.hasOwn(result.outputs, name)) values[name] = this.answer.value(name, result.outputs[name]);
    // Past the last fiscal year the carried-forward check reads every parameter read, this package's own; unverified
    // figures and person outputs read their own rules' entries, by name (one namespace gives one meaning).
    const past = this.carriesForward(household.period);
    slices ??= traceSlices(result.trace, this.answerRules, past);
    const own = past ? slices.reads.filter((entry) => this.pkg.program.derived.has(entry.name) || this.pkg.program.parameters.has(entry.name)) : entriesOf(slices, this.readerNames);
    const warnings = this.warnings(own, household.period);
    if (!this.personOutputs.declared) return { outputs: values, warnings };
    return { outputs: values, warnings, person_outputs: this.personOutputs.collect(entriesOf(slices, this.personOutputs.names), household.kinds) };
  }

  /** Whether `period` lies past the last fiscal year this package encodes (its answer then warns of figures carried forward). */
  carriesForward(period: string): boolean {
    return this.fiscal !== undefined && fiscalYearOf(periodStart(period)) > this.fiscal.lastFiscalYear;
  }

  /** The household problem or engine failure of one of this package's outputs in a larger evaluation, if any. */
  private problemIn(result: PackageResult, period: string): ServiceError | undefined {
    // Most evaluations fail nowhere: nothing to pick out then.
    let failed = false;
    for (const _ in result.errors) failed = true;
    if (!failed) return undefined;
    try {
      this.throwFailures({ ...result, errors: pick(result.errors, this.outputs), failures: result.failures && pick(result.failures, this.outputs) }, period);
      return undefined;
    } catch (error) {
      if (error instanceof ServiceError) return error;
      throw error;
    }
  }

  private warnings(trace: PackageResult['trace'], period: string): string[] {
    const warnings = carriedForward(this.fiscal, period, trace);
    warnings.push(...this.unverified.warnings(trace));
    if (this.parameter_overrides) warnings.push(overrideWarning(this.parameter_overrides, this.digest));
    return warnings;
  }

  /** Throws the household problem (invalid_household) or the engine failure (runtime_error) of a failed output. */
  private throwFailures(result: Pick<PackageResult, 'errors' | 'failures'>, period: string): void {
    let failed: Array<[string, string]> | undefined;
    for (const output in result.errors) (failed ??= []).push([output, result.errors[output]]);
    if (failed === undefined) return;
    const failures = result.failures ?? {};
    for (const [output, message] of failed) {
      const problem = this.householdProblem(output, message, failures[output], period);
      if (problem) throw new HouseholdFailure(problem, failures[output]);
    }
    throw new ServiceError('runtime_error', `The calculation engine failed: ${failed.map(([name, message]) => `${name}: ${message}`).join('; ').slice(0, 500)}`);
  }

  /**
   * Engine failures caused by the household rather than the rules: a needed input, a period or a table key, told
   * by the failure's kind (an evaluator that gives no kind is treated as the rules' own failure).
   */
  private householdProblem(output: string, message: string, failure: EvalFailure | undefined, period: string): string | undefined {
    switch (failure?.kind) {
      case 'missing_input': {
        const slot = failure.input;
        const input = this.pkg.inputs.find((i) => i.slot === slot);
        return `household: required input ${input?.name ?? slot} missing (${output} needs it): ${message}`;
      }
      case 'period_not_covered':
        return `household.period: ${period} is not covered by this package's rules (${output}: ${message}).`;
      case 'table_key_not_covered':
        return `household: an input lies outside the range this package's tables cover (${output}: ${message}).`;
      default:
        return undefined;
    }
  }
}
