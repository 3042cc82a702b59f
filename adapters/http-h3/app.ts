/**
 * The HTTP platform: one h3 app whose single middleware gives every response the same treatment —
 * request id, cache-control, CORS, envelopes, error mapping, body limits, `as_of`, auth and request logs —
 * and dispatches to the declarative routes (route.ts) through the router (router.ts).
 */
import { H3 } from 'h3';
import * as v from 'valibot';
import type { H3Event } from 'h3';
import { performance } from 'node:perf_hooks';
import type { ServiceConfig } from '../../core/domain/config.js';
import { ServiceError } from '../../core/domain/errors.js';
import type { AuthGate, AuthOutcome, Principal } from '../../core/ports/auth-gate.js';
import type { Logger } from '../../core/ports/logger.js';
import type { RequestObserver } from '../../core/ports/request-observer.js';
import { BodySlots, checkDeclaredLength, hasNoBody, parseJsonBody, readLimited } from './body.js';
import { TrustedProxies } from './client-address.js';
import { presentedKey } from './credentials.js';
import { allowedOrigin, corsPreflightHeaders, corsResponseHeaders } from './cors.js';
import { errorEnvelope, JSON_CONTENT_TYPE, meta, successEnvelope, type Envelope } from './envelope.js';
import { LentBytes } from './byte-sink.js';
import { rateLimitHeaders } from './error-http.js';
import { requestIdFor } from './request-id.js';
import { routeScope, successStatus, type RouteContext, type RouteDefinition } from './route.js';
import { Router, type RouteMatch } from './router.js';
import { validatePart } from '../../core/api/validate.js';
import { fastResponse, urlOf } from './srvx.js';

export interface HttpAppDeps {
  config: Pick<ServiceConfig, 'environment' | 'maxBodyBytes' | 'corsAllowedOrigins' | 'trustedProxies' | 'bodyTimeoutMs' | 'maxConcurrentBodies'>;
  routes: readonly RouteDefinition[];
  authGate: AuthGate;
  logger: Logger;
  observers: readonly RequestObserver[];
  /** A route's declared `needs`, resolved by the composition (composition/route-deps.ts). */
  routeDeps: (route: RouteDefinition) => Record<string, unknown>;
}

export interface HttpApp {
  h3: H3;
  /**
   * In-process entry point (tests, embedders) and the node server's entry point. `clientAddress` is the socket
   * peer; without it the client is 'unknown' (x-forwarded-for is only believed from a trusted proxy peer).
   * `givesBackLentBodies`: the caller writes LentBytes bodies and gives their blocks back (the node server does);
   * anyone else gets a copy of a lent answer's bytes and its block is kept for the next answer.
   */
  fetch(request: Request, options?: FetchOptions): Promise<Response>;
  /**
   * An error answer for a request too broken to reach the router (node parser errors, methods the fetch API
   * cannot carry): the same envelope, headers, log line and request record as any other answer.
   */
  refuse(error: ServiceError, request: BrokenRequest): RefusedAnswer;
}

export interface FetchOptions {
  clientAddress?: string;
  givesBackLentBodies?: boolean;
}

/** What is known of a request the server could not turn into a web Request. */
export interface BrokenRequest {
  method: string | null;
  path: string | null;
  requestId: string | null;
  clientAddress?: string;
}

export interface RefusedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The liveness route answers 200 whenever the process serves, whatever its query (as_of included). */
const LIVENESS_PATH = '/v1/health';
/** Security headers on every answer: browsers must not second-guess the declared content type. */
const NOSNIFF = 'nosniff';

const RESERVED_PARAMETER = 'as_of';

function rejectAsOf(): never {
  throw new ServiceError('unsupported_parameter', 'as_of: the parameter is reserved for point-in-time retrieval and is not supported yet');
}

const EMPTY_BODY = new Uint8Array(0);

