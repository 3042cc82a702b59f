/** `tenet admin audit`: the audit trail (/v1/admin/audit, scope admin:keys), newest first. */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import type { AuditEntry } from '../../../core/domain/keys/audit.js';
import { compact, table } from '../output.js';

interface AuditList {
  entries: AuditEntry[];
  store: string;
}

function formatAudit(list: AuditList): string {
  const rows = list.entries.map((e) => [e.at, e.action, e.target, e.actor, e.client, compact(e.detail)]);
  return `${table(['at', 'action', 'target', 'actor', 'client', 'detail'], rows)}store: ${list.store}\n`;
}

export function registerAdminAudit(admin: Command, io: AdminIo): void {
  adminCommand(admin, 'audit', 'show the audit trail, newest first (at most 200 entries; needs admin:keys)').action(async (options: ConnectionOptions) => {
    print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/admin/audit')) as AuditList, formatAudit);
  });
}
