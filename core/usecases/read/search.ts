/** POST /v1/search. */
import { namedJurisdictions, suggestJurisdiction } from '../../domain/catalog/jurisdictions.js';
import { closestMatch, didYouMean } from '../../domain/suggest.js';
import { ServiceError } from '../../domain/errors.js';
import { summaryOf } from '../../domain/catalog/rule-index.js';
import type { RuleSummary } from '../../domain/catalog/types.js';
import { toSearchQuery, type SearchRequestInput } from '../../domain/search/search-request.js';
import type { ReadCatalog } from './read-catalog.js';

export interface SearchResults {
  query: string;
  results: RuleSummary[];
}

export function searchRules(catalog: ReadCatalog, input: SearchRequestInput): SearchResults {
  const query = toSearchQuery(input);
  checkFilters(catalog, input);
  return { query: query.query, results: catalog.search.search(query).map(summaryOf) };
}

/**
 * Filters are exact ids. One that no rule or program carries (`TX`, `US-TX`, `SNAP`) could only return nothing, which
 * reads as "no such rules": refuse it, suggesting the closest id. A known id with no matching rules still gives 200.
 */
function checkFilters(catalog: ReadCatalog, input: SearchRequestInput): void {
  const { jurisdiction, program_id: programId } = input;
  const jurisdictions = catalog.rules.jurisdictionIds;
  if (jurisdiction !== undefined && !jurisdictions.has(jurisdiction) && !namedJurisdictions().includes(jurisdiction)) {
    const suggestion = suggestJurisdiction(jurisdiction, [...jurisdictions]);
    throw new ServiceError(
      'invalid_request',
      `jurisdiction: ${JSON.stringify(jurisdiction)} is not a jurisdiction id${didYouMean(suggestion)}; ids are lower case like us-tx, and GET /v1/programs lists the jurisdictions with rules`,
    );
  }
  if (programId !== undefined && !catalog.rules.programIds.has(programId)) {
    const suggestion = closestMatch(programId, catalog.rules.programIds);
    throw new ServiceError('invalid_request', `program_id: ${JSON.stringify(programId)} is not the program of any rule${didYouMean(suggestion)}; GET /v1/programs lists the program ids`);
  }
}
