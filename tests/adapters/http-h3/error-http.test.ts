import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ServiceError } from '../../../core/domain/errors.js';
import { errorHeaders, HTTP_STATUS, httpStatus } from '../../../adapters/http-h3/error-http.js';

describe('error codes over HTTP (the adapter decides statuses and headers from the core error facts)', () => {
  it('gives every code of the core table exactly one status, and no status to a code the core lacks', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect([httpStatus('unauthorized'), httpStatus('unsupported_program'), httpStatus('runtime_error'), httpStatus('trial_mint_disabled')]).toEqual([401, 422, 502, 503]);
  });

  it('renders a rate-limit refusal as retry-after and the x-ratelimit-* headers', () => {
    const limited = new ServiceError('rate_limited', undefined, { retryAfterSeconds: 42, rateLimit: { limit: 30, remaining: 0, reset: 1_800_000_060 } });
    expect(errorHeaders(limited)).toEqual({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1800000060', 'retry-after': '42' });
  });

  it('adds the allow list to method_not_allowed and the scheme challenge to unauthorized only', () => {
    expect(errorHeaders(new ServiceError('method_not_allowed', undefined, { allowedMethods: ['GET', 'HEAD'] }))).toEqual({ allow: 'GET, HEAD' });
    expect(errorHeaders(new ServiceError('unauthorized'))).toEqual({ 'www-authenticate': 'Bearer realm="tenet", ApiKey realm="tenet", header="x-api-key"' });
    expect(errorHeaders(new ServiceError('insufficient_scope'))).toEqual({});
  });
});
