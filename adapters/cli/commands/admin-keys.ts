/** `tenet admin keys issue|list|revoke`: key administration through /v1/admin/keys (scope admin:keys). */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import type { ApiKeyMetadata, RateLimit } from '../../../core/domain/keys/api-key.js';
import { UsageError } from '../errors.js';
import { fields, table } from '../output.js';

interface KeyList {
  keys: ApiKeyMetadata[];
  store: string;
}

function parseRateLimit(text: string): RateLimit {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new UsageError('--rate-limit must be REQUESTS/WINDOW_SECONDS, e.g. 120/60');
  return { requests: Number(match[1]), window_seconds: Number(match[2]) };
}

function formatKeyList(list: KeyList): string {
  const rows = list.keys.map((k) => [
    k.id,
    k.source,
    k.status,
    k.scopes.join(','),
    k.prefix,
    k.owner,
    k.rate_limit ? `${k.rate_limit.requests}/${k.rate_limit.window_seconds}s` : '',
    k.expires_at,
    k.created_at,
  ]);
  return `${table(['id', 'source', 'status', 'scopes', 'prefix', 'owner', 'rate limit', 'expires', 'created'], rows)}store: ${list.store}\n`;
}

export type Ownership = 'yes' | 'maybe' | 'no';

/**
 * Whether `targetId` is the key `rawKey` this command authenticates with, from the key list alone (no extra
 * route): a store key is the caller's when the raw key starts with its listed 12-character prefix. Environment
 * keys list no prefix, so when the caller matches no store key it is one of the active environment keys: the
 * target is then certainly the caller's if it is the only active one, and possibly otherwise.
 */
export function keyOwnership(list: KeyList, rawKey: string, targetId: string): Ownership {
  const target = list.keys.find((k) => k.id === targetId);
  if (target === undefined) return 'no';
  const ownStore = list.keys.filter((k) => k.source === 'store' && k.prefix !== undefined && rawKey.startsWith(k.prefix));
  if (target.source === 'store') return ownStore.includes(target) ? 'yes' : 'no';
  if (ownStore.length > 0 || target.status !== 'active') return 'no';
  const activeEnvironment = list.keys.filter((k) => k.source === 'environment' && k.status === 'active');
  return activeEnvironment.length === 1 ? 'yes' : 'maybe';
}

function refusal(keyId: string, ownership: Exclude<Ownership, 'no'>): string {
  const why =
    ownership === 'yes'
      ? `"${keyId}" is the key this command is using`
      : `"${keyId}" may be the key this command is using (environment keys list no prefix to compare, and this key matches no store key)`;
  return (
    `refusing to revoke: ${why}; revoking it locks this CLI out of the admin API. Re-run with --yes to revoke it anyway. ` +
    'To recover from a lock-out: make a new key with `tenet keys generate --id <new-id> --scopes admin:keys`, add its entry to ' +
    'SERVICE_API_KEYS and restart the server (docs/cli.md, "Revoking the key in use").'
  );
}

export function registerAdminKeys(admin: Command, io: AdminIo): void {
  const keys = admin.command('keys').description('issue, list and revoke API keys (needs admin:keys)');

  adminCommand(keys, 'issue', 'issue a key; the raw key is printed once')
    .requiredOption('--id <id>', 'key id (3-64 chars: a-z, 0-9, -, _)')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. rules:read,calculate:run or *')
    .option('--owner <owner>', 'who holds the key (max 120 chars)')
    .option('--note <note>', 'free text (max 500 chars)')
    .option('--expires-at <date-time>', 'ISO 8601 expiry')
    .option('--rate-limit <n/s>', 'per-key limit as REQUESTS/WINDOW_SECONDS, e.g. 600/60')
    .action(async (options: ConnectionOptions & { id: string; scopes: string; owner?: string; note?: string; expiresAt?: string; rateLimit?: string }) => {
      const body: Record<string, unknown> = { id: options.id, scopes: options.scopes.split(',').map((s) => s.trim()).filter((s) => s !== '') };
      if (options.owner !== undefined) body.owner = options.owner;
      if (options.note !== undefined) body.note = options.note;
      if (options.expiresAt !== undefined) body.expires_at = options.expiresAt;
      if (options.rateLimit !== undefined) body.rate_limit = parseRateLimit(options.rateLimit);
      const client = AdminClient.from(options, io);
      const data = (await client.call('POST', '/v1/admin/keys', { body })) as { key: string; entry: Record<string, unknown>; durable: boolean; warning: string };
      print(io, options, data, (d) => {
        const e = d.entry as { id: string; prefix: string; scopes: string[]; status: string; created_at: string; expires_at?: string; owner?: string };
        return `API key (shown once; store it now): ${d.key}\n${d.warning}\n${fields([
          ['id', e.id],
          ['prefix', e.prefix],
          ['scopes', e.scopes.join(',')],
          ['owner', e.owner],
          ['expires', e.expires_at],
          ['created', e.created_at],
          ['durable', d.durable],
        ])}`;
      });
    });

  adminCommand(keys, 'list', 'list key metadata (never key values)').action(async (options: ConnectionOptions) => {
    print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/admin/keys')) as KeyList, formatKeyList);
  });

  adminCommand(keys, 'revoke', 'revoke a key at runtime (refuses the key in use unless --yes)')
    .argument('<key_id>', 'id of the key to revoke')
    .option('--yes', 'revoke even when it is the key this command is using')
    .action(async (keyId: string, options: ConnectionOptions & { yes?: boolean }) => {
      const client = AdminClient.from(options, io);
      if (!options.yes) {
        const ownership = keyOwnership((await client.call('GET', '/v1/admin/keys')) as KeyList, client.key, keyId);
        if (ownership !== 'no') throw new UsageError(refusal(keyId, ownership));
      }
      const data = (await client.call('POST', `/v1/admin/keys/${encodeURIComponent(keyId)}/revoke`)) as { id: string; revoked: boolean; durable: boolean; note: string };
      print(io, options, data, (d) => `revoked ${d.id} (durable: ${d.durable})\n${d.note}\n`);
    });
}
