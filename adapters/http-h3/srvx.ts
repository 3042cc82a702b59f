/**
 * Every use of srvx, and of what srvx keeps on its objects, in one place. The platform depends on three of its
 * internals for speed; if a srvx release changes one, this file is what changes:
 *
 * - `NodeRequest` (srvx/node): a web Request that is a view of node's message and builds nothing until asked
 *   (a full fetch Request, with its URL parse, header copy and abort signal, costs about 8 µs a request);
 * - its `_url` field: the request's URL, which srvx reads instead of parsing `request.url` again, set here from
 *   the request target on a fixed origin with srvx's `FastURL`;
 * - `FastResponse` and its `_toNodeResponse()`: a Response that keeps its text or bytes, which the node server
 *   writes to the socket without a body stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastResponse } from 'srvx';
import { FastURL, NodeRequest } from 'srvx/node';

/** A Response the node server writes without a body stream: `body` as it is (text, bytes or lent bytes). */
export function fastResponse(body: string | Uint8Array | null, init: { status: number; headers: Record<string, string> }): Response {
  return new FastResponse(body, init);
}

/** The web Request for a node message: srvx's lazy view, its URL the request target on `origin`. */
export function viewOfNodeRequest(req: IncomingMessage, res: ServerResponse, target: string, origin: string): Request {
  const request = new NodeRequest({ req, res }) as Request & { _url: URL };
  request._url = target.startsWith('/') ? new FastURL(`${origin}${target}`) : new URL(target, origin);
  return request;
}

/** The request's URL: the one the node server set (above), else parsed from `request.url` (in-process requests). */
export function urlOf(request: Request): URL {
  return (request as Request & { _url?: URL })._url ?? new URL(request.url);
}

/** A FastResponse's parts, as srvx hands them to node; null for any other Response. */
export function nodeParts(response: Response): { status: number; statusText: string; headers: string[]; body: unknown } | null {
  const ready = response as Response & { _toNodeResponse?: () => { status: number; statusText: string; headers: string[]; body: unknown } };
  return typeof ready._toNodeResponse === 'function' ? ready._toNodeResponse() : null;
}
