/** The read model the read routes serve: the rule index and its search index, built once at start-up. */
import type { RuleIndex } from '../domain/catalog/rule-index.js';
import type { RuleDetail } from '../domain/catalog/types.js';
import type { SearchIndex } from '../domain/search/search-index.js';

export interface ReadCatalog {
  readonly rules: RuleIndex;
  readonly search: SearchIndex<RuleDetail>;
  /** The active rule repository source (reported by readiness and capabilities). */
  readonly source: string;
}

/** The rule index and search index as the routes read them: the catalog built at start-up. */
export interface CurrentCatalog {
  current(): ReadCatalog;
}
