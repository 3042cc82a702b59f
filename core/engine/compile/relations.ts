/**
 * Relations pass: the merged relation rules and the lowered derived rules → CompiledRelation per name: declared
 * data relations, derived relations with their lowered predicate, then auto-declared (arity 2) relations for
 * names that aggregations or derived relations use without declaring them.
 */
import type { Expr } from '../syntax/ast.js';
import { relationId } from '../syntax/ids.js';
import type { Deps, IR } from '../check/ir.js';
import { LoweringError, lowerFormula, type Namespace } from '../check/lower.js';
import { filePosition } from '../load/module-loader.js';
import type { CompileErrors } from './diagnostics.js';
import type { MergedRules } from './merged-rules.js';
import type { CompiledDerived, CompiledRelation } from './types.js';

/** Registers a relation's member-input set and returns its reader (member inputs are computed on first read). */
export type MemberInputsOf = (relation: string) => () => ReadonlySet<string>;

export function compileRelations(
  merged: MergedRules,
  compiledDerived: ReadonlyMap<string, CompiledDerived>,
  ns: Namespace,
  errors: CompileErrors,
  memberInputsOf: MemberInputsOf,
): Map<string, CompiledRelation> {
  const relations = new Map<string, CompiledRelation>();
  const addRelation = (rel: Omit<CompiledRelation, 'memberInputs'>): void => {
    const read = memberInputsOf(rel.name);
    relations.set(rel.name, {
      ...rel,
      get memberInputs(): ReadonlySet<string> {
        return read();
      },
    });
  };
  for (const [name, r] of merged.relRules) {
    if (r.shape === 'data_relation') {
      addRelation({ name, id: relationId(r.module, r.name), module: r.module, kind: 'data', arity: r.arity, rule: r });
      continue;
    }
    let predicate: IR | undefined;
    let predicateDeps: Deps | undefined;
    try {
      const currentEntity = r.slotEntities?.[r.currentSlot];
      const low = lowerFormula(r.versions[0].formula as Expr, 'judgment', ns, { currentEntity });
      predicate = low.ir;
      predicateDeps = low.deps;
    } catch (e) {
      const at = r.versions[0].at;
      const where = e instanceof LoweringError && at ? filePosition(at, e.pos) : undefined;
      errors.report(r, errors.moduleOf(r), `derived relation "${r.name}": ${(e as Error).message}`, where?.line, where?.column);
      continue;
    }
    addRelation({ name, id: relationId(r.module, r.name), module: r.module, kind: 'derived', arity: r.arity, rule: r, source: r.sourceRelation, predicate, predicateDeps });
  }
  for (const d of compiledDerived.values()) {
    for (const rel of d.deps.relations) {
      if (!relations.has(rel)) addRelation({ name: rel, id: relationId(d.rule.module, rel), module: d.rule.module, kind: 'auto', arity: 2 });
    }
  }
  for (const rel of [...relations.values()]) {
    if (rel.kind === 'derived' && rel.source && !relations.has(rel.source))
      addRelation({ name: rel.source, id: relationId(rel.module, rel.source), module: rel.module, kind: 'auto', arity: 2 });
  }
  return relations;
}
