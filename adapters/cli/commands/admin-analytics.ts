/**
 * `tenet admin analytics [--scope local|global]`: request analytics of the instance that answers (local) or of
 * every live instance (global), from /v1/admin/analytics (scope admin:analytics).
 */
import { Option, type Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import type { AnalyticsSnapshot, GlobalAnalytics } from '../../../core/domain/analytics/snapshot.js';
import { fields, table } from '../output.js';

const pairs = (counts: object): string =>
  Object.entries(counts as Record<string, number>)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export function formatSnapshot(s: AnalyticsSnapshot): string {
  const head = fields([
    ['instance', s.instance_id],
    ['collected since', s.collected_since],
    ['generated at', s.generated_at],
    ['requests', s.totals.requests],
    ['by status', pairs(s.totals.by_status)],
    ['auth events', pairs(s.auth_events)],
    ['store errors', s.store_errors],
  ]);
  const routes = table(
    ['route', 'requests', '2xx/3xx', '4xx', '5xx', 'avg ms', 'max ms', '<=25ms', '<=100ms', '<=500ms', '<=2s', '>2s'],
    s.routes.map((r) => [
      r.route,
      r.requests,
      r.success,
      r.client_errors,
      r.server_errors,
      r.avg_duration_ms,
      r.max_duration_ms,
      r.latency_buckets.le_25ms,
      r.latency_buckets.le_100ms,
      r.latency_buckets.le_500ms,
      r.latency_buckets.le_2000ms,
      r.latency_buckets.gt_2000ms,
    ]),
  );
  const keys = table(['key', 'requests', 'rate limited', 'last used'], s.keys.map((k) => [k.api_key_id, k.requests, k.rate_limited, k.last_used_at]));
  return `${head}\n${routes}\n${keys}`;
}

function formatAnalytics(data: AnalyticsSnapshot | GlobalAnalytics): string {
  if (!('scope' in data)) return formatSnapshot(data);
  const blocks = data.instances.map(formatSnapshot);
  return `scope: global (store ${data.store}), ${data.instances.length} live instance(s)\n${blocks.map((b) => `\n${b}`).join('')}`;
}

export function registerAdminAnalytics(admin: Command, io: AdminIo): void {
  adminCommand(admin, 'analytics', 'request analytics: the answering instance (local) or every live instance (global) (needs admin:analytics)')
    .addOption(new Option('--scope <scope>', 'local: the instance that answers; global: every live instance').choices(['local', 'global']).default('local'))
    .action(async (options: ConnectionOptions & { scope: 'local' | 'global' }) => {
      const data = (await AdminClient.from(options, io).call('GET', '/v1/admin/analytics', { query: { scope: options.scope } })) as AnalyticsSnapshot | GlobalAnalytics;
      print(io, options, data, formatAnalytics);
    });
}
