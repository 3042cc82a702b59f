/**
 * Serves an HttpApp with node:http. The web Request carries no body stream: the platform reads the body from
 * node's message itself (node-body.ts), only on routes that take one, and stops at the size or time limit.
 * An answer given before the body was received in full closes the connection, so nobody has the server drain
 * the rest. Requests node's parser refuses (malformed request line, oversized headers, an Expect other than
 * 100-continue, CONNECT), methods the fetch API cannot carry (TRACE) and heads node would answer itself or
 * cut silently (no Host, too many header fields: request-head.ts) are answered here with the same error
 * envelope and headers as every other answer (app.refuse).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../../core/domain/errors.js';
import type { Logger } from '../../core/ports/logger.js';
import type { BrokenRequest, HttpApp, RefusedAnswer } from './app.js';
import { nodeParts, viewOfNodeRequest } from './srvx.js';
import { attachNodeBody } from './node-body.js';
import { LentBytes } from './byte-sink.js';
import { headProblem, NODE_MAX_HEADERS_COUNT } from './request-head.js';

/** Methods the fetch API refuses to carry in a Request. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE']);

/** The host header is not trusted for anything, so URLs are built on a fixed origin. */
const ORIGIN = 'http://tenet.internal';

function brokenRequest(req: IncomingMessage): BrokenRequest {
  const id = req.headers['x-request-id'];
  return { method: req.method ?? null, path: req.url ?? null, requestId: typeof id === 'string' ? id : null, clientAddress: req.socket.remoteAddress };
}

function methodNotServed(method: string): ServiceError {
  return new ServiceError('method_not_allowed', `${method} is not served by Tenet; the methods of each path are listed in /v1/openapi.json.`);
}

/** What node's parser reported, as the envelope's error. */
function parserError(error: NodeJS.ErrnoException): ServiceError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('headers_too_large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError('request_timeout', 'The request was not received in time.');
    default:
      return new ServiceError('invalid_request', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}); check the request line, headers and body framing.`);
  }
}

/** A refusal written straight to a socket whose request node could not parse; the connection is closed after it. */
function writeRaw(socket: Duplex, answer: RefusedAnswer): void {
  const body = Buffer.from(answer.body, 'utf8');
  let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n`;
  for (const [name, value] of Object.entries(answer.headers)) head += `${name}: ${value}\r\n`;
  head += `content-length: ${body.byteLength}\r\nconnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}

function writeRefusal(res: ServerResponse, answer: RefusedAnswer, method: string | null): void {
  const body = method?.toUpperCase() === 'HEAD' ? undefined : Buffer.from(answer.body, 'utf8');
  res.shouldKeepAlive = false;
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body?.byteLength ?? 0) });
  res.end(body);
}

/**
 * The web Request the platform sees: srvx's NodeRequest, a view of node's message that builds nothing until asked
 * (headers are read from node's parsed headers, the URL from the request target on the fixed origin); a full fetch
 * Request (URL parse, a Headers copy, an AbortSignal) cost more than the platform's own work on a small request.
 * Anything else asked of it (a body stream, a signal) is built then. The body is read from the message itself.
 */
function toRequest(req: IncomingMessage, res: ServerResponse): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const target = req.url ?? '/';
  const request = viewOfNodeRequest(req, res, target, ORIGIN);
  if (method !== 'GET' && method !== 'HEAD') attachNodeBody(request, req);
  return request;
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Answered before the whole body arrived (401 before reading, 413, 408): close rather than drain the rest.
  if (!req.complete) res.shouldKeepAlive = false;
  // srvx's FastResponse (h3's answers and the platform's envelopes) hands its parts over without a body stream.
  const parts = nodeParts(response);
  if (parts !== null) {
    // Text and bytes go to the socket as they are; anything else (a stream) is read in full as below.
    const body = parts.body;
    if (body === null || body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
      res.writeHead(parts.status, parts.headers);
      // Lent bytes go back to their sink once node has handed them to the system, never before.
      if (body instanceof LentBytes) res.end(body, () => body.giveBack());
      else res.end(body ?? undefined);
      return;
    }
    response = new Response(body as ReadableStream<Uint8Array>, { status: parts.status, statusText: parts.statusText, headers: pairs(parts.headers) });
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? null : Buffer.from(await response.arrayBuffer());
  if (body !== null) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

function pairs(flat: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** What the server needs of the app; `refuse` is optional for bare baselines (benchmarks), which get no refusals. */
export type ServedApp = Pick<HttpApp, 'fetch'> & Partial<Pick<HttpApp, 'refuse' | 'h3'>>;

export async function listen(app: ServedApp, host: string, port: number, logger: Logger): Promise<RunningServer> {
  const refuse = (error: ServiceError, broken: BrokenRequest): RefusedAnswer | null => (app.refuse === undefined ? null : app.refuse(error, broken));
  // Node would answer a missing Host itself, bare; request-head.ts refuses it (and too many header fields) instead.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    let request: Request;
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      if (UNCARRIED_METHODS.has(method)) throw methodNotServed(method);
      const problem = headProblem(req);
      if (problem !== null) throw problem;
      request = toRequest(req, res);
    } catch (error) {
      const refusal = error instanceof ServiceError ? error : new ServiceError('invalid_request', 'The request target is not a valid path; send an origin-form path such as /v1/health.');
      const answer = refuse(refusal, brokenRequest(req));
      if (answer === null) {
        res.writeHead(400, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end('bad request');
      } else writeRefusal(res, answer, req.method ?? null);
      return;
    }
    app
      .fetch(request, { clientAddress: req.socket.remoteAddress, givesBackLentBodies: true })
      .then((response) => writeResponse(response, req, res))
      .catch((error: unknown) => {
        logger.error('failed to write response', { error: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end();
      });
  });
  // Node's parser refused the request: answer with the envelope when the socket can still take it.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As node's own handler does: a response already on its way on this socket must not be interleaved with another.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    const answer = refuse(parserError(error), { method: null, path: null, requestId: null, clientAddress: (socket as Socket).remoteAddress });
    if (answer === null) socket.destroy();
    else writeRaw(socket, answer);
  });
  // An Expect other than 100-continue (node would answer a bare 417).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const answer = refuse(headProblem(req) ?? new ServiceError('expectation_failed'), brokenRequest(req));
    if (answer === null) {
      res.writeHead(417, { 'cache-control': 'no-store' });
      res.end();
    } else writeRefusal(res, answer, req.method ?? null);
  });
  // CONNECT (node hands it over as a tunnel request): Tenet is no proxy.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const answer = refuse(methodNotServed('CONNECT'), brokenRequest(req));
    if (answer === null) socket.destroy();
    else writeRaw(socket, answer);
  });
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = NODE_MAX_HEADERS_COUNT;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would otherwise hold close() open until they time out.
        server.closeIdleConnections();
      }),
  };
}
