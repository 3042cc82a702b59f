/** The loaded (parsed and shape-checked, not yet compiled) form of RuleSpec modules. */
import type { Expr } from '../syntax/ast.js';
import type { Value } from '../values.js';

export type Severity = 'error' | 'warning';

/** One problem found while loading, checking or compiling. Positions are 1-based file lines where known. */
export interface Diagnostic {
  readonly severity: Severity;
  /** Module id, or the file path when the path is not a valid module id. */
  readonly module: string;
  readonly file: string;
  readonly rule?: string;
  /** 1-based line in the file (the rule's `name:` line plus the formula offset when known). */
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

export type DType = 'judgment' | 'bool' | 'integer' | 'decimal' | 'text' | 'date';

export type RoundingMode = 'half_up' | 'half_even' | 'floor' | 'ceil';

/** One effective-dated version. `formula` is set for formula versions, `cells` for table versions. */
export interface RuleVersion {
  readonly from: string;
  readonly to?: string;
  readonly formulaText?: string;
  readonly formula?: Expr;
  readonly cells?: ReadonlyMap<number, Value>;
  /** Where the formula text starts in the module file (for positioned diagnostics). */
  readonly at?: { readonly line: number; readonly column: number; readonly block: boolean };
}

export interface SourceRef {
  readonly citation: string;
  readonly url?: string;
}

interface RuleBase {
  readonly name: string;
  /** Durable id `<module>#<name>`. */
  readonly id: string;
  readonly module: string;
  /** The origin module's `corpus_citation_path`. */
  readonly citationPath?: string;
  readonly declaredKind: string;
  readonly source?: string;
  readonly sourceUrl?: string;
  readonly sources: readonly SourceRef[];
  readonly label?: string;
  readonly description?: string;
  readonly period?: string;
  /** 1-based line of the rule in its file, when found. */
  readonly line?: number;
  readonly private: boolean;
  /** The rule's raw `metadata` block (inert to the engine; read surfaces take proof atoms from it). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A scalar constant or integer-keyed table (shape: no entity and literal formulas, or `values`). */
export interface ParameterRule extends RuleBase {
  readonly shape: 'parameter';
  readonly dtypeLabel?: string;
  readonly dtype: DType;
  readonly unit?: string;
  readonly indexedBy?: string;
  readonly table: boolean;
  readonly versions: readonly RuleVersion[];
}

/** An entity-scoped (or `Scalar` pseudo-entity) computed rule. */
export interface DerivedRule extends RuleBase {
  readonly shape: 'derived';
  readonly entity?: string;
  readonly dtypeLabel?: string;
  readonly dtype: DType;
  readonly unit?: string;
  readonly rounding?: RoundingMode;
  readonly versions: readonly RuleVersion[];
}

export interface DataRelationRule extends RuleBase {
  readonly shape: 'data_relation';
  readonly arity: number;
  readonly arguments?: readonly string[];
}

export interface DerivedRelationRule extends RuleBase {
  readonly shape: 'derived_relation';
  readonly arity: number;
  /** Source relation as local name (durable ids are reduced to their name). */
  readonly sourceRelation: string;
  readonly aliasEntity?: string;
  readonly memberRelation?: string;
  readonly slotEntities?: readonly string[];
  readonly currentSlot: number;
  readonly relatedSlot: number;
  readonly versions: readonly RuleVersion[];
}

export interface SourceRelationRule extends RuleBase {
  readonly shape: 'source_relation';
  readonly relationType: string;
  readonly target: string;
  readonly value?: string;
  readonly authority?: string;
  readonly delegation?: string;
}

export type Rule = ParameterRule | DerivedRule | DataRelationRule | DerivedRelationRule | SourceRelationRule;

export interface UnitDecl {
  readonly name: string;
  readonly kind: string;
  readonly minorUnits: number;
}

export interface ModuleMeta {
  readonly summary?: string;
  readonly kind?: string;
  readonly status?: string;
  readonly citationPath?: string;
  readonly sourceSha256?: string;
  /** The whole raw `module:` block, for read surfaces that want more. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** One entry of a module's `inputs:` block: documentation only, never read by the engine (RuleSpec §1.2, §6). */
export interface InputDoc {
  readonly name: string;
  readonly description?: string;
  readonly period?: string;
  readonly unit?: string;
}

export interface LoadedModule {
  readonly id: string;
  readonly jurisdiction: string;
  /** Path relative to the repository root, posix separators. */
  readonly path: string;
  readonly meta: ModuleMeta;
  /** Absolute module ids (fragments dropped), in file order. */
  readonly imports: readonly string[];
  readonly rules: readonly Rule[];
  readonly units: readonly UnitDecl[];
  /** The module's `inputs:` documentation, when it has one (package detail shows it; evaluation ignores it). */
  readonly inputDocs?: readonly InputDoc[];
  /** Errors make the module unusable for compilation; warnings do not. */
  readonly diagnostics: readonly Diagnostic[];
  readonly ok: boolean;
}
