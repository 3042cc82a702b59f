import { monthlyUsage } from '../../../core/usecases/keys/monthly-usage.js';
import { defineRoute } from '../route.js';
import { UsageQuerySchema, UsageSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/usage',
  operationId: 'getMonthlyUsage',
  summary: 'Per-key request counts for one UTC month (default: the current month)',
  description: 'Counters are kept about 13 months. 400 invalid_request for a month not matching ^[0-9]{4}-(0[1-9]|1[0-2])$.',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  query: UsageQuerySchema,
  responses: { 200: UsageSchema },
  errors: ['invalid_request', 'store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: ({ query }, { keys }) => monthlyUsage(keys, query.month),
});
