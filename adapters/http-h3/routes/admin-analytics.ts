import * as v from 'valibot';
import { defineRoute } from '../route.js';
import { AnalyticsQuerySchema, AnalyticsSnapshotSchema, GlobalAnalyticsSchema } from '../../../core/api/schemas/operations.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/analytics',
  operationId: 'getAnalytics',
  summary: 'Request analytics: this instance (scope=local, default) or every live instance (scope=global)',
  description:
    'Counters live in process memory since the instance started and reset on deploy. `scope=global` returns each live instance\'s last ' +
    'published snapshot (instances publish every ANALYTICS_FLUSH_MS; an instance silent for ANALYTICS_SNAPSHOT_TTL_SECONDS drops out). ' +
    '503 store_unavailable when the shared store is unreachable, with this instance\'s local snapshot in `data`.',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  query: AnalyticsQuerySchema,
  responses: { 200: v.union([AnalyticsSnapshotSchema, GlobalAnalyticsSchema]) },
  errors: ['store_unavailable'],
  errorData: { store_unavailable: AnalyticsSnapshotSchema },
  needs: (app) => ({ analytics: app.operations.analytics }),
  handler: async ({ query }, { analytics }) => (query.scope === 'global' ? analytics.global() : analytics.local()),
});
