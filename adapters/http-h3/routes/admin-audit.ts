import { listAudit } from '../../../core/usecases/keys/audit-trail.js';
import { defineRoute } from '../route.js';
import { AuditListSchema } from '../../../core/api/schemas/keys.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/audit',
  operationId: 'listAuditEntries',
  summary: 'Audit trail: newest first, at most 200 entries, 90-day retention',
  description: 'Requires admin:keys. Records key issuance, revocation, trial issuance and kill-switch changes; detail never holds a key.',
  tags: ['admin'],
  auth: { scope: 'admin:keys' },
  responses: { 200: AuditListSchema },
  errors: ['store_unavailable'],
  needs: (app) => ({ keys: app.keys.deps }),
  handler: (_ctx, { keys }) => listAudit(keys),
});
