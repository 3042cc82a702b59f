import type { DependencyHealth } from './readiness.js';

/** Who made a request, as established by the AuthGate. Never holds the raw key or its hash. */
export interface Principal {
  key_id: string;
  scopes: readonly string[];
  kind: 'environment' | 'store' | 'trial';
  owner?: string;
}

/** Read access to request headers (lower-case names), satisfied by the fetch `Headers` class. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface AuthRequest {
  headers: HeaderReader;
  /** The client address: the socket peer, or behind TRUSTED_PROXIES the address the proxies saw (docs/auth.md). */
  clientIp: string;
  /** The scope the route needs, e.g. 'rules:read'. */
  scope: string;
  method: string;
  /** The route pattern, e.g. '/v1/rules/**:rule_id' (for analytics; never the raw URL). */
  route: string;
}

export interface AuthOutcome {
  principal: Principal;
  /** Headers to add to the response, e.g. x-ratelimit-limit / -remaining / -reset. */
  headers: Record<string, string>;
}

/**
 * Authenticates and authorises one request. Rejects by throwing ServiceError with code unauthorized,
 * insufficient_scope (message names the scope), rate_limited, auth_throttled, auth_not_configured or
 * store_unavailable; a ServiceError's `headers` (e.g. retry-after, rate-limit headers) reach the response.
 */
export interface AuthGate {
  authenticate(request: AuthRequest): Promise<AuthOutcome>;
  /** The "auth configuration" readiness dependency. */
  health(): Promise<DependencyHealth>;
}

/** Extracts the presented key: `x-api-key` wins over `Authorization: Bearer`. Returns null when neither is present. */
export function presentedKey(headers: HeaderReader): string | null {
  const direct = headers.get('x-api-key');
  if (direct !== null && direct.trim() !== '') return direct.trim();
  const authorization = headers.get('authorization');
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : null;
}

/** `*` grants every scope. */
export function hasScope(scopes: readonly string[], required: string): boolean {
  return scopes.includes('*') || scopes.includes(required);
}
