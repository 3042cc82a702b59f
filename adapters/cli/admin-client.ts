/**
 * The connection every `tenet admin ...` command shares: the server from --url or TENET_URL, the key from --key
 * or TENET_ADMIN_KEY (prefer the variable: arguments show up in process listings and shell history), and one
 * request helper that turns every failure into a message naming its cause.
 */
import type { Command } from 'commander';
import { describeFetchCause } from '../http-client/fetch-cause.js';
import { AdminRequestError, UsageError } from './errors.js';
import { jsonDocument } from './output.js';

export interface AdminIo {
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  /** stdout: the command's result only. */
  out: (text: string) => void;
  /** stderr: notes and progress. */
  err: (text: string) => void;
  /** Sets the exit status for a command that printed its result but reports a failure (e.g. parity differences). */
  setExitCode: (code: number) => void;
}

export const defaultIo: AdminIo = {
  fetch: (input, init) => fetch(input, init),
  env: process.env,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  setExitCode: (code) => {
    process.exitCode = code;
  },
};

export interface ConnectionOptions {
  url?: string;
  key?: string;
  json?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The base URL without trailing slashes. A value without a scheme (`127.0.0.1:8080`, `localhost:8080`) is taken as
 * http, as curl does, and a note says so on stderr; any scheme other than http(s) is a usage error.
 */
export function resolveBaseUrl(raw: string, note: (text: string) => void): string {
  const value = raw.trim().replace(/\/+$/, '');
  if (value === '') throw new UsageError('set the server with --url or TENET_URL, e.g. http://127.0.0.1:8080');
  let url = value;
  if (!/^https?:\/\//i.test(value)) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw new UsageError(`--url/TENET_URL must be an http:// or https:// URL (got ${JSON.stringify(raw)})`);
    url = `http://${value}`;
    note(`tenet: ${JSON.stringify(raw)} has no scheme; using ${url}\n`);
  }
  try {
    const parsed = new URL(url);
    if (parsed.search !== '' || parsed.hash !== '') throw new UsageError(`--url/TENET_URL must not carry a query or fragment (got ${JSON.stringify(raw)})`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--url/TENET_URL is not a URL (got ${JSON.stringify(raw)}); use e.g. http://127.0.0.1:8080`);
  }
  return url;
}

interface Envelope {
  data?: unknown;
  error?: { code?: string; message?: string };
  meta?: { request_id?: string };
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

export interface CallOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  timeoutMs?: number;
}

export class AdminClient {
  constructor(
    readonly baseUrl: string,
    /** The raw key this client sends (the revoke guard compares it with the key list's prefixes). */
    readonly key: string,
    private readonly doFetch: typeof fetch,
  ) {}

  static from(options: ConnectionOptions, io: AdminIo): AdminClient {
    const url = resolveBaseUrl(options.url ?? io.env.TENET_URL ?? '', io.err);
    const key = (options.key ?? io.env.TENET_ADMIN_KEY ?? '').trim();
    if (key === '') throw new UsageError('set an admin key with TENET_ADMIN_KEY (or --key)');
    return new AdminClient(url, key, io.fetch);
  }

  async call(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { 'x-api-key': this.key, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const query = new URLSearchParams(Object.entries(options.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined)).toString();
    const url = `${this.baseUrl}${path}${query === '' ? '' : `?${query}`}`;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.doFetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new AdminRequestError(`${method} ${url} timed out after ${timeoutMs / 1000} s`);
      throw new AdminRequestError(`${method} ${url} failed: ${describeFetchCause(error)} (is the server running there? set it with --url or TENET_URL)`);
    }
    const payload = parseEnvelope(text);
    if (!response.ok) {
      const detail = payload?.error ? `${payload.error.code}: ${payload.error.message}` : text.slice(0, 200);
      const requestId = payload?.meta?.request_id ? `; request id ${payload.meta.request_id}` : '';
      // The server does not say why a key is refused (spec: no difference between unknown, expired and revoked).
      const hint = response.status === 401 ? '; check the key in TENET_ADMIN_KEY or --key' : '';
      throw new AdminRequestError(`${method} ${path} answered ${response.status} (${detail}${requestId})${hint}`);
    }
    if (payload === null) throw new AdminRequestError(`${method} ${url} answered ${response.status} without a JSON envelope: ${text.slice(0, 200)}`);
    return payload.data;
  }
}

/** Adds the options every admin command takes: --url, --key and --json. */
export function adminCommand(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .option('--url <url>', 'server base URL, e.g. http://127.0.0.1:8080 (default: TENET_URL)')
    .option('--key <key>', 'admin API key (default: TENET_ADMIN_KEY; prefer the variable)')
    .option('--json', 'print the API data as one JSON document on stdout (nothing else)');
}

/** Prints `data` as one JSON document (--json) or as the command's readable text. */
export function print<T>(io: AdminIo, options: ConnectionOptions, data: T, human: (data: T) => string): void {
  io.out(options.json ? jsonDocument(data) : human(data));
}
