/**
 * The read model served by the read routes: the rule index and its search index, built once at start-up from the
 * configured repositories. Construction is pure; loading the repositories is the caller's job.
 */
import { buildRuleIndex } from '../../domain/catalog/rule-index.js';
import type { CatalogRepository } from '../../domain/catalog/types.js';
import { SearchIndex } from '../../domain/search/search-index.js';
import type { ReadCatalog } from '../../ports/read-catalog.js';

export type { ReadCatalog };

export function buildReadCatalog(repositories: readonly CatalogRepository[], source: string): ReadCatalog {
  const rules = buildRuleIndex(repositories);
  return { rules, search: new SearchIndex(rules.rules()), source };
}
