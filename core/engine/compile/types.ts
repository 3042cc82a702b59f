/**
 * The compiler's output forms: a CompiledProgram (merged namespace, lowered rules, relations, input slots,
 * evaluation order) and the inputs it takes (an ordered module list, optional synthesized rules).
 */
import type { Expr } from '../syntax/ast.js';
import type { Deps, IR } from '../check/ir.js';
import type { DataRelationRule, DerivedRelationRule, DerivedRule, Diagnostic, LoadedModule, ParameterRule, Rule, SourceRelationRule } from '../load/model.js';
import type { Value } from '../values.js';
import type { OwnedCaches } from '../owned-caches.js';

export interface CompiledVersion {
  readonly from: string;
  readonly to?: string;
  /** Checked AST (kept for code generation and display). */
  readonly formula?: Expr;
  readonly formulaText?: string;
  readonly ir?: IR;
  readonly cells?: ReadonlyMap<number, Value>;
}

export interface SetsBinding {
  /** Durable id of the `sets` source relation. */
  readonly hook: string;
  /** Durable id of the rule whose versions were bound in. */
  readonly value: string;
}

export interface CompiledDerived {
  readonly kind: 'derived';
  readonly rule: DerivedRule;
  readonly id: string;
  readonly name: string;
  readonly position: 'judgment' | 'scalar';
  readonly versions: readonly CompiledVersion[];
  readonly deps: Deps;
  /** Minor units when the rule rounds (currency unit with `rounding`). */
  readonly minorUnits?: number;
  readonly boundBy?: SetsBinding;
  /**
   * The rule's legal sources as its trace entries list them (source, URL, citation path, then the State rule
   * bound through `sets`): one frozen array per compiled rule, shared by every trace entry and answer naming it.
   */
  readonly sources: readonly string[];
}

export interface CompiledParameter {
  readonly kind: 'parameter';
  readonly rule: ParameterRule;
  readonly id: string;
  readonly name: string;
  readonly versions: readonly CompiledVersion[];
  readonly boundBy?: SetsBinding;
}

export interface CompiledRelation {
  readonly name: string;
  readonly id: string;
  readonly module: string;
  readonly kind: 'data' | 'derived' | 'auto';
  readonly arity: number;
  readonly rule?: DataRelationRule | DerivedRelationRule;
  /** Derived relations: source relation name and predicate. */
  readonly source?: string;
  readonly predicate?: IR;
  readonly predicateDeps?: Deps;
  /** Input slots read per member of this relation (aggregation fields and predicates, through member rules). */
  readonly memberInputs: ReadonlySet<string>;
}

export interface InputSlot {
  readonly name: string;
  /** Modules owning the slot (a derived rule reads it, or a table is indexed by it), sorted. */
  readonly owners: string[];
  /** Whether an originless (synthesized) rule reads it, making the bare name acceptable. */
  bareAccepted: boolean;
  /** Entity label of the first rule reading it, when known. */
  entity?: string;
  /** Relation whose members carry this input, when it is only read per member. */
  relation?: string;
}

export interface CompiledProgram {
  /** Root module ids (one for a module closure; several for a program). */
  readonly roots: readonly string[];
  /** Closure modules in load order (imports before importers). */
  readonly modules: readonly string[];
  readonly derived: ReadonlyMap<string, CompiledDerived>;
  readonly parameters: ReadonlyMap<string, CompiledParameter>;
  readonly relations: ReadonlyMap<string, CompiledRelation>;
  readonly inputs: ReadonlyMap<string, InputSlot>;
  /** Derived rule names, dependencies first. */
  readonly order: readonly string[];
  readonly currencies: ReadonlyMap<string, number>;
  readonly sourceRelations: readonly SourceRelationRule[];
  readonly diagnostics: readonly Diagnostic[];
  /** Durable id → bare name, for every parameter and derived rule (including merged duplicates' ids). */
  readonly idToName: ReadonlyMap<string, string>;
  /** State later stages keep about this program (the fast path's layout and kernels); a changed copy gets new ones. */
  readonly caches: OwnedCaches;
}

export type CompileResult = { ok: true; program: CompiledProgram } | { ok: false; diagnostics: Diagnostic[] };

export interface ModuleSource {
  get(id: string): LoadedModule | undefined;
}

/** Extra, originless rules (program transformations) compiled alongside a closure. */
export interface SyntheticRules {
  readonly module: string;
  readonly rules: readonly Rule[];
}
