/**
 * Forwards one call to the HTTP API and classifies what came back. Holds no state between calls. A 429
 * rate_limited whose retry-after is at most 10 seconds is retried once after waiting that long.
 */
import { describeFetchCause } from '../http-client/fetch-cause.js';
import type { McpAdapterConfig } from './config.js';

export const MAX_RETRY_AFTER_SECONDS = 10;

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Path under the base URL, already percent-encoded, e.g. /v1/rules/us%2F7-cfr%2F273.9 */
  path: string;
  /** JSON body (POST only); omitted for POSTs without a body. */
  body?: unknown;
}

export type ApiOutcome =
  | { kind: 'response'; url: string; status: number; body: unknown; retryAfter: number | null }
  | { kind: 'timeout'; url: string; timeoutMs: number }
  | { kind: 'network'; url: string; cause: string };

type Fetch = typeof fetch;

/** `retry-after` in seconds (delta form), else the envelope's data.retry_after_seconds. */
function retryAfterSeconds(headers: Headers, body: unknown): number | null {
  const header = headers.get('retry-after');
  if (header !== null && /^\s*\d+(\.\d+)?\s*$/.test(header)) return Number(header);
  const fromBody = (body as { data?: { retry_after_seconds?: unknown } } | null)?.data?.retry_after_seconds;
  return typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0 ? fromBody : null;
}

function errorCode(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : null;
}

export class ApiClient {
  constructor(
    private readonly config: McpAdapterConfig,
    private readonly fetchImpl: Fetch = fetch,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  url(path: string): string {
    return `${this.config.baseUrl}${path}`;
  }

  async call(request: ApiRequest): Promise<ApiOutcome> {
    const first = await this.once(request);
    if (first.kind === 'response' && first.status === 429 && errorCode(first.body) === 'rate_limited' && first.retryAfter !== null && first.retryAfter <= MAX_RETRY_AFTER_SECONDS) {
      await this.sleep(first.retryAfter * 1000);
      return this.once(request);
    }
    return first;
  }

  private async once(request: ApiRequest): Promise<ApiOutcome> {
    const url = this.url(request.path);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.config.apiKey !== null) headers.authorization = `Bearer ${this.config.apiKey}`;
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    try {
      const response = await this.fetchImpl(url, { method: request.method, headers, body, signal });
      // The body is read under the same deadline: a server that stalls mid-body is a timeout too.
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON (a proxy's HTML page, say): kept as text for the error message.
      }
      return { kind: 'response', url, status: response.status, body: parsed, retryAfter: retryAfterSeconds(response.headers, parsed) };
    } catch (error) {
      if (signal.aborted) return { kind: 'timeout', url, timeoutMs: this.config.timeoutMs };
      return { kind: 'network', url, cause: describeFetchCause(error) };
    }
  }
}
