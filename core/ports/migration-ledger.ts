/** The partner demand ledger behind GET /v1/admin/validation/migration; null when none is bundled. */
export interface MigrationLedgerSource {
  load(): Promise<Record<string, unknown> | null>;
}
