/**
 * The calculation side of the runtime: executable packages and the records calculation produces.
 * (The read side, package listings, details and graphs, is core/ports/runtime.ts.)
 */
import type { Assumption } from '../domain/household/assumptions.js';
import type { MappedHousehold } from '../domain/household/map.js';
import type { HouseholdShape, JsonValue } from '../domain/household/shape.js';

export type RuntimeMode = 'fixture' | 'compiled';

export interface CalculateRequest {
  program_id: string;
  jurisdiction: string;
  household: Record<string, unknown>;
  variables?: string[];
  /**
   * Parameter id (bare name or `<module>#<name>`) -> new value, key -> value for a table, or dated versions
   * (docs/calculation.md "Parameter overrides"). Omitted or empty: the published package.
   */
  parameter_overrides?: Record<string, unknown>;
  /** Tenet extension: how much of the trace the answer carries (docs/calculation.md "Trace sizes"); default full. */
  trace?: TraceSize;
}

/**
 * How much attribution trace an answer carries: `full` every computed rule, `decisive` only the rules that decided
 * the returned outputs and person outputs, `none` no entries (with a warning saying so).
 */
export type TraceSize = 'full' | 'decisive' | 'none';

/** What a runtime is asked to trace: the size, and the outputs the answer returns (where a decisive trace starts). */
export interface TraceChoice {
  readonly size: TraceSize;
  readonly returned: readonly string[];
}

/** A parameter read that used an overridden value (trace entries of results computed with parameter_overrides). */
export interface OverriddenRead {
  rule_id: string;
  /** The table key read (tables only). */
  key?: number;
  value: JsonValue;
  /** Start of the version read. */
  effective_from: string;
  overridden: true;
}

/** What a result computed with parameter_overrides ran: the published package changed by these parameters' versions. */
export interface ParameterOverridesApplied {
  current_law: false;
  /** Digest of the published package the overrides were applied to. */
  base_package_digest: string;
  parameters: Array<{ rule_id: string; name: string; versions: Array<{ effective_from: string; effective_to?: string; value: JsonValue }> }>;
}

export interface CalculationTraceEntry {
  rule_id: string;
  variable: string;
  /** Entity kind the value belongs to, as the package names it (`Household`, `Person`; `household.entities` keys). */
  entity: string;
  /** Id of that entity instance: the unit's id (`household`) or a person's key in `household.people` (`child_1`). */
  entity_id: string;
  value: JsonValue;
  /** Legal source references (citations, with URLs where the rule gives one). */
  sources: string[];
  /** Parameter reads of this rule that used a value from the request's parameter_overrides (absent otherwise). */
  overridden_parameters?: OverriddenRead[];
}

/**
 * What every answer naming a rule writes alike for it, as JSON: `head` is `{"rule_id":…,"variable":…,"entity":…,
 * "entity_id":` and `tail` is `,"sources":[…]}`, UTF-8. The runtime owning the rule makes one per rule when it
 * compiles the package (core/engine/run/rule-cards.ts), so an answer writer copies these bytes instead of
 * serialising the fields, and the card says which fields it stands for.
 */
export interface TraceRuleCard {
  readonly rule_id: string;
  readonly variable: string;
  readonly entity: string;
  /** The rule's own sources array, the one its entries carry. */
  readonly sources: readonly string[];
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
}

/** Where a trace keeps its cards: a property of the array JSON, copies and equality checks do not see. */
export const TRACE_CARDS: unique symbol = Symbol('tenet.traceCards');

/**
 * A trace as a runtime answers it: the entries and, when the runtime made them, the card of each entry's rule at
 * the same index (a trace without cards, or an entry its card does not describe, is written field by field).
 */
export type CalculationTrace = CalculationTraceEntry[] & { readonly [TRACE_CARDS]?: readonly TraceRuleCard[] };

export interface CalculateResponse {
  /** Constant naming the engine. */
  engine: string;
  runtime: { id: string; mode: RuntimeMode };
  program_id: string;
  jurisdiction: string;
  /**
   * `sha256:<hex>` of the package that ran: for compiled packages the compiled program digest, for fixture
   * packages the digest of the package's recorded fixture. Equal digests mean the same rules and parameters.
   */
  package_digest: string;
  /** The calculation month actually used (`YYYY-MM`). */
  period: string;
  outputs: Record<string, JsonValue>;
  /**
   * Tenet extension, only from a package that declares person outputs (a program decided per person): person id
   * -> output name -> value, for the people the evaluation reached (docs/calculation.md "Person outputs").
   */
  person_outputs?: Record<string, Record<string, JsonValue>>;
  trace: CalculationTrace;
  warnings: string[];
  /** Defaults relied on that could change this household's outcome (docs/calculation.md "Assumptions"); may be empty. */
  assumptions: Assumption[];
  /** Present when the request's parameter_overrides changed the package: the result is not current law. */
  parameter_overrides?: ParameterOverridesApplied;
}

export type EntryErrorCode = 'unsupported_program' | 'invalid_household' | 'runtime_error';

export type BatchEntryResult =
  | { status: 'ok'; result: CalculateResponse }
  | { status: 'error'; error: { code: EntryErrorCode; message: string } };

/** What one execution produced. Outputs are keyed by canonical output name. */
export interface Execution {
  outputs: Record<string, JsonValue>;
  trace: CalculationTrace;
  /** Runtime-specific warnings, e.g. figures carried forward past the last encoded fiscal year. */
  warnings: string[];
  /** A package that declares person outputs: each listed person's values of them (CalculateResponse.person_outputs). */
  person_outputs?: Record<string, Record<string, JsonValue>>;
}

/** One executable package. */
export interface ExecutablePackage {
  program_id: string;
  jurisdiction: string;
  runtime_id: string;
  mode: RuntimeMode;
  /** See CalculateResponse.package_digest. */
  digest: string;
  /** Entities, inputs, defaults, aliases and default period for household mapping. */
  shape: HouseholdShape;
  /** Canonical output names the package can compute. */
  outputs: string[];
  /** alias -> canonical output name */
  output_aliases: Record<string, string>;
  /** Canonical names computed when a request omits `variables`. */
  default_outputs: string[];
  /**
   * Computes `outputs` (canonical names) for a mapped household. Throws ServiceError invalid_household
   * for a household the package cannot use; any other error is a runtime failure. A runtime that computes
   * synchronously returns the execution itself (nothing could interrupt it, so the caller sets no timer). The
   * per-calculation time limit is the caller's (CalculationService.run): a runtime is given no deadline to poll.
   * `trace` (default full) lets a runtime trace less, or skip tracing when the answer carries none; outputs,
   * warnings and person outputs are the same whatever it asks for.
   */
  execute(household: MappedHousehold, outputs: string[], trace?: TraceChoice): Execution | Promise<Execution>;
  /**
   * The package with `overrides` applied (same program, outputs and household shape; its own digest), for
   * runtimes that can change parameters; throws ServiceError invalid_request naming each bad override.
   */
  withParameterOverrides?(overrides: Readonly<Record<string, unknown>>): ExecutablePackage;
  /** Set on a package made by withParameterOverrides. */
  parameter_overrides?: ParameterOverridesApplied;
}

/** A set of executable packages (one runtime: compiled or fixture). */
export interface Calculator {
  readonly id: string;
  readonly mode: RuntimeMode;
  /** The package for a program and jurisdiction, or undefined when none is executable. */
  find(programId: string, jurisdiction: string): ExecutablePackage | undefined;
  packages(): readonly ExecutablePackage[];
}
