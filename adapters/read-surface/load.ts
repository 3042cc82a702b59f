/**
 * Loads every configured rule repository (through the engine's loader) into the catalog's input model and builds
 * the read catalog. Runs once at start-up.
 */
import { leadingComment, programSpecFrom } from '../../core/domain/catalog/program-spec.js';
import type { CatalogProgramSpec, CatalogRepository } from '../../core/domain/catalog/types.js';
import { loadRuleRepository } from '../../core/domain/rulespec/load-repository.js';
import { parseYaml } from '../../core/domain/rulespec/module-loader.js';
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import { buildReadCatalog, type ReadCatalog } from '../../core/usecases/read/read-catalog.js';
import { catalogModule } from './catalog-from-rulespec.js';
import type { IdentitySettings } from './settings.js';

export interface LoadStats {
  repositories: number;
  modules: number;
  rules: number;
  programs: number;
  /** Modules the engine could not load cleanly (their loadable rules are still indexed). */
  modulesWithErrors: number;
  loadMs: number;
  indexMs: number;
}

export async function loadCatalogRepository(repo: RuleRepository, settings: IdentitySettings): Promise<{ repository: CatalogRepository; modulesWithErrors: number }> {
  const model = await loadRuleRepository(repo);
  const provenance = model.provenance;

  const programs: CatalogProgramSpec[] = [];
  for (const path of model.programFiles) {
    const text = await repo.readText(path);
    let doc: unknown;
    try {
      doc = parseYaml(text);
    } catch {
      continue; // A malformed spec declares no program; the engine reports it when composing.
    }
    const spec = programSpecFrom(path, doc, leadingComment(text));
    if (spec) programs.push(spec);
  }

  let modulesWithErrors = 0;
  for (const m of model.modules.values()) if (!m.ok) modulesWithErrors++;
  return {
    modulesWithErrors,
    repository: {
      identity: {
        repo: settings.repo ?? provenance.name,
        branch: provenance.branch ?? settings.branch ?? 'unknown',
        release: provenance.commit ?? settings.release ?? 'unknown',
      },
      modules: [...model.modules.values()].map(catalogModule),
      programs,
    },
  };
}

export async function loadReadCatalog(
  repositories: readonly RuleRepository[],
  settings: IdentitySettings,
  source: string,
): Promise<{ catalog: ReadCatalog; stats: LoadStats }> {
  const started = performance.now();
  const loaded = [];
  for (const repo of repositories) loaded.push(await loadCatalogRepository(repo, settings));
  const loadedAt = performance.now();
  const catalog = buildReadCatalog(loaded.map((l) => l.repository), source);
  const done = performance.now();
  return {
    catalog,
    stats: {
      repositories: loaded.length,
      modules: loaded.reduce((n, l) => n + l.repository.modules.length, 0),
      rules: catalog.rules.size,
      programs: loaded.reduce((n, l) => n + l.repository.programs.length, 0),
      modulesWithErrors: loaded.reduce((n, l) => n + l.modulesWithErrors, 0),
      loadMs: Math.round(loadedAt - started),
      indexMs: Math.round(done - loadedAt),
    },
  };
}
