/**
 * Input-slot pass (reference §6), run on first read of `inputs` or a relation's `memberInputs`: the compiled
 * rules and relations → one InputSlot per input name (owning modules, whether the bare name is accepted, entity,
 * relation) and, per relation, the input slots read per member (aggregation fields and predicates, transitively
 * through the derived rules they read).
 */
import type { IR } from '../check/ir.js';
import type { CompiledDerived, CompiledParameter, CompiledRelation, InputSlot } from './types.js';

export interface InputSlotSources {
  readonly derived: ReadonlyMap<string, CompiledDerived>;
  readonly parameters: ReadonlyMap<string, CompiledParameter>;
  readonly relations: ReadonlyMap<string, CompiledRelation>;
  /** Module id of the synthesized rules, whose reads make the bare slot name acceptable. */
  readonly syntheticModule: string | undefined;
}

/** Fills `memberSets` (one empty set per relation on entry) and returns the input slots. */
export function inputSlots(sources: InputSlotSources, memberSets: Map<string, Set<string>>): Map<string, InputSlot> {
  const { derived, parameters, relations, syntheticModule } = sources;
  const map = new Map<string, InputSlot>();
  const own = (slot: string, module: string, entity: string | undefined, originless: boolean): void => {
    let s = map.get(slot);
    if (!s) {
      s = { name: slot, owners: [], bareAccepted: false, entity };
      map.set(slot, s);
    }
    if (originless) s.bareAccepted = true;
    else if (!s.owners.includes(module)) s.owners.push(module);
  };
  for (const d of derived.values()) for (const slot of d.deps.inputs) own(slot, d.rule.module, d.rule.entity, d.rule.module === syntheticModule);
  for (const p of parameters.values()) if (p.rule.table && p.rule.indexedBy) own(p.rule.indexedBy, p.rule.module, undefined, p.rule.module === syntheticModule);
  const transitive = transitiveInputs(derived);
  for (const d of derived.values()) collectMemberInputs(d, memberSets, transitive);
  for (const rel of relations.values()) {
    const set = memberSets.get(rel.name) as Set<string>;
    if (rel.predicateDeps) {
      for (const i of rel.predicateDeps.inputs) set.add(i);
      for (const r of rel.predicateDeps.rules) for (const i of transitive(r)) set.add(i);
    }
  }
  for (const [rel, set] of memberSets)
    for (const slot of set) {
      const s = map.get(slot);
      if (s && !s.relation) s.relation = rel;
    }
  for (const s of map.values()) s.owners.sort();
  return map;
}

/** Input slots a derived rule reads directly or through the derived rules it depends on (memoised). */
function transitiveInputs(derived: ReadonlyMap<string, CompiledDerived>): (name: string) => ReadonlySet<string> {
  const memo = new Map<string, Set<string>>();
  const get = (name: string): ReadonlySet<string> => {
    const hit = memo.get(name);
    if (hit) return hit;
    const out = new Set<string>();
    memo.set(name, out); // cycles are rejected later; the partial set stops runaway recursion
    const d = derived.get(name);
    if (d) {
      for (const i of d.deps.inputs) out.add(i);
      for (const r of d.deps.rules) for (const i of get(r)) out.add(i);
    }
    return out;
  };
  return get;
}

/** Records which input slots are read per member of each aggregated relation (for the ProgramGraph). */
function collectMemberInputs(d: CompiledDerived, memberSets: Map<string, Set<string>>, transitive: (name: string) => ReadonlySet<string>): void {
  const walk = (ir: IR, rel?: string): void => {
    switch (ir.k) {
      case 'input':
        if (rel) memberSets.get(rel)?.add(ir.slot);
        return;
      case 'derived':
        if (rel) for (const i of transitive(ir.name)) memberSets.get(rel)?.add(i);
        return;
      case 'agg':
        if (ir.field) walk(ir.field, ir.rel);
        if (ir.pred) walk(ir.pred, ir.rel);
        return;
      case 'arith':
      case 'cmp':
        walk(ir.l, rel);
        walk(ir.r, rel);
        return;
      case 'neg':
      case 'not':
      case 'truthy':
        walk(ir.e, rel);
        return;
      case 'and':
      case 'or':
      case 'exactly_one':
        for (const i of ir.items) walk(i, rel);
        return;
      case 'if':
        for (const c of ir.conds) walk(c, rel);
        for (const t of ir.thens) walk(t, rel);
        walk(ir.otherwise, rel);
        return;
      case 'fn':
        for (const a of ir.args) walk(a, rel);
        return;
      case 'param':
        if (ir.index) walk(ir.index, rel);
        return;
      default:
        return;
    }
  };
  for (const v of d.versions) if (v.ir) walk(v.ir);
}
