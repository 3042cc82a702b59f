/**
 * A loaded rule repository: every module (good or bad, with diagnostics), companion test files and program
 * compose specs, with the repository's provenance. Built from file texts; pure.
 */
import { CompileCache } from '../compile/compile-cache.js';
import { moduleIdFromPath } from '../syntax/ids.js';
import type { Diagnostic, LoadedModule, Rule } from './model.js';
import { loadModule } from './module-loader.js';

import type { RepositoryProvenance } from '../../ports/rule-repository.js';

export type { RepositoryProvenance };

export interface RuleRepositoryModel {
  readonly provenance: RepositoryProvenance;
  readonly modules: ReadonlyMap<string, LoadedModule>;
  /** Module id → path of its companion `.test.yaml`. */
  readonly testFiles: ReadonlyMap<string, string>;
  /** Paths of `programs/**` compose specs. */
  readonly programFiles: readonly string[];
  /** All load diagnostics, module by module, in path order. */
  readonly diagnostics: readonly Diagnostic[];
  /** Rule lookup by durable id `<module>#<name>`. */
  rule(id: string): Rule | undefined;
  /** Lowered rules shared by every closure compiled from this repository (compile/compile-cache.ts). */
  readonly compileCache: CompileCache;
}

/** Builds the repository model from `(path, text)` pairs of module files (test/program files are listed only). */
export function buildRepository(
  provenance: RepositoryProvenance,
  allPaths: readonly string[],
  moduleTexts: ReadonlyMap<string, string>,
  /** Already-parsed YAML documents by path (from a parse cache); others are parsed here. */
  documents?: ReadonlyMap<string, unknown>,
): RuleRepositoryModel {
  const modules = new Map<string, LoadedModule>();
  const testFiles = new Map<string, string>();
  const programFiles: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const sorted = [...allPaths].sort();
  for (const path of sorted) {
    if (path.startsWith('programs/')) {
      if (path.endsWith('.yaml')) programFiles.push(path);
      continue;
    }
    if (path.endsWith('.test.yaml')) {
      const id = moduleIdFromPath(path.slice(0, -'.test.yaml'.length) + '.yaml');
      if (id) testFiles.set(id, path);
      continue;
    }
    const id = moduleIdFromPath(path);
    const textOf = moduleTexts.get(path);
    if (!id || textOf === undefined) continue;
    const m = loadModule(id, path, textOf, { document: documents?.get(path) });
    modules.set(id, m);
    diagnostics.push(...m.diagnostics);
  }
  const byId = new Map<string, Rule>();
  for (const m of modules.values()) for (const r of m.rules) byId.set(r.id, r);
  return { provenance, modules, testFiles, programFiles, diagnostics, rule: (id) => byId.get(id), compileCache: new CompileCache() };
}

/** Whether a repository path is a module file (not a test, not a program spec, not a dot-directory). */
export function isModulePath(path: string): boolean {
  if (!path.endsWith('.yaml') || path.endsWith('.test.yaml') || path.startsWith('programs/')) return false;
  if (path.split('/').some((s) => s.startsWith('.'))) return false;
  return path.includes('/');
}
