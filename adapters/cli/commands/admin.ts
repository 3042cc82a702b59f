/**
 * `tenet admin ...`: operator commands that call a running server's admin API with an admin key.
 * The server comes from --url or TENET_URL, the key from --key or TENET_ADMIN_KEY (prefer the variable:
 * command-line arguments show up in process listings and shell history).
 */
import type { Command } from 'commander';
import { commandGroup } from '../program.js';

export interface AdminIo {
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  out: (text: string) => void;
}

const defaultIo: AdminIo = { fetch: (input, init) => fetch(input, init), env: process.env, out: (text) => void process.stdout.write(text) };

interface ConnectionOptions {
  url?: string;
  key?: string;
}

/** Thrown for non-2xx answers; main.ts prints the message and exits 1. */
export class AdminRequestError extends Error {
  override name = 'AdminRequestError';
}

export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly doFetch: typeof fetch,
  ) {}

  static from(options: ConnectionOptions, io: AdminIo): AdminClient {
    const url = (options.url ?? io.env.TENET_URL ?? '').replace(/\/+$/, '');
    const key = options.key ?? io.env.TENET_ADMIN_KEY ?? '';
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw new AdminRequestError('set the server with --url or TENET_URL, e.g. http://127.0.0.1:8080');
    if (key === '') throw new AdminRequestError('set an admin key with TENET_ADMIN_KEY (or --key)');
    return new AdminClient(url, key, io.fetch);
  }

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'x-api-key': this.key, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.doFetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new AdminRequestError(`${method} ${this.baseUrl}${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    const payload = parseEnvelope(text);
    if (!response.ok) {
      const detail = payload?.error ? `${payload.error.code}: ${payload.error.message}` : text.slice(0, 200);
      throw new AdminRequestError(`${method} ${path} answered ${response.status} (${detail})`);
    }
    return payload?.data;
  }
}

interface Envelope {
  data?: unknown;
  error?: { code?: string; message?: string };
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function withConnection(command: Command): Command {
  return command.option('--url <url>', 'server base URL (default: TENET_URL)').option('--key <key>', 'admin API key (default: TENET_ADMIN_KEY)');
}

function parseRateLimit(text: string): { requests: number; window_seconds: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new AdminRequestError('--rate-limit must be REQUESTS/WINDOW_SECONDS, e.g. 120/60');
  return { requests: Number(match[1]), window_seconds: Number(match[2]) };
}

export function registerAdmin(program: Command, io: AdminIo = defaultIo): void {
  const admin = commandGroup(program, 'admin', 'operate a running server through its admin API (needs an admin key)');
  const keys = admin.command('keys').description('issue, list and revoke API keys');

  withConnection(keys.command('issue').description('issue a key; the raw key is printed once'))
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
      const data = (await AdminClient.from(options, io).call('POST', '/v1/admin/keys', body)) as { key: string; entry: unknown; durable: boolean; warning: string };
      io.out(`API key (shown once; store it now): ${data.key}\n${data.warning}\ndurable: ${data.durable}\n${json(data.entry)}`);
    });

  withConnection(keys.command('list').description('list key metadata (never key values)')).action(async (options: ConnectionOptions) => {
    io.out(json(await AdminClient.from(options, io).call('GET', '/v1/admin/keys')));
  });

  withConnection(keys.command('revoke').description('revoke a key at runtime').argument('<key_id>', 'id of the key to revoke')).action(
    async (keyId: string, options: ConnectionOptions) => {
      io.out(json(await AdminClient.from(options, io).call('POST', `/v1/admin/keys/${encodeURIComponent(keyId)}/revoke`)));
    },
  );

  const kill = admin.command('kill').description('trial kill switches (trial_traffic, trial_mint)');
  withConnection(kill.command('show').description('show kill-switch state')).action(async (options: ConnectionOptions) => {
    io.out(json(await AdminClient.from(options, io).call('GET', '/v1/admin/kill')));
  });
  withConnection(kill.command('set').description('engage or release a switch').argument('<switch>', 'trial_traffic or trial_mint'))
    .option('--engage', 'engage the switch')
    .option('--release', 'release the switch')
    .requiredOption('--reason <text>', 'why (1-500 chars, recorded in the audit trail)')
    .action(async (name: string, options: ConnectionOptions & { engage?: boolean; release?: boolean; reason: string }) => {
      if (Boolean(options.engage) === Boolean(options.release)) throw new AdminRequestError('give exactly one of --engage or --release');
      io.out(json(await AdminClient.from(options, io).call('POST', '/v1/admin/kill', { switch: name, engaged: Boolean(options.engage), reason: options.reason })));
    });

  withConnection(admin.command('audit').description('show the audit trail, newest first (at most 200 entries)')).action(async (options: ConnectionOptions) => {
    io.out(json(await AdminClient.from(options, io).call('GET', '/v1/admin/audit')));
  });
}
