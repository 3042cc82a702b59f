/**
 * Request bodies: the byte limit is enforced while the body streams in. A declared content-length over the
 * limit is refused before reading; otherwise bytes are counted chunk by chunk and reading stops (node's
 * message, see node-body.ts, or the web stream of an in-process Request is cancelled) as soon as the count
 * passes the limit, so an oversized body is never buffered. A body must arrive within BODY_TIMEOUT_MS
 * (408 request_timeout), and at most MAX_CONCURRENT_BODIES bodies are read at once (503 server_busy).
 * The platform reads a body only on routes that take one, and only after authentication, so a client without a
 * key cannot make the server hold its bytes; content type, JSON syntax and depth are checked after reading.
 */
import { isUtf8 } from 'node:buffer';
import { ServiceError } from '../../core/domain/errors.js';
import { nodeBodyOf, readNodeBody, type BodyLimits } from './node-body.js';

/** Objects and arrays nested deeper than this are refused (400) before the body reaches a handler or a store. */
export const MAX_JSON_DEPTH = 64;

export type { BodyLimits } from './node-body.js';

function tooLarge(limit: number): ServiceError {
  return new ServiceError('payload_too_large', `The request body exceeds the limit of ${limit} bytes.`);
}

/** Nobody is left to receive the answer; a 400 keeps an aborted upload out of the error log. */
function cutShort(): ServiceError {
  return new ServiceError('invalid_request', 'The request body ended before it was complete (the client closed the connection).');
}

function tooSlow(timeoutMs: number): ServiceError {
  return new ServiceError('request_timeout', `The request body was not received within ${timeoutMs} ms; send the whole body at once and retry.`);
}

/** 413 straight away when content-length announces more than the limit. */
export function checkDeclaredLength(headers: Headers, limit: number): void {
  const declared = headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw tooLarge(limit);
}

/**
 * Counts the bodies being received; one past `max` is refused with 503 server_busy. One per app (not per module),
 * so two apps in one process do not share a count.
 */
export class BodySlots {
  #inFlight = 0;

  constructor(readonly max: number) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Takes a slot or throws server_busy; the caller releases it in a finally. */
  acquire(): void {
    if (this.#inFlight >= this.max) {
      throw new ServiceError('server_busy', `The server is receiving ${this.max} request bodies already; retry after 1 second.`, {
        data: { retry_after_seconds: 1 },
        retryAfterSeconds: 1,
      });
    }
    this.#inFlight += 1;
  }

  release(): void {
    this.#inFlight -= 1;
  }
}

/** True when the request carries no body bytes to read (node message already ended, or no stream). */
export function hasNoBody(request: Request): boolean {
  const message = nodeBodyOf(request);
  if (message !== undefined) return message.readableEnded || message.headers['content-length'] === '0';
  return request.body === null;
}

/** Reads at most `maxBytes` within `timeoutMs`; throws payload_too_large or request_timeout after cancelling the stream. */
export async function readLimited(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const { maxBytes, timeoutMs } = limits;
  checkDeclaredLength(request.headers, maxBytes);
  const message = nodeBodyOf(request);
  if (message !== undefined) return readNodeBody(message, limits, { tooLarge: () => tooLarge(maxBytes), cutShort, tooSlow: () => tooSlow(timeoutMs) });
  const stream = request.body;
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 'expired') {
        await reader.cancel().catch(() => undefined);
        throw tooSlow(timeoutMs);
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The deepest nesting of objects and arrays in JSON text, counted outside strings; stops counting past `limit`.
 * Done on the text so that a deep document is refused before it is parsed into a deep value.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

function isJsonMediaType(contentType: string): boolean {
  const media = contentType.split(';')[0].trim().toLowerCase();
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

/**
 * Parses a JSON body already read under the limit. Returns undefined for an empty body (the route schema
 * decides whether a body is required).
 */
export function parseJsonBody(bytes: Uint8Array, contentType: string | null): unknown {
  if (contentType !== null && !isJsonMediaType(contentType)) {
    throw new ServiceError('invalid_request', `content-type must be application/json (received ${contentType.split(';')[0].trim() || 'an empty value'})`);
  }
  if (bytes.byteLength === 0) return undefined;
  if (contentType === null) throw new ServiceError('invalid_request', 'content-type must be application/json (the header is missing)');
  // isUtf8 + toString: the same strictness as a fatal TextDecoder at a fraction of its cost.
  if (!isUtf8(bytes)) throw new ServiceError('invalid_request', 'body: malformed JSON (not valid UTF-8)');
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // A leading byte-order mark is not part of the JSON (the decoder used to drop it too).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return undefined;
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new ServiceError('invalid_request', `body: objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep; flatten the document`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError('invalid_request', `body: malformed JSON (${error instanceof SyntaxError ? error.message : 'parse error'})`);
  }
}
