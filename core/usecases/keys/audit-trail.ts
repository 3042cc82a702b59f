/** Writing and reading the audit trail (90-day retention, newest 200 listed). */
import { AUDIT_LIST_LIMIT, AUDIT_RETENTION_MS, type AuditAction, type AuditEntry } from '../../domain/keys/audit.js';
import type { ActionContext, KeysDeps } from './context.js';

export async function recordAudit(
  deps: Pick<KeysDeps, 'stores' | 'now'>,
  ctx: ActionContext,
  action: AuditAction,
  target: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const now = deps.now();
  const entry: AuditEntry = { at: new Date(now).toISOString(), action, target, actor: ctx.actor, client: ctx.client, request_id: ctx.request_id };
  if (detail) entry.detail = detail;
  await deps.stores.audit.append(entry, now - AUDIT_RETENTION_MS);
}

export async function listAudit(deps: Pick<KeysDeps, 'stores' | 'now'>): Promise<{ entries: AuditEntry[]; store: string }> {
  const entries = await deps.stores.audit.newest(AUDIT_LIST_LIMIT, deps.now() - AUDIT_RETENTION_MS);
  return { entries, store: deps.stores.health.name };
}
