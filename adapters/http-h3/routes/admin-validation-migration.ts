import { ServiceError } from '../../../core/domain/errors.js';
import { defineRoute } from '../route.js';
import { MigrationLedgerSchema } from '../../../core/api/schemas/operations.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/admin/validation/migration',
  operationId: 'getMigrationLedger',
  summary: 'The partner migration ledger (demanded variables, mapping status, demand weights, covered states)',
  description:
    'Requires admin:analytics. The ledger is partner demand data and is not bundled: 404 not_found unless the deployment points ' +
    'MIGRATION_LEDGER_PATH at a JSON object, which is returned as is.',
  tags: ['admin'],
  auth: { scope: 'admin:analytics' },
  responses: { 200: MigrationLedgerSchema },
  errors: ['not_found'],
  needs: (app) => ({ ledger: app.operations.migrationLedger }),
  handler: async (_ctx, deps) => {
    const ledger = await deps.ledger.load();
    if (ledger === null) throw new ServiceError('not_found', 'No migration ledger is bundled with this deployment (MIGRATION_LEDGER_PATH is unset).');
    return ledger;
  },
});
