import { getRuleDependencies } from '../../../core/usecases/read/rules.js';
import { defineRoute } from '../route.js';
import { RuleDependenciesResponseSchema, RuleParamsSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/rules/**:rule_id/dependencies',
  operationId: 'getRuleDependencies',
  summary: 'Dependency edges of one rule',
  description: 'dependencies: rule ids this rule reads (resolved through its import closure); dependents: rule ids that read it.',
  tags: ['rules'],
  auth: { scope: 'graphs:read' },
  params: RuleParamsSchema,
  responses: { 200: RuleDependenciesResponseSchema },
  errors: ['not_found'],
  needs: (app) => ({ catalog: app.read.catalog }),
  handler: ({ params }, { catalog }) => getRuleDependencies(catalog.current(), params.rule_id),
});
