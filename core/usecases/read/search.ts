/** POST /v1/search. */
import { ServiceError } from '../../domain/errors.js';
import { summaryOf } from '../../domain/catalog/rule-index.js';
import type { RuleSummary } from '../../domain/catalog/types.js';
import { toSearchQuery, type SearchRequestInput } from '../../domain/search/search-request.js';
import type { ReadCatalog } from './read-catalog.js';

export interface SearchResults {
  query: string;
  results: RuleSummary[];
}

/** `as_of` is reserved for point-in-time retrieval: rejected wherever it appears (body or query string). */
export function rejectAsOf(present: boolean): void {
  if (present) throw new ServiceError('unsupported_parameter', 'as_of: point-in-time retrieval is reserved and not supported yet');
}

export function searchRules(catalog: ReadCatalog, input: SearchRequestInput): SearchResults {
  const query = toSearchQuery(input);
  return { query: query.query, results: catalog.search.search(query).map(summaryOf) };
}
