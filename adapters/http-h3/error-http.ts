/**
 * What an error code means over HTTP: its status, and the headers its structured facts become. The core's
 * error table (core/domain/errors.ts) lists the codes and messages; this is the one table of their statuses,
 * typed so that a code added there without a status here does not compile.
 */
import type { RateLimitStatus } from '../../core/domain/keys/rate-window.js';
import type { ErrorCode, ServiceError } from '../../core/domain/errors.js';

export const HTTP_STATUS = {
  invalid_request: 400,
  invalid_household: 400,
  unsupported_parameter: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  trial_traffic_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  key_id_conflict: 409,
  job_lost: 410,
  payload_too_large: 413,
  expectation_failed: 417,
  unsupported_program: 422,
  rate_limited: 429,
  auth_throttled: 429,
  trial_issuance_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  runtime_error: 502,
  not_ready: 503,
  auth_not_configured: 503,
  store_unavailable: 503,
  trial_mint_disabled: 503,
  server_busy: 503,
} as const satisfies Record<ErrorCode, number>;

/** RFC 9110 section 11.6.1: a 401 names the schemes that can satisfy it. */
export const AUTH_CHALLENGE = 'Bearer realm="tenet", ApiKey realm="tenet", header="x-api-key"';

export function httpStatus(code: ErrorCode): number {
  return HTTP_STATUS[code];
}

/** x-ratelimit-limit / -remaining / -reset: where the key stands in its window. */
export function rateLimitHeaders(status: RateLimitStatus): Record<string, string> {
  return { 'x-ratelimit-limit': String(status.limit), 'x-ratelimit-remaining': String(status.remaining), 'x-ratelimit-reset': String(status.reset) };
}

/** The headers an error's facts become: rate-limit window, retry-after, allow, and the 401 challenge. */
export function errorHeaders(error: ServiceError): Record<string, string> {
  const headers: Record<string, string> = error.rateLimit === null ? {} : rateLimitHeaders(error.rateLimit);
  if (error.retryAfterSeconds !== null) headers['retry-after'] = String(error.retryAfterSeconds);
  if (error.allowedMethods !== null) headers.allow = error.allowedMethods.join(', ');
  if (error.code === 'unauthorized') headers['www-authenticate'] = AUTH_CHALLENGE;
  return headers;
}
