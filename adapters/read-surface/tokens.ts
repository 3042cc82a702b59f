/** Tokens of the read surface (bound in ./module.ts). */
import type { RuleRepositoryModel } from '../../core/domain/rulespec/repository.js';
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import type { RuntimeCatalog } from '../../core/ports/runtime.js';
import type { ReadCatalogHolder } from './holder.js';
import type { SharedRepositories } from './shared-repositories.js';
import { token } from '../tokens.js';

export interface LoadedRuleRepository {
  source: RuleRepository;
  model: RuleRepositoryModel;
}

export const READ = {
  /** The rule index and search index, set once the module has started. */
  Catalog: token<ReadCatalogHolder>('ReadCatalog'),
  /** Runtime packages as the read routes and capabilities see them. */
  Runtime: token<RuntimeCatalog>('RuntimeCatalog'),
  /**
   * Every configured repository (RULES_PATH), loaded by the engine's loader and shared: a module registered
   * before the read surface may call `resolve(READ.Repositories).load()` in its start() instead of reading the same
   * files again. The read surface releases the models once its index is built (they hold every parsed file).
   */
  Repositories: token<SharedRepositories>('SharedRuleRepositories'),
};
