/**
 * Analytics, validation-run and migration-ledger settings: INSTANCE_ID, ANALYTICS_FLUSH_MS,
 * ANALYTICS_SNAPSHOT_TTL_SECONDS and MIGRATION_LEDGER_PATH (docs/operations.md#settings), declared in
 * adapters/config/schema.ts and parsed with every other variable by loadConfig.
 */
import type { ModuleSettings } from '../config/env.js';

export type OperationsSettings = ModuleSettings['operations'];
