import { getRuleSources } from '../../../core/usecases/read/rules.js';
import { defineRoute } from '../route.js';
import { RuleParamsSchema, RuleSourcesResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/rules/**:rule_id/sources',
  operationId: 'getRuleSources',
  summary: 'Source references of one rule',
  description: 'source_type: official (the legal citation the rule records), derived (a proof excerpt tying part of the rule to source text), repository (the module in the source-text corpus).',
  tags: ['rules'],
  auth: { scope: 'sources:read' },
  params: RuleParamsSchema,
  responses: { 200: RuleSourcesResponseSchema },
  errors: ['not_found'],
  needs: (app) => ({ catalog: app.read.catalog }),
  handler: ({ params }, { catalog }) => getRuleSources(catalog.current(), params.rule_id),
});
