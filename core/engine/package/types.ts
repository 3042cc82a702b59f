/**
 * The composer's forms: a parsed program spec (reference §9), the RuntimePackage it composes to (API spec
 * "Runtime packages") and a package request and result on the explain path.
 */
import type { CompiledProgram } from '../compile/index.js';
import type { Period, TraceEntry } from '../explain/evaluate.js';
import type { Diagnostic, InputDoc } from '../load/model.js';
import type { EvalFailure } from '../values.js';
import type { OwnedCaches } from '../owned-caches.js';
import type { ProgramProfile } from './program-profile.js';

type Obj = Record<string, unknown>;

export interface ProgramSpec {
  readonly path: string;
  /** `<jur>/<program>`, e.g. `us-co/snap`. */
  readonly program: string;
  readonly jurisdiction: string;
  readonly name: string;
  readonly period: string;
  readonly outputs: readonly string[];
  /** The scope's module ids, resolved from its anchors (program-spec.ts scopeModuleIds); empty without a scope. */
  readonly scopeModules: readonly string[];
  readonly acknowledgedIncomplete: readonly string[];
  readonly transformations: readonly Obj[];
  readonly autoGateOutputs: readonly string[];
  /** Top-level keys RuleSpec does not define (household_aliases, input_defaults, sample_household, …), as written; in the digest. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** The extensions Tenet reads, checked and typed once (./program-profile.ts); later stages read this, not `extensions`. */
  readonly profile: ProgramProfile;
}

export type SpecResult = { ok: true; spec: ProgramSpec } | { ok: false; diagnostics: Diagnostic[] };

export interface PackageInput {
  /** Canonical request name (bare slot when a synthesized rule reads it, else the first owner's input id). */
  readonly name: string;
  readonly slot: string;
  /** All accepted request names: owner input ids, plus the bare slot when a synthesized rule reads it. */
  readonly accepted: readonly string[];
  readonly entity: string;
  readonly dtype: 'bool' | 'decimal' | 'integer' | 'text' | 'date';
  readonly default?: unknown;
  readonly relation?: string;
}

export interface PackageOutput {
  readonly name: string;
  readonly legalId?: string;
  readonly entity?: string;
  readonly dtype: string;
  readonly unit?: string;
}

export interface GraphRule {
  legalId: string;
  name: string;
  fileLegalId: string;
  kind: 'derived' | 'parameter';
  entity: string | null;
  dtype: string | null;
  period: string | null;
  unit: string | null;
  source: string | null;
  sourceUrl: string | null;
  ruleDeps: string[];
  inputDeps: string[];
  relationDeps: string[];
  formula: string | null;
}

export interface ProgramGraph {
  rules: GraphRule[];
  inputs: { legalId: string; name: string; fileLegalId: string; entity: string; relationLegalId?: string }[];
  relations: { legalId: string; name: string; fileLegalId: string; memberInputIds: string[] }[];
  ownOutputs: string[];
  terminalOutputs: string[];
}

export interface InputCatalogEntry {
  readonly slot: string;
  readonly canonical: string;
  readonly accepted: readonly string[];
}

export interface RuntimePackage {
  readonly spec: ProgramSpec;
  /** `programs/<jur>/<prog>` — the file id used for synthesized rules. */
  readonly programId: string;
  readonly program: CompiledProgram;
  readonly inputs: readonly PackageInput[];
  readonly outputs: readonly PackageOutput[];
  readonly graph: ProgramGraph;
  readonly inputCatalog: readonly InputCatalogEntry[];
  /** slot -> what the closure's `inputs:` blocks say about it (first module in load order); inert, not in the digest. */
  readonly inputDocs?: ReadonlyMap<string, InputDoc>;
  /** `sha256:<hex>` over the canonical form of everything that determines results. */
  readonly digest: string;
  readonly diagnostics: readonly Diagnostic[];
  /** State later stages keep about this package (the fast path's request sessions); a changed copy gets new ones. */
  readonly caches: OwnedCaches;
}

export type ComposeResult = { ok: true; package: RuntimePackage } | { ok: false; diagnostics: Diagnostic[] };

export interface PackageRequest {
  /** `YYYY-MM` or an explicit period. Defaults to the spec's period. */
  readonly period?: string | Period;
  /** Entity id the outputs are computed for. Default `household`. */
  readonly entityId?: string;
  /** Entity id → input name (bare slot or any accepted id) → JSON value. */
  readonly inputs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Relation name (or `#relation.` id) → tuples `[member, current]`. */
  readonly relations?: Readonly<Record<string, readonly (readonly [string, string])[]>>;
  readonly outputs?: readonly string[];
  /**
   * Record the trace. `'if-doubted-read'`: only where a parameter version the package declares unverified may have
   * been read (the fast path then answers without one when it certainly read none; the explain path records it).
   */
  readonly trace?: boolean | 'if-doubted-read';
  /**
   * With a trace: the rules (by name) whose entries the caller reads. An evaluator may leave the others out (the
   * fast path does, and so builds fewer entries); the explain path records every entry.
   */
  readonly traceRules?: ReadonlySet<string>;
}

export interface PackageResult {
  readonly period: Period;
  readonly outputs: Record<string, string | number | boolean>;
  readonly errors: Record<string, string>;
  /** What each failed output's error is about (same keys as `errors`), for mapping failures without reading messages. */
  readonly failures?: Record<string, EvalFailure>;
  readonly trace: readonly TraceEntry[];
}
