/** The success and error envelopes every JSON response uses. */
import { API_VERSION, type Environment } from '../../core/domain/config.js';
import { ERROR_CODES, ServiceError, type ErrorCode } from '../../core/domain/errors.js';
import { errorHeaders, httpStatus } from './error-http.js';

export interface Meta {
  request_id: string;
  api_version: string;
  environment: Environment;
}

export function meta(requestId: string, environment: Environment): Meta {
  return { request_id: requestId, api_version: API_VERSION, environment };
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers } });
}

/**
 * A JSON envelope not yet turned into a Response: the platform adds its own headers and builds the Response
 * once, instead of copying a finished Response (and its body stream) into a new one.
 */
export interface Envelope {
  status: number;
  /**
   * The serialised body (serialising is where a handler's unserialisable data fails, inside error handling): text,
   * or UTF-8 bytes when a route wrote its data as bytes (calculation answers).
   */
  json: string | Uint8Array;
  /** Headers the envelope itself carries (e.g. retry-after of an error); the platform's headers win. */
  headers: Record<string, string>;
}

/** An envelope whose body is text (errors always are). */
export interface TextEnvelope extends Envelope {
  json: string;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * `data` a route has serialised itself (e.g. calculation results, see calculation-json.ts): the envelope
 * splices it in as it is, text or UTF-8 bytes. It must be the JSON of a value the route's response schema accepts.
 */
export class JsonText {
  constructor(readonly content: string | Uint8Array) {}

  /** The JSON as text. */
  get json(): string {
    return typeof this.content === 'string' ? this.content : Buffer.from(this.content.buffer, this.content.byteOffset, this.content.byteLength).toString('utf8');
  }
}

const DATA_OPEN = Buffer.from('{"status":"ok","data":', 'utf8');

export function successEnvelope(status: number, data: unknown, m: Meta): Envelope {
  if (!(data instanceof JsonText)) return { status, json: JSON.stringify({ status: 'ok', data, meta: m }), headers: NO_HEADERS };
  const close = `,"meta":${JSON.stringify(m)}}`;
  if (typeof data.content === 'string') return { status, json: `{"status":"ok","data":${data.content}${close}`, headers: NO_HEADERS };
  // Bytes stay bytes: one copy into the envelope, and the server writes them as they are.
  return { status, json: Buffer.concat([DATA_OPEN, data.content, Buffer.from(close, 'utf8')]), headers: NO_HEADERS };
}

/** An envelope's body as text (tests, logs). */
export function envelopeText(envelope: Envelope): string {
  return typeof envelope.json === 'string' ? envelope.json : new JsonText(envelope.json).json;
}

export function errorBody(code: ErrorCode, message: string, m: Meta, data?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'error', error: { code, message }, meta: m };
  if (data !== undefined) body.data = data;
  return body;
}

/** ServiceErrors keep code, message and data, with the status and headers their code and facts give; anything else becomes a generic 500. */
export function errorEnvelope(error: unknown, m: Meta): TextEnvelope {
  if (error instanceof ServiceError) {
    return { status: httpStatus(error.code), json: JSON.stringify(errorBody(error.code, error.message, m, error.data)), headers: errorHeaders(error) };
  }
  return { status: 500, json: JSON.stringify(errorBody('internal_error', `${ERROR_CODES.internal_error.message} Request id: ${m.request_id}.`, m)), headers: NO_HEADERS };
}

