/**
 * Merge pass: the closure's modules (and synthesized rules) → one flat namespace of parameters, derived rules,
 * relations and source relations, with the currencies they declare. Identical parameter declarations merge;
 * any other duplicate name is an error.
 */
import type { DataRelationRule, DerivedRelationRule, DerivedRule, LoadedModule, ParameterRule, Rule, RuleVersion, SourceRelationRule } from '../load/model.js';
import { BUILTIN_CURRENCIES } from '../load/module-loader.js';
import type { CompileErrors } from './diagnostics.js';
import type { SyntheticRules } from './types.js';

export interface MergedRules {
  readonly params: Map<string, ParameterRule>;
  readonly derived: Map<string, DerivedRule>;
  /** Relation rules by name (a derived relation also under its member relation's name). */
  readonly relRules: Map<string, DataRelationRule | DerivedRelationRule>;
  readonly sourceRelations: SourceRelationRule[];
  /** Durable id → bare name, for every parameter and derived rule (including merged duplicates' ids). */
  readonly idToName: Map<string, string>;
  readonly currencies: Map<string, number>;
}

export function mergeRules(loaded: readonly LoadedModule[], synthetic: SyntheticRules | undefined, errors: CompileErrors): MergedRules {
  const merged: MergedRules = {
    params: new Map(),
    derived: new Map(),
    relRules: new Map(),
    sourceRelations: [],
    idToName: new Map(),
    currencies: new Map(BUILTIN_CURRENCIES),
  };
  const ruleLists: { module: string; rules: readonly Rule[] }[] = loaded.map((m) => ({ module: m.id, rules: m.rules }));
  for (const m of loaded) for (const u of m.units) if (u.kind === 'currency') merged.currencies.set(u.name, u.minorUnits);
  if (synthetic) ruleLists.push(synthetic);
  for (const { rules } of ruleLists) for (const r of rules) mergeRule(merged, r, errors);
  return merged;
}

function mergeRule(merged: MergedRules, r: Rule, errors: CompileErrors): void {
  const err = (message: string): void => errors.report(r, errors.moduleOf(r), message);
  switch (r.shape) {
    case 'parameter': {
      const prev = merged.params.get(r.name);
      if (prev) {
        const compatible =
          prev.unit === r.unit && prev.indexedBy === r.indexedBy && prev.source === r.source && prev.sourceUrl === r.sourceUrl && sameVersions(prev.versions, r.versions);
        if (!compatible) return err(`parameter "${r.name}" is declared in both ${prev.module} and ${r.module} with different definitions`);
      }
      merged.params.set(r.name, r);
      merged.idToName.set(r.id, r.name);
      return;
    }
    case 'derived': {
      const prev = merged.derived.get(r.name);
      if (prev) return err(`derived rule "${r.name}" is defined in both ${prev.module} and ${r.module}`);
      merged.derived.set(r.name, r);
      merged.idToName.set(r.id, r.name);
      return;
    }
    case 'data_relation':
    case 'derived_relation': {
      const prev = merged.relRules.get(r.name);
      if (prev && (prev.shape !== r.shape || prev.arity !== r.arity || r.shape === 'derived_relation'))
        return err(`relation "${r.name}" is declared in both ${prev.module} and ${r.module}`);
      merged.relRules.set(r.name, r);
      if (r.shape === 'derived_relation' && r.memberRelation && r.memberRelation !== r.name) merged.relRules.set(r.memberRelation, r);
      return;
    }
    case 'source_relation':
      merged.sourceRelations.push(r);
      return;
  }
}

function sameVersions(a: readonly RuleVersion[], b: readonly RuleVersion[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.from !== y.from || x.to !== y.to || (x.formulaText ?? '').trim() !== (y.formulaText ?? '').trim()) return false;
    if (x.cells || y.cells) {
      if (!x.cells || !y.cells || x.cells.size !== y.cells.size) return false;
      for (const [k, v] of x.cells) if (JSON.stringify(y.cells.get(k)) !== JSON.stringify(v)) return false;
    }
  }
  return true;
}
