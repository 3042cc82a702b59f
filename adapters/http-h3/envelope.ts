/** The success and error envelopes every JSON response uses. */
import { API_VERSION, type Environment } from '../../core/domain/config.js';
import { ERROR_CODES, ServiceError, type ErrorCode } from '../../core/domain/errors.js';

export interface Meta {
  request_id: string;
  api_version: string;
  environment: Environment;
}

export function meta(requestId: string, environment: Environment): Meta {
  return { request_id: requestId, api_version: API_VERSION, environment };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

export function successResponse(status: number, data: unknown, m: Meta): Response {
  return jsonResponse(status, { status: 'ok', data, meta: m });
}

export function errorBody(code: ErrorCode, message: string, m: Meta, data?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'error', error: { code, message }, meta: m };
  if (data !== undefined) body.data = data;
  return body;
}

/** ServiceErrors keep code, message, data and headers; anything else becomes a generic 500. */
export function errorResponse(error: unknown, m: Meta): Response {
  if (error instanceof ServiceError) {
    return jsonResponse(error.status, errorBody(error.code, error.message, m, error.data), error.headers);
  }
  return jsonResponse(500, errorBody('internal_error', `${ERROR_CODES.internal_error.message} Request id: ${m.request_id}.`, m));
}
