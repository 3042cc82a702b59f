/**
 * Every error code the service can return, with its HTTP status and a default message.
 * This is the single table the transports consult; the core raises ServiceError with a code from it.
 */
export const ERROR_CODES = {
  invalid_request: { status: 400, message: 'The request is invalid.' },
  invalid_household: { status: 400, message: 'The household failed validation.' },
  unsupported_parameter: { status: 400, message: 'The parameter as_of is reserved for point-in-time retrieval and is not supported yet.' },
  unauthorized: {
    status: 401,
    message: 'A valid API key is required: send it as x-api-key: <key> or Authorization: Bearer <key>. For a trial key, POST /v1/keys/trial (no key needed).',
  },
  insufficient_scope: { status: 403, message: 'The API key lacks the required scope.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'The method is not allowed on this path; the allow header lists the methods that are.' },
  request_timeout: { status: 408, message: 'The request body was not received in time.' },
  job_lost: {
    status: 410,
    message: 'The job store lost its data after this job may have been submitted, so the job and its results are gone; submit it again.',
  },
  key_id_conflict: { status: 409, message: 'An API key with this id already exists.' },
  payload_too_large: { status: 413, message: 'The request body exceeds the byte limit.' },
  expectation_failed: { status: 417, message: 'Only Expect: 100-continue is supported; send the request without the expect header.' },
  unsupported_program: { status: 422, message: 'No runtime package matches the program and jurisdiction.' },
  rate_limited: { status: 429, message: 'Rate limit exceeded.' },
  auth_throttled: { status: 429, message: 'Too many failed authentication attempts from this client.' },
  trial_issuance_limited: { status: 429, message: 'Trial key issuance limit reached.' },
  headers_too_large: { status: 431, message: 'The request headers are larger than the server accepts (16 KiB in all); send fewer or shorter headers.' },
  trial_traffic_disabled: { status: 403, message: 'Requests made with trial keys are currently disabled.' },
  trial_mint_disabled: { status: 503, message: 'Trial key issuance is currently disabled.' },
  internal_error: { status: 500, message: 'An unexpected error occurred. Quote the request id when reporting it.' },
  runtime_error: { status: 502, message: 'The calculation engine failed.' },
  not_ready: { status: 503, message: 'The service is not ready.' },
  auth_not_configured: {
    status: 503,
    message:
      'API key authentication is required but no keys are configured on this server. Get a trial key with POST /v1/keys/trial (no key needed), ' +
      'or have the operator run `tenet keys generate --id <id> --scopes <scopes>` and add the printed entry to SERVICE_API_KEYS before restarting.',
  },
  store_unavailable: { status: 503, message: 'The shared store is unreachable.' },
  server_busy: { status: 503, message: 'The server is receiving too many request bodies at once; retry after the retry-after seconds.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** The one error type the core raises. `data` is structured context for the error envelope. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  /** The authenticated key a rejection concerns (rate limit, scope, trial checks): for request analytics, never serialised. */
  readonly keyId: string | null;

  constructor(code: ErrorCode, message?: string, options: { data?: unknown; headers?: Record<string, string>; cause?: unknown; keyId?: string } = {}) {
    super(message ?? ERROR_CODES[code].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.data = options.data;
    this.headers = options.headers ?? {};
    this.keyId = options.keyId ?? null;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