/** A route whose body schema needs a value, sent nothing: say what to send instead of the validator's wording. */
function requireBody(route: RouteDefinition): void {
  if (route.body === undefined || v.safeParse(route.body, undefined).success) return;
  throw new ServiceError(
    'invalid_request',
    `body: is required: send a JSON object with content-type: application/json (its fields are the requestBody of ${route.operationId} in /v1/openapi.json)`,
  );
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = out[key];
    out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

interface RequestState {
  requestId: string;
  clientIp: string;
  principal: Principal | null;
  extraHeaders: Record<string, string>;
  match: RouteMatch | null;
  errorCode: string | null;
  rejectedKeyId: string | null;
}

/** The authenticated caller, and its rate-limit window as headers on whatever the request gets. */
function admit(state: RequestState, outcome: AuthOutcome): void {
  state.principal = outcome.principal;
  if (outcome.rateLimit !== undefined) Object.assign(state.extraHeaders, rateLimitHeaders(outcome.rateLimit));
}

function newState(requestIdHeader: string | null, clientIp: string): RequestState {
  return { requestId: requestIdFor(requestIdHeader), clientIp, principal: null, extraHeaders: {}, match: null, errorCode: null, rejectedKeyId: null };
}

export function createHttpApp(deps: HttpAppDeps): HttpApp {
  const router = new Router(deps.routes);
  const { environment, maxBodyBytes, corsAllowedOrigins } = deps.config;
  const bodyLimits = { maxBytes: maxBodyBytes, timeoutMs: deps.config.bodyTimeoutMs };
  const bodySlots = new BodySlots(deps.config.maxConcurrentBodies);
  const proxies = new TrustedProxies(deps.config.trustedProxies);
  const routeDeps = deps.routeDeps;

  /** No route for the method: 405 when the path has routes, else 404, behind a key on /v1 (spec rule 6). */
  async function noRoute(request: Request, method: string, pathname: string, state: RequestState): Promise<never> {
    const allowed = router.methodsFor(pathname);
    if (allowed.length > 0) {
      throw new ServiceError('method_not_allowed', `${method} is not allowed on ${pathname}; use ${allowed.join(' or ')} (see /v1/openapi.json).`, {
        allowedMethods: allowed,
      });
    }
    if (pathname === '/v1' || pathname.startsWith('/v1/')) {
      const outcome = await deps.authGate.authenticate({ presentedKey: presentedKey(request.headers), clientIp: state.clientIp, scope: 'rules:read', method, route: 'unknown' });
      admit(state, outcome);
    }
    throw new ServiceError('not_found', `No route for ${method} ${pathname}; the routes are listed in /v1/openapi.json.`);
  }

  /** The body bytes of a route that takes a body, read under the size and time limits in one of the body slots. */
  async function readBody(request: Request, route: RouteDefinition): Promise<Uint8Array> {
    if (route.body === undefined && route.parseBody !== false) return EMPTY_BODY;
    if (hasNoBody(request)) return EMPTY_BODY;
    bodySlots.acquire();
    try {
      return await readLimited(request, bodyLimits);
    } finally {
      bodySlots.release();
    }
  }

  /**
   * The request pipeline, step by step (each step is a named function below; any step may throw a ServiceError,
   * which `handle` turns into the error envelope): CORS preflight, the announced body size, the route, the key,
   * the query, the body (read, parsed, validated), the handler, the envelope.
   */
  async function dispatch(request: Request, url: URL, state: RequestState, log: Logger): Promise<Response | Envelope> {
    const method = request.method.toUpperCase();
    const preflight = answerPreflight(request, method, url);
    if (preflight !== null) return preflight;
    // An announced oversized body is refused before anything else, on every path: nothing is read for it.
    checkDeclaredLength(request.headers, maxBodyBytes);
    state.match = router.match(method, url.pathname);
    if (state.match === null) return noRoute(request, method, url.pathname, state);
    const { route, params: rawParams } = state.match;
    // The key first: a client without one never gets the server to receive its body.
    await authenticate(request, method, route, state);
    const query = readQuery(url, route);
    const bytes = await readBody(request, route);
    const body = parseBody(request, route, bytes);
    const ctx: RouteContext<any, any, any> = {
      params: route.params !== undefined ? validatePart(route.params, rawParams, 'path') : rawParams,
      query: route.query !== undefined ? validatePart(route.query, query, 'query') : query,
      body,
      principal: state.principal,
      requestId: state.requestId,
      clientIp: state.clientIp,
      log,
      request,
      rawBody: bytes,
      setHeader: (name, value) => {
        state.extraHeaders[name.toLowerCase()] = value;
      },
    };
    return runHandler(route, ctx, state);
  }

  /** OPTIONS on a known path: the CORS preflight answer (204), before any other step. */
  function answerPreflight(request: Request, method: string, url: URL): Response | null {
    if (method !== 'OPTIONS' || !router.hasPath(url.pathname)) return null;
    const origin = allowedOrigin(request.headers.get('origin'), corsAllowedOrigins);
    return new Response(null, { status: 204, headers: origin === null ? {} : corsPreflightHeaders(origin) });
  }

  /** The route's scope checked against the presented key (public routes skip it); the rate-limit window kept. */
  async function authenticate(request: Request, method: string, route: RouteDefinition, state: RequestState): Promise<void> {
    const scope = routeScope(route);
    if (scope === null) return;
    const outcome = await deps.authGate.authenticate({ presentedKey: presentedKey(request.headers), clientIp: state.clientIp, scope, method, route: route.path });
    admit(state, outcome);
  }

  /** The query as an object (repeated names as arrays); `as_of` is refused except on the liveness route. */
  function readQuery(url: URL, route: RouteDefinition): Record<string, string | string[]> {
    const query = queryObject(url);
    if (RESERVED_PARAMETER in query && route.path !== LIVENESS_PATH) rejectAsOf();
    return query;
  }

  /** The body as the handler gets it: parsed and validated against the route's schema (a raw route parses its own). */
  function parseBody(request: Request, route: RouteDefinition, bytes: Uint8Array): unknown {
    if (route.body === undefined || route.parseBody === false) return undefined;
    const body = parseJsonBody(bytes, request.headers.get('content-type'));
    if (body === undefined) requireBody(route);
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && RESERVED_PARAMETER in body) rejectAsOf();
    return validatePart(route.body, body, 'body');
  }

  /** The handler with its declared services; its data in the success envelope (a raw route answers itself). */
  async function runHandler(route: RouteDefinition, ctx: RouteContext<any, any, any>, state: RequestState): Promise<Response | Envelope> {
    const services = routeDeps(route);
    if (route.rawResponse) return route.handler(ctx, services);
    const data = await route.handler(ctx, services);
    return successEnvelope(successStatus(route), data, meta(state.requestId, environment));
  }

  async function handle(event: H3Event, options: FetchOptions): Promise<Response> {
    const clientAddress = options.clientAddress;
    const started = performance.now();
    const request = event.req;
    // The node server's request carries its parsed target (server.ts); an in-process Request is parsed here.
    const url = urlOf(request);
    const state = newState(request.headers.get('x-request-id'), proxies.clientFor(request.headers.get('x-forwarded-for'), clientAddress));
    const log = deps.logger.child({ request_id: state.requestId });
    let outcome: Response | Envelope;
    try {
      outcome = await dispatch(request, url, state, log);
    } catch (error) {
      if (!(error instanceof ServiceError)) {
        log.error('unhandled error', { method: request.method, route: state.match?.route.path ?? null, error: describe(error) });
      }
      state.errorCode = error instanceof ServiceError ? error.code : 'internal_error';
      state.rejectedKeyId = error instanceof ServiceError ? error.keyId : null;
      outcome = errorEnvelope(error, meta(state.requestId, environment));
    }
    const response = outcome instanceof Response ? finalize(outcome, request, state) : finalizeEnvelope(outcome, request, state, options.givesBackLentBodies === true);
    record(request.method.toUpperCase(), response.status, state, started, log);
    return response;
  }

  function refuse(error: ServiceError, broken: BrokenRequest): RefusedAnswer {
    const started = performance.now();
    // Whatever x-forwarded-for it may carry is not read from a request that did not parse.
    const state = newState(broken.requestId, proxies.clientFor(null, broken.clientAddress));
    state.errorCode = error.code;
    const log = deps.logger.child({ request_id: state.requestId });
    const envelope = errorEnvelope(error, meta(state.requestId, environment));
    const headers = envelopeHeaders(envelope, null, state);
    if (error.code === 'method_not_allowed') headers.allow = router.methodsFor((broken.path ?? '').split('?')[0]).join(', ');
    record((broken.method ?? 'UNKNOWN').toUpperCase(), envelope.status, state, started, log);
    return { status: envelope.status, headers, body: envelope.json };
  }

  /**
   * The headers every response gets, over whatever the response carries: route headers, then the platform's.
   * CORS headers only where there is a request to read the origin from (not on a refused, unparsed one).
   */
  function platformHeaders(target: { set(name: string, value: string): void }, request: Request | null, state: RequestState): void {
    for (const name in state.extraHeaders) target.set(name, state.extraHeaders[name]);
    target.set('x-request-id', state.requestId);
    target.set('cache-control', 'no-store');
    target.set('x-content-type-options', NOSNIFF);
    if (request === null) return;
    const origin = allowedOrigin(request.headers.get('origin'), corsAllowedOrigins);
    if (origin !== null && request.method.toUpperCase() !== 'OPTIONS') {
      const cors = corsResponseHeaders(origin);
      for (const name in cors) target.set(name, cors[name]);
    }
  }

  /** A route's own Response: copied, since it may not be ours to change (immutable headers, HEAD body). */
  function finalize(response: Response, request: Request, state: RequestState): Response {
    const headers = new Headers(response.headers);
    platformHeaders(headers, request, state);
    return new Response(request.method.toUpperCase() === 'HEAD' ? null : response.body, { status: response.status, statusText: response.statusText, headers });
  }

  /**
   * An envelope becomes exactly one Response, serialised once, with every header in place. srvx's FastResponse
   * (the class h3 itself answers with) is a Response that keeps the JSON text: the node server writes the text
   * straight to the socket, and a native Response with a body stream is only built if someone reads it (tests).
   */
  function finalizeEnvelope(envelope: Envelope, request: Request, state: RequestState, givesBack: boolean): Response {
    const headers = envelopeHeaders(envelope, request, state);
    return fastResponse(request.method.toUpperCase() === 'HEAD' ? null : bodyFor(envelope.body, givesBack), { status: envelope.status, headers });
  }

  /** An envelope's headers: its content type, its own headers (an error's facts as headers), then the platform's. */
  function envelopeHeaders(envelope: Envelope, request: Request | null, state: RequestState): Record<string, string> {
    // Lower-cased names in a plain record, last write wins: the same outcome as Headers.set in order.
    const headers = Object.create(null) as Record<string, string>;
    headers['content-type'] = JSON_CONTENT_TYPE;
    const target = { set: (name: string, value: string) => void (headers[name.toLowerCase()] = value) };
    for (const name in envelope.headers) target.set(name, envelope.headers[name]);
    platformHeaders(target, request, state);
    return headers;
  }

  function record(method: string, status: number, state: RequestState, started: number, log: Logger): void {
    const duration = Math.round((performance.now() - started) * 1000) / 1000;
    const entry = {
      method,
      route: state.match?.route.path ?? null,
      status,
      duration_ms: duration,
      request_id: state.requestId,
      // A key rejected after it authenticated (rate limit, scope) is still attributed to its id.
      key_id: state.principal?.key_id ?? state.rejectedKeyId,
      error_code: state.errorCode,
      client_ip: state.clientIp,
    };
    log.info('request', { method: entry.method, route: entry.route, status: entry.status, duration_ms: entry.duration_ms, key_id: entry.key_id, error_code: entry.error_code });
    for (const observer of deps.observers) {
      try {
        observer.observe(entry);
      } catch (error) {
        log.warn('request observer failed', { error: describe(error) });
      }
    }
  }

  const h3 = new H3({ allowMalformedURL: true });
  h3.use((event) => handle(event, event.context as FetchOptions));

  return {
    h3,
    fetch: async (request, options) => h3.request(request, undefined, { clientAddress: options?.clientAddress, givesBackLentBodies: options?.givesBackLentBodies }) as Promise<Response>,
    refuse,
  };
}

/**
 * A lent body goes to a caller that gives it back (the node server) as it is; anyone else (in-process callers)
 * gets a copy of its bytes and the block goes back at once: a block nobody returns is a fresh 64 KB allocation
 * per answer.
 */
function bodyFor(body: string | Uint8Array, givesBack: boolean): string | Uint8Array {
  if (givesBack || !(body instanceof LentBytes)) return body;
  const copy = new Uint8Array(body);
  body.giveBack();
  return copy;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error);
}
