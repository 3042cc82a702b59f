/**
 * Serves an HttpApp with node:http. The web Request carries no body stream: the platform reads the body from
 * node's message itself (node-body.ts), only on routes that take one, and stops at the size limit (413), the
 * rest being drained and discarded instead of buffered.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../core/ports/logger.js';
import type { HttpApp } from './app.js';
import { attachNodeBody } from './node-body.js';

/** The host header is not trusted for anything, so URLs are built on a fixed origin. */
const ORIGIN = 'http://tenet.internal';

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const target = req.url ?? '/';
  const request = new Request(target.startsWith('/') ? `${ORIGIN}${target}` : new URL(target, ORIGIN), { method, headers });
  if (method !== 'GET' && method !== 'HEAD') attachNodeBody(request, req);
  return request;
}

/** srvx's FastResponse (h3's answers and the platform's envelopes) hands its parts over without a body stream. */
interface NodeReadyResponse {
  _toNodeResponse(): { status: number; statusText: string; headers: string[]; body: unknown };
}

function isNodeReady(response: Response): response is Response & NodeReadyResponse {
  return typeof (response as Partial<NodeReadyResponse>)._toNodeResponse === 'function';
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  if (isNodeReady(response)) {
    // Text and bytes go to the socket as they are; anything else (a stream) is read in full as below.
    const parts = response._toNodeResponse();
    const body = parts.body;
    if (body === null || body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
      res.writeHead(parts.status, parts.headers);
      res.end(body ?? undefined);
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

export async function listen(app: HttpApp, host: string, port: number, logger: Logger): Promise<RunningServer> {
  const server = createServer((req, res) => {
    let request: Request;
    try {
      request = toRequest(req);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      res.end('bad request target');
      return;
    }
    app
      .fetch(request, { clientAddress: req.socket.remoteAddress })
      .then((response) => writeResponse(response, res))
      .catch((error: unknown) => {
        logger.error('failed to write response', { error: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end();
      });
  });
  server.keepAliveTimeout = 5_000;
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
