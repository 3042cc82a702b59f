/** The success and error envelopes every JSON response uses. */
import { API_VERSION, type Environment } from '../../core/domain/config.js';
import { ERROR_CODES, ServiceError, type ErrorCode } from '../../core/domain/errors.js';
import type { ByteSink, LentBytes } from './byte-sink.js';
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
  /** The serialised body (serialising is where a handler's unserialisable data fails, inside error handling): text, or UTF-8 bytes a route wrote itself (JsonBytes). */
  body: string | Uint8Array;
  /** The body as text. */
  readonly json: string;
  /** Headers the envelope itself carries (e.g. retry-after of an error); the platform's headers win. */
  headers: Record<string, string>;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * `data` a route has serialised itself (e.g. calculation results, see calculation-json.ts): the envelope
 * splices the text in as it is. It must be the JSON of a value the route's response schema accepts.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/**
 * `data` a route writes itself as UTF-8 bytes (calculation results, see calculation-json.ts): the envelope's own
 * text is written around it in the same buffer, so the answer is copied once. It must be the JSON of a value the
 * route's response schema accepts.
 */
export class JsonBytes {
  constructor(
    private readonly sink: ByteSink,
    private readonly writeData: (sink: ByteSink) => void,
  ) {}

  /** `before`, the data, then `after`, as one run of bytes (lent: see LentBytes). */
  framed(before: string, after: string): LentBytes {
    this.sink.begin();
    try {
      this.sink.text(before);
      this.writeData(this.sink);
      this.sink.text(after);
    } catch (error) {
      this.sink.abandon();
      throw error;
    }
    return this.sink.take();
  }

  /** The data's JSON text (its block goes back at once). */
  get json(): string {
    const bytes = this.framed('', '');
    const text = bytes.text();
    bytes.giveBack();
    return text;
  }
}

export function successEnvelope(status: number, data: unknown, m: Meta): Envelope {
  if (data instanceof JsonBytes) {
    const body = data.framed('{"status":"ok","data":', `,"meta":${JSON.stringify(m)}}`);
    return {
      status,
      body,
      headers: NO_HEADERS,
      // Only while the body is still lent to this envelope (before a writer gives it back).
      get json() {
        return body.text();
      },
    };
  }
  const json = data instanceof JsonText ? `{"status":"ok","data":${data.json},"meta":${JSON.stringify(m)}}` : JSON.stringify({ status: 'ok', data, meta: m });
  return textEnvelope(status, json, NO_HEADERS);
}

function textEnvelope(status: number, json: string, headers: Record<string, string>): Envelope {
  return { status, body: json, json, headers };
}

export function errorBody(code: ErrorCode, message: string, m: Meta, data?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'error', error: { code, message }, meta: m };
  if (data !== undefined) body.data = data;
  return body;
}

/** ServiceErrors keep code, message and data, with the status and headers their code and facts give; anything else becomes a generic 500. */
export function errorEnvelope(error: unknown, m: Meta): Envelope {
  if (error instanceof ServiceError) {
    return textEnvelope(httpStatus(error.code), JSON.stringify(errorBody(error.code, error.message, m, error.data)), errorHeaders(error));
  }
  return textEnvelope(500, JSON.stringify(errorBody('internal_error', `${ERROR_CODES.internal_error.message} Request id: ${m.request_id}.`, m)), NO_HEADERS);
}

