/** Tokens of analytics, validation runs and the migration ledger (bound in ./module.ts), for the admin routes. */
import type { AnalyticsSnapshot, GlobalAnalytics } from '../../core/domain/analytics/snapshot.js';
import type { ValidationRunInput, ValidationRunRecord, ValidationRunSummary } from '../../core/domain/validation/run.js';
import type { MigrationLedgerSource } from '../../core/ports/migration-ledger.js';
import { token } from '../tokens.js';

/** The analytics the admin route reports (AnalyticsService implements it; flushing is the module's own business). */
export interface AnalyticsReports {
  /** This instance's counters. */
  local(): AnalyticsSnapshot;
  /** Every live instance's counters, from the shared store. */
  global(): Promise<GlobalAnalytics>;
}

/** Published validation runs as the admin routes use them (ValidationRuns implements it). */
export interface ValidationRunLog {
  publish(input: ValidationRunInput): Promise<ValidationRunSummary>;
  list(): Promise<ValidationRunSummary[]>;
  get(id: string): Promise<ValidationRunRecord>;
}

export const OPERATIONS = {
  Analytics: token<AnalyticsReports>('Analytics'),
  ValidationRuns: token<ValidationRunLog>('ValidationRuns'),
  MigrationLedger: token<MigrationLedgerSource>('MigrationLedger'),
};
