/**
 * Turns loaded rule repositories (the engine's repository model) into the catalog's input model and builds the
 * read catalog. Runs once at start-up.
 */
import { leadingComment } from '../../core/domain/catalog/spec-comment.js';
import type { CatalogProgramSpec, CatalogRepository } from '../../core/domain/catalog/types.js';
import { loadRuleRepository } from '../../core/engine/load/load-repository.js';
import { programRoots } from '../../core/engine/package/program-roots.js';
import { parseProgramSpec } from '../../core/engine/package/program-spec.js';
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import { buildReadCatalog, type ReadCatalog } from '../../core/usecases/read/read-catalog.js';
import { catalogModule } from './catalog-from-rulespec.js';
import type { IdentitySettings } from './settings.js';
import type { RuleRepositoryModel } from '../../core/engine/load/repository.js';

/** One configured repository and the engine's model of it. */
export interface LoadedRuleRepository {
  source: RuleRepository;
  model: RuleRepositoryModel;
}

export interface LoadStats {
  repositories: number;
  modules: number;
  rules: number;
  programs: number;
  /** Modules the engine could not load cleanly (their loadable rules are still indexed). */
  modulesWithErrors: number;
  /** Time to read and parse the repositories (0 when they were loaded by someone else). */
  loadMs: number;
  indexMs: number;
}

export async function loadRepositories(sources: readonly RuleRepository[]): Promise<LoadedRuleRepository[]> {
  const loaded: LoadedRuleRepository[] = [];
  for (const source of sources) loaded.push({ source, model: await loadRuleRepository(source) });
  return loaded;
}

/**
 * A program spec as the catalog takes it, read by the engine's parser: a spec the composer refuses (bad YAML, a bad
 * program key, a reserved scope key, a rule named in scope) declares no program here either; the runtime reports it
 * as a spec that did not compose. Its modules are the composer's roots: the scope's module ids (kept when a module
 * does not exist yet: the catalog lists it as planned), or, without a scope, the module producing each output.
 */
export function catalogProgramSpec(model: RuleRepositoryModel, path: string, text: string): CatalogProgramSpec | undefined {
  const parsed = parseProgramSpec(path, text);
  if (!parsed.ok) return undefined;
  const { spec } = parsed;
  const roots = spec.scopeModules.length > 0 ? undefined : programRoots(model, spec);
  return {
    program: spec.program,
    path,
    period: spec.period === '' ? undefined : spec.period,
    outputs: [...spec.outputs],
    acknowledgedIncomplete: [...spec.acknowledgedIncomplete],
    scopeModules: roots === undefined ? [...spec.scopeModules] : roots.ok ? roots.roots : [],
    description: leadingComment(text),
  };
}

export async function catalogRepository({ source, model }: LoadedRuleRepository, settings: IdentitySettings): Promise<CatalogRepository> {
  const programs: CatalogProgramSpec[] = [];
  for (const path of model.programFiles) {
    const spec = catalogProgramSpec(model, path, await source.readText(path));
    if (spec) programs.push(spec);
  }
  return {
    identity: {
      repo: settings.repo ?? model.provenance.name,
      branch: model.provenance.branch ?? settings.branch ?? 'unknown',
      release: model.provenance.commit ?? settings.release ?? 'unknown',
    },
    modules: [...model.modules.values()].map(catalogModule),
    programs,
  };
}

export async function buildCatalogFrom(
  loaded: readonly LoadedRuleRepository[],
  settings: IdentitySettings,
  source: string,
  loadMs = 0,
): Promise<{ catalog: ReadCatalog; stats: LoadStats }> {
  const started = performance.now();
  const repositories: CatalogRepository[] = [];
  for (const l of loaded) repositories.push(await catalogRepository(l, settings));
  const catalog = buildReadCatalog(repositories, source);
  let modulesWithErrors = 0;
  for (const l of loaded) for (const m of l.model.modules.values()) if (!m.ok) modulesWithErrors++;
  return {
    catalog,
    stats: {
      repositories: loaded.length,
      modules: repositories.reduce((n, r) => n + r.modules.length, 0),
      rules: catalog.rules.size,
      programs: repositories.reduce((n, r) => n + r.programs.length, 0),
      modulesWithErrors,
      loadMs: Math.round(loadMs),
      indexMs: Math.round(performance.now() - started),
    },
  };
}

/** Loads and indexes in one go (benchmarks, tests). */
export async function loadReadCatalog(
  sources: readonly RuleRepository[],
  settings: IdentitySettings,
  source: string,
): Promise<{ catalog: ReadCatalog; stats: LoadStats }> {
  const started = performance.now();
  const loaded = await loadRepositories(sources);
  return buildCatalogFrom(loaded, settings, source, performance.now() - started);
}
