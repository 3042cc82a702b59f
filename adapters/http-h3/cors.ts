/** CORS exactly as the spec says: nothing unless the request's Origin is on the allowlist. */
export const CORS_ALLOWED_METHODS = 'GET, POST';
export const CORS_ALLOWED_HEADERS = 'content-type, authorization, x-api-key, x-request-id';
export const CORS_EXPOSED_HEADERS = 'x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after';

export function allowedOrigin(origin: string | null, allowlist: readonly string[]): string | null {
  return origin !== null && allowlist.includes(origin) ? origin : null;
}

/** Headers for an actual (non-preflight) response to an allowlisted origin. */
export function corsResponseHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS_EXPOSED_HEADERS, vary: 'origin' };
}

export function corsPreflightHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-max-age': '600',
    vary: 'origin',
  };
}
