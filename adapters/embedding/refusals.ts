/**
 * Refusals as the embedding API throws them. The core's ServiceError carries a code and structured facts only;
 * embedders also get `status`, the HTTP status the API answers the same refusal with, for callers that relay
 * errors. The package exports this class as `ServiceError`, so `error instanceof ServiceError` and
 * `error.status` work as docs/embedding.md shows.
 */
import { ServiceError as CoreServiceError } from '../../core/domain/errors.js';
import { httpStatus } from '../http-h3/error-http.js';
import type { RuleService } from './rule-service.js';

export class ServiceError extends CoreServiceError {
  /** The HTTP status the API gives this refusal (400, 404, 422, 502, ...). */
  readonly status: number;

  constructor(refusal: CoreServiceError) {
    super(refusal.code, refusal.message, {
      data: refusal.data,
      cause: refusal,
      retryAfterSeconds: refusal.retryAfterSeconds ?? undefined,
      rateLimit: refusal.rateLimit ?? undefined,
    });
    this.status = httpStatus(refusal.code);
  }
}

function rethrown(error: unknown): never {
  throw error instanceof CoreServiceError && !(error instanceof ServiceError) ? new ServiceError(error) : error;
}

function guarded<A extends unknown[], R>(method: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      const answer = method(...args);
      return (answer instanceof Promise ? answer.catch(rethrown) : answer) as R;
    } catch (error) {
      return rethrown(error);
    }
  };
}

/** The same service, every method throwing (or rejecting with) the embedding ServiceError. */
export function withStatuses(service: RuleService): RuleService {
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(service)) {
    out[name] = typeof member === 'function' ? guarded(member as (...args: unknown[]) => unknown) : member;
  }
  return out as unknown as RuleService;
}
