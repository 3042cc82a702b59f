/**
 * Every error code the service can return, with its default message. The core raises ServiceError with a code
 * from this table; each transport decides what a code means to it (the HTTP status and headers are in
 * adapters/http-h3/error-http.ts, a table a test keeps in step with this one).
 */
import type { RateLimitStatus } from './keys/rate-window.js';

export const ERROR_CODES = {
  invalid_request: { message: 'The request is invalid.' },
  invalid_household: { message: 'The household failed validation.' },
  unsupported_parameter: { message: 'The parameter as_of is reserved for point-in-time retrieval and is not supported yet.' },
  unauthorized: {
    message: 'A valid API key is required: send it as x-api-key: <key> or Authorization: Bearer <key>. For a trial key, POST /v1/keys/trial (no key needed).',
  },
  insufficient_scope: { message: 'The API key lacks the required scope.' },
  not_found: { message: 'Not found.' },
  method_not_allowed: { message: 'The method is not allowed on this path; the allow header lists the methods that are.' },
  request_timeout: { message: 'The request body was not received in time.' },
  job_lost: {
    message: 'The job store lost its data after this job may have been submitted, so the job and its results are gone; submit it again.',
  },
  key_id_conflict: { message: 'An API key with this id already exists.' },
  payload_too_large: { message: 'The request body exceeds the byte limit.' },
  expectation_failed: { message: 'Only Expect: 100-continue is supported; send the request without the expect header.' },
  unsupported_program: { message: 'No runtime package matches the program and jurisdiction.' },
  rate_limited: { message: 'Rate limit exceeded.' },
  auth_throttled: { message: 'Too many failed authentication attempts from this client.' },
  trial_issuance_limited: { message: 'Trial key issuance limit reached.' },
  headers_too_large: { message: 'The request headers are larger than the server accepts (16 KiB in all); send fewer or shorter headers.' },
  trial_traffic_disabled: { message: 'Requests made with trial keys are currently disabled.' },
  trial_mint_disabled: { message: 'Trial key issuance is currently disabled.' },
  internal_error: { message: 'An unexpected error occurred. Quote the request id when reporting it.' },
  runtime_error: { message: 'The calculation engine failed.' },
  not_ready: { message: 'The service is not ready.' },
  auth_not_configured: {
    message:
      'API key authentication is required but no keys are configured on this server. Get a trial key with POST /v1/keys/trial (no key needed), ' +
      'or have the operator run `tenet keys generate --id <id> --scopes <scopes>` and add the printed entry to SERVICE_API_KEYS before restarting.',
  },
  store_unavailable: { message: 'The shared store is unreachable.' },
  server_busy: { message: 'The server is receiving too many request bodies at once; retry after the retry-after seconds.' },
} as const satisfies Record<string, { message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ServiceErrorOptions {
  data?: unknown;
  cause?: unknown;
  keyId?: string;
  retryAfterSeconds?: number;
  rateLimit?: RateLimitStatus;
  allowedMethods?: readonly string[];
}

/**
 * The one error type the core raises: a code and structured facts, never a transport's status or headers.
 * `data` is structured context for the error envelope; the other facts are for the transport to render
 * (over HTTP: retry-after, x-ratelimit-*, allow).
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  /** The authenticated key a rejection concerns (rate limit, scope, trial checks): for request analytics, never serialised. */
  readonly keyId: string | null;
  /** Seconds after which the same request may succeed (rate limits, throttles, daily caps, busy server). */
  readonly retryAfterSeconds: number | null;
  /** The key's rate-limit window, when the refusal came after the request was counted in it. */
  readonly rateLimit: RateLimitStatus | null;
  /** The methods the path does accept (method_not_allowed). */
  readonly allowedMethods: readonly string[] | null;

  constructor(code: ErrorCode, message?: string, options: ServiceErrorOptions = {}) {
    super(message ?? ERROR_CODES[code].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.data = options.data;
    this.keyId = options.keyId ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.rateLimit = options.rateLimit ?? null;
    this.allowedMethods = options.allowedMethods ?? null;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
