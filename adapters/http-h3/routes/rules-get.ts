import { getRule } from '../../../core/usecases/read/rules.js';
import { defineRoute } from '../route.js';
import { RuleParamsSchema, RuleResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/rules/**:rule_id',
  operationId: 'getRule',
  summary: 'Read one rule by id or citation path',
  description:
    'rule_id is a rule id (us:statutes/7/2017/a#snap_regular_month_allotment, `#` sent as %23) or a citation path (us/statutes/7/2017/a/snap_regular_month_allotment; slashes as is or %2F). An unescaped # never reaches the server (it starts a URL fragment): the 404 for the module part says so.',
  tags: ['rules'],
  auth: { scope: 'rules:read' },
  params: RuleParamsSchema,
  responses: { 200: RuleResponseSchema },
  errors: ['not_found'],
  needs: (app) => ({ catalog: app.read.catalog }),
  handler: ({ params }, { catalog }) => getRule(catalog.current(), params.rule_id),
});
