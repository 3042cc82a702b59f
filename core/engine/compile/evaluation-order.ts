/**
 * Evaluation-order pass: compiled derived rules and relations → derived rule names, dependencies first, or the
 * first dependency cycle found, by name.
 */
import type { CompiledDerived, CompiledRelation } from './types.js';

/** Topological order of derived rules (deps first); on a cycle returns it by name, closed (a → b → a). */
export function topoOrder(derived: ReadonlyMap<string, CompiledDerived>, relations: ReadonlyMap<string, CompiledRelation>): { order: string[]; cycle?: string[] } {
  const order: string[] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const depsOf = (name: string): string[] => {
    const d = derived.get(name);
    if (!d) return [];
    const out = [...d.deps.rules];
    // A rule aggregating a derived relation depends on that relation's predicate rules.
    for (const rel of d.deps.relations) {
      let r = relations.get(rel);
      const seen = new Set<string>();
      while (r && r.kind === 'derived' && !seen.has(r.name)) {
        seen.add(r.name);
        if (r.predicateDeps) out.push(...r.predicateDeps.rules);
        r = r.source ? relations.get(r.source) : undefined;
      }
    }
    return out;
  };
  for (const start of derived.keys()) {
    if (state.has(start)) continue;
    // Iterative DFS so 100-deep ladders and long chains never hit the JS stack limit.
    const iters: { name: string; deps: string[]; i: number }[] = [{ name: start, deps: depsOf(start), i: 0 }];
    state.set(start, 1);
    stack.push(start);
    while (iters.length > 0) {
      const top = iters[iters.length - 1];
      if (top.i < top.deps.length) {
        const dep = top.deps[top.i++];
        if (!derived.has(dep)) continue;
        const st = state.get(dep);
        if (st === 1) return { order, cycle: [...stack.slice(stack.indexOf(dep)), dep] };
        if (st === 2) continue;
        state.set(dep, 1);
        stack.push(dep);
        iters.push({ name: dep, deps: depsOf(dep), i: 0 });
      } else {
        iters.pop();
        stack.pop();
        state.set(top.name, 2);
        order.push(top.name);
      }
    }
  }
  return { order };
}
