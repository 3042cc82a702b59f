import { searchRules } from '../../../core/usecases/read/search.js';
import { defineRoute } from '../route.js';
import { SearchRequestSchema, SearchResultsSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'POST',
  path: '/v1/search',
  operationId: 'searchRules',
  summary: 'Search rules',
  description:
    'Every whitespace-separated token of two or more characters must match (as a word prefix; tokens with inner punctuation verbatim) over rule ids, citation paths, names, summaries and symbols. jurisdiction and program_id are exact filters; a value no rule or program carries (TX, SNAP) is a 400 suggesting the closest id (us-tx, snap). Best match first: exact id/citation path/name, then rules matching more tokens in their name.',
  tags: ['rules'],
  auth: { scope: 'rules:read' },
  body: SearchRequestSchema,
  responses: { 200: SearchResultsSchema },
  needs: (app) => ({ catalog: app.read.catalog }),
  handler: ({ body }, { catalog }) => searchRules(catalog.current(), body),
});
