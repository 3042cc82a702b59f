/**
 * Import closures and formula name resolution, as the engine resolves names: one global namespace by local name
 * over a module's transitive import closure.
 */
import type { CatalogModule, CatalogRule } from './types.js';

export interface ModuleSource {
  module: CatalogModule;
}

export function ruleIdOf(moduleId: string, rule: Pick<CatalogRule, 'name' | 'kind'>): string {
  return rule.kind === 'data_relation' || rule.kind === 'derived_relation' ? `${moduleId}#relation.${rule.name}` : `${moduleId}#${rule.name}`;
}

/** Transitive import closure (including the module itself), memoised; cycles and missing modules are tolerated. */
export function closureFinder(modules: ReadonlyMap<string, ModuleSource>): (moduleId: string) => ReadonlySet<string> {
  const memo = new Map<string, Set<string>>();
  const visiting = new Set<string>();
  const visit = (id: string): Set<string> => {
    const cached = memo.get(id);
    if (cached) return cached;
    const set = new Set<string>([id]);
    if (visiting.has(id)) return set;
    visiting.add(id);
    for (const imp of modules.get(id)?.module.imports ?? []) for (const x of visit(imp)) set.add(x);
    visiting.delete(id);
    memo.set(id, set);
    return set;
  };
  return (id) => (modules.has(id) ? visit(id) : new Set<string>());
}

/**
 * Resolves a bare identifier read by a module's formula to the rule it names: a rule of the module itself first,
 * then a parameter (parameters win resolution), then a derived rule, among the modules of the import closure.
 */
export function nameResolver(modules: ReadonlyMap<string, ModuleSource>): {
  resolveName: (name: string, moduleId: string, closure: ReadonlySet<string>) => string | undefined;
  knownIds: ReadonlySet<string>;
} {
  const byName = new Map<string, { id: string; moduleId: string; kind: CatalogRule['kind'] }[]>();
  const knownIds = new Set<string>();
  for (const [moduleId, { module }] of modules) {
    for (const rule of module.rules) {
      const item = { id: ruleIdOf(moduleId, rule), moduleId, kind: rule.kind };
      knownIds.add(item.id);
      const list = byName.get(rule.name);
      if (list) list.push(item);
      else byName.set(rule.name, [item]);
    }
  }
  const resolveName = (name: string, moduleId: string, closure: ReadonlySet<string>): string | undefined => {
    const list = byName.get(name);
    if (!list) return undefined;
    let best: { id: string; rank: number } | undefined;
    for (const item of list) {
      if (!closure.has(item.moduleId)) continue;
      const rank = item.moduleId === moduleId ? 0 : item.kind === 'parameter' ? 1 : 2;
      if (!best || rank < best.rank || (rank === best.rank && item.id < best.id)) best = { id: item.id, rank };
    }
    return best?.id;
  };
  return { resolveName, knownIds };
}
