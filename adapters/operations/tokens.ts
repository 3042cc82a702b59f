/** Tokens of analytics, validation runs and the migration ledger (bound in ./module.ts), for the admin routes. */
import type { MigrationLedgerSource } from '../../core/ports/migration-ledger.js';
import type { AnalyticsService } from '../../core/usecases/analytics/analytics.js';
import type { ValidationRuns } from '../../core/usecases/validation/validation-runs.js';
import { token } from '../tokens.js';

export const OPERATIONS = {
  Analytics: token<AnalyticsService>('Analytics'),
  ValidationRuns: token<ValidationRuns>('ValidationRuns'),
  MigrationLedger: token<MigrationLedgerSource>('MigrationLedger'),
};
