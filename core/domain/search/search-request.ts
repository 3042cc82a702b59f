/** Validation of a SearchRequest beyond its schema: trimming, length limits, limit clamping (spec "Limits"). */

import { ServiceError } from '../errors.js';
import type { SearchQuery } from './search-index.js';

export const QUERY_MIN = 2;
export const QUERY_MAX = 500;
export const FILTER_MAX = 120;
export const LIMIT_DEFAULT = 20;
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 50;

export interface SearchRequestInput {
  query: string;
  jurisdiction?: string;
  program_id?: string;
  limit?: number;
}

export function toSearchQuery(input: SearchRequestInput): SearchQuery {
  const query = input.query.trim();
  if (query.length < QUERY_MIN || query.length > QUERY_MAX) {
    throw new ServiceError('invalid_request', `query: must be ${QUERY_MIN}-${QUERY_MAX} characters after trimming`);
  }
  for (const [field, value] of [['jurisdiction', input.jurisdiction], ['program_id', input.program_id]] as const) {
    if (value !== undefined && value.length > FILTER_MAX) throw new ServiceError('invalid_request', `${field}: must be at most ${FILTER_MAX} characters`);
  }
  let limit = LIMIT_DEFAULT;
  if (input.limit !== undefined) {
    if (!Number.isFinite(input.limit)) throw new ServiceError('invalid_request', 'limit: must be a finite number');
    limit = Math.min(LIMIT_MAX, Math.max(LIMIT_MIN, Math.floor(input.limit)));
  }
  return { query, jurisdiction: input.jurisdiction, programId: input.program_id, limit };
}
