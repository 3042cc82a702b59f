/** Audit trail entries as the spec defines them. `detail` holds action context, never a key or hash. */
export interface AuditEntry {
  at: string;
  action: AuditAction;
  target: string;
  actor: string | null;
  client: string | null;
  request_id: string;
  detail?: Record<string, unknown>;
}

export type AuditAction = 'key.issue' | 'key.revoke' | 'trial.issue' | 'kill_switch.set';

export const AUDIT_RETENTION_DAYS = 90;
export const AUDIT_RETENTION_MS = AUDIT_RETENTION_DAYS * 86_400_000;
export const AUDIT_LIST_LIMIT = 200;
