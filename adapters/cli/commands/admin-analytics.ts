/**
 * `tenet admin analytics [--scope local|global]`: request analytics of the instance that answers (local) or of
 * every live instance (global), from /v1/admin/analytics (scope admin:analytics).
 */
import { Option, type Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import { fields, table } from '../output.js';

interface RouteStats {
  route: string;
  requests: number;
  success: number;
  client_errors: number;
  server_errors: number;
  avg_duration_ms: number;
  max_duration_ms: number;
  latency_buckets: Record<'le_25ms' | 'le_100ms' | 'le_500ms' | 'le_2000ms' | 'gt_2000ms', number>;
}

interface Snapshot {
  instance_id: string;
  collected_since: string;
  generated_at: string;
  totals: { requests: number; by_status: Record<string, number> };
  auth_events: Record<string, number>;
  store_errors: number;
  routes: RouteStats[];
  keys: Array<{ api_key_id: string; requests: number; rate_limited: number; last_used_at: string }>;
}

interface GlobalView {
  scope: 'global';
  store: string;
  instances: Snapshot[];
}

const pairs = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export function formatSnapshot(s: Snapshot): string {
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

function formatAnalytics(data: Snapshot | GlobalView): string {
  if (!('scope' in data)) return formatSnapshot(data);
  const blocks = data.instances.map(formatSnapshot);
  return `scope: global (store ${data.store}), ${data.instances.length} live instance(s)\n${blocks.map((b) => `\n${b}`).join('')}`;
}

export function registerAdminAnalytics(admin: Command, io: AdminIo): void {
  adminCommand(admin, 'analytics', 'request analytics: the answering instance (local) or every live instance (global) (needs admin:analytics)')
    .addOption(new Option('--scope <scope>', 'local: the instance that answers; global: every live instance').choices(['local', 'global']).default('local'))
    .action(async (options: ConnectionOptions & { scope: 'local' | 'global' }) => {
      const data = (await AdminClient.from(options, io).call('GET', '/v1/admin/analytics', { query: { scope: options.scope } })) as Snapshot | GlobalView;
      print(io, options, data, formatAnalytics);
    });
}
