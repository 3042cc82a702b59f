/**
 * Turns loaded rule repositories (the engine's repository model) into the catalog's input model and builds the
 * read catalog. Runs once at start-up.
 */
import { leadingComment, programSpecFrom } from '../../core/domain/catalog/program-spec.js';
import type { CatalogProgramSpec, CatalogRepository } from '../../core/domain/catalog/types.js';
import { loadRuleRepository } from '../../core/engine/load/load-repository.js';
import { parseYaml } from '../../core/engine/load/module-loader.js';
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

export async function catalogRepository({ source, model }: LoadedRuleRepository, settings: IdentitySettings): Promise<CatalogRepository> {
  const programs: CatalogProgramSpec[] = [];
  for (const path of model.programFiles) {
    const text = await source.readText(path);
    let doc: unknown;
    try {
      doc = parseYaml(text);
    } catch {
      continue; // A malformed spec declares no program; the engine reports it when composing.
    }
    const spec = programSpecFrom(path, doc, leadingComment(text));
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
