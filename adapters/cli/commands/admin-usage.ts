/** `tenet admin usage [--month YYYY-MM]`: per-key request counts for one UTC month (/v1/admin/usage, admin:analytics). */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import { MONTH_PATTERN, type UsageRowRecord } from '../../../core/domain/keys/usage-month.js';
import { UsageError } from '../errors.js';
import { table } from '../output.js';

interface Usage {
  month: string;
  usage: UsageRowRecord[];
  store: string;
}

function formatUsage(u: Usage): string {
  return `month: ${u.month} (UTC)\n${table(['key', 'requests'], u.usage.map((r) => [r.api_key_id, r.requests]))}store: ${u.store}\n`;
}

export function registerAdminUsage(admin: Command, io: AdminIo): void {
  adminCommand(admin, 'usage', 'per-key request counts for one UTC month, most requests first (needs admin:analytics)')
    .option('--month <YYYY-MM>', 'the UTC month (default: the current month)')
    .action(async (options: ConnectionOptions & { month?: string }) => {
      if (options.month !== undefined && !MONTH_PATTERN.test(options.month)) throw new UsageError(`--month must be YYYY-MM, e.g. 2026-11 (got ${JSON.stringify(options.month)})`);
      const data = (await AdminClient.from(options, io).call('GET', '/v1/admin/usage', { query: { month: options.month } })) as Usage;
      print(io, options, data, formatUsage);
    });
}
