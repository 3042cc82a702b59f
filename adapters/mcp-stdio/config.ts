/**
 * The stdio adapter's configuration, read once at start-up from the environment:
 *   SERVICE_API_BASE_URL    API origin (default: a Tenet served locally, http://127.0.0.1:8080); trailing slashes are stripped
 *   SERVICE_API_KEY         sent as `Authorization: Bearer` on every request (default: none)
 *   SERVICE_API_TIMEOUT_MS  per-request timeout in ms (default 30000); must be a positive number
 *   TENET_MCP_SCREEN_TOOL   1: also serve the screen_household tool (not one of the spec's 14); 0 or unset: not
 */

/**
 * Used when SERVICE_API_BASE_URL is unset. Tenet has no hosted production deployment yet, so the default is
 * the address `npm start` serves on. It is deliberately not a guessed public host: the adapter sends the
 * configured key to this origin on every call.
 */
export const PRODUCTION_BASE_URL = 'http://127.0.0.1:8080';
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface McpAdapterConfig {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Serve screen_household beside the spec's 14 tools (TENET_MCP_SCREEN_TOOL=1). */
  screenTool: boolean;
}

export class McpConfigError extends Error {
  override name = 'McpConfigError';
}

function baseUrl(raw: string | undefined): string {
  const value = raw?.trim() || PRODUCTION_BASE_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new McpConfigError(`SERVICE_API_BASE_URL must be an http(s) URL such as ${PRODUCTION_BASE_URL} (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new McpConfigError(`SERVICE_API_BASE_URL must use http or https (got ${JSON.stringify(value)})`);
  }
  if (url.search !== '' || url.hash !== '') throw new McpConfigError(`SERVICE_API_BASE_URL must not carry a query or fragment (got ${JSON.stringify(value)})`);
  return value.replace(/\/+$/, '');
}

function timeoutMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TIMEOUT_MS;
  const value = Number(raw.trim());
  if (!Number.isFinite(value) || value <= 0) {
    throw new McpConfigError(`SERVICE_API_TIMEOUT_MS must be a positive number of milliseconds (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function screenTool(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new McpConfigError(`TENET_MCP_SCREEN_TOOL must be 1 (serve screen_household) or 0 (got ${JSON.stringify(raw)})`);
}

/** Throws McpConfigError with a message naming the variable when a value is unusable. */
export function mcpConfigFromEnv(env: Record<string, string | undefined> = process.env): McpAdapterConfig {
  const key = env.SERVICE_API_KEY?.trim();
  return { baseUrl: baseUrl(env.SERVICE_API_BASE_URL), apiKey: key ? key : null, timeoutMs: timeoutMs(env.SERVICE_API_TIMEOUT_MS), screenTool: screenTool(env.TENET_MCP_SCREEN_TOOL) };
}
