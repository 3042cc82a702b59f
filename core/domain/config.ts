/** The validated service configuration. Parsing from the environment happens in adapters/config. */
export const ENVIRONMENTS = ['local', 'dev', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * The one version number of a Tenet release: `meta.api_version`, `GET /v1/version`, the OpenAPI `info.version`,
 * the MCP server and `tenet --version` all report it, and package.json's `version` must equal it
 * (tests/project/version.test.ts). The contract itself is identified by the OpenAPI document's hash
 * (validation runs record both); see docs/architecture.md#versions.
 */
export const API_VERSION = '0.1.0';
export const SERVICE_NAME = 'tenet';

/** One SERVICE_API_KEYS entry. `sha256` is the lowercase hex sha256 of the raw key. */
export interface EnvironmentKeyConfig {
  id: string;
  sha256: string;
  scopes: string[];
  owner?: string;
  expires_at?: string;
  rate_limit?: { requests: number; window_seconds: number };
}

export interface ServiceConfig {
  port: number;
  host: string;
  environment: Environment;
  /** RuleSpec repository roots, absolute paths. */
  rulesPaths: string[];
  /** Redis connection string; null means the shared store is in-process memory. */
  redisUrl: string | null;
  serviceApiKeys: EnvironmentKeyConfig[];
  maxBodyBytes: number;
  /** Exact origins allowed for CORS; empty disables CORS. */
  corsAllowedOrigins: string[];
  /** Addresses and CIDR blocks of the proxies whose x-forwarded-for is believed; empty: the socket peer is the client. */
  trustedProxies: string[];
  /** Time allowed to receive a whole request body, in milliseconds (408 request_timeout past it). */
  bodyTimeoutMs: number;
  /** Request bodies read at the same time; one more is refused with 503 server_busy. */
  maxConcurrentBodies: number;
}
