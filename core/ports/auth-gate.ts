import type { RateLimitStatus } from '../domain/keys/rate-window.js';
import type { DependencyHealth } from './readiness.js';

/** Who made a request, as established by the AuthGate. Never holds the raw key or its hash. */
export interface Principal {
  key_id: string;
  scopes: readonly string[];
  kind: 'environment' | 'store' | 'trial';
  owner?: string;
}

export interface AuthRequest {
  /** The API key the client presented, as the transport read it (HTTP: x-api-key or Bearer); null when none. */
  presentedKey: string | null;
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
  /** The key's rate-limit window after this request, when the gate counted it (HTTP: x-ratelimit-* headers). */
  rateLimit?: RateLimitStatus;
}

/**
 * Authenticates and authorises one request. Rejects by throwing ServiceError with code unauthorized,
 * insufficient_scope (message names the scope), rate_limited, auth_throttled, auth_not_configured or
 * store_unavailable; the error's retryAfterSeconds and rateLimit facts are rendered by the transport (HTTP:
 * retry-after and x-ratelimit-* headers).
 */
export interface AuthGate {
  authenticate(request: AuthRequest): Promise<AuthOutcome>;
  /** The "auth configuration" readiness dependency. */
  health(): Promise<DependencyHealth>;
}

/** `*` grants every scope. */
export function hasScope(scopes: readonly string[], required: string): boolean {
  return scopes.includes('*') || scopes.includes(required);
}
