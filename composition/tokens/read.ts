/** Tokens of the read surface (bound in ./module.ts). */
import type { RuntimeCatalog } from '../../core/ports/runtime.js';
import type { CurrentCatalog } from '../../core/ports/read-catalog.js';
import type { SharedRepositories } from '../../adapters/read-surface/shared-repositories.js';
import { readinessId, token } from '../tokens.js';

export type { LoadedRuleRepository } from '../../adapters/read-surface/load.js';

/** The read surface's readiness check (the platform installs a placeholder under it until the module is wired). */
export const RULE_INDEX_READY = readinessId('rule index');

export const READ = {
  /** The rule index and search index, set once the module has started. */
  Catalog: token<CurrentCatalog>('ReadCatalog'),
  /** Runtime packages as the read routes and capabilities see them. */
  Runtime: token<RuntimeCatalog>('RuntimeCatalog'),
  /**
   * Every configured repository (RULES_PATH), loaded once by the engine's loader and shared: `claim(name)` in
   * register(), then `await load()` and `done(name)` in start(), instead of reading the same files again. The
   * models are released when every claimant is done (see shared-repositories.ts).
   */
  Repositories: token<SharedRepositories>('SharedRuleRepositories'),
};
