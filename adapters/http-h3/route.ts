/**
 * The declarative route API. One module per route exports `defineRoute({...})`; the platform (app.ts)
 * validates params/query/body with the valibot schemas, authenticates, wraps the returned data in the
 * success envelope and generates the OpenAPI operation from the same schemas (openapi.ts).
 *
 *   export default defineRoute({
 *     method: 'POST', path: '/v1/search', operationId: 'searchRules', summary: 'Search rules', tags: ['rules'],
 *     auth: { scope: 'rules:read' },
 *     body: SearchRequestSchema,
 *     responses: { 200: SearchResultsSchema },
 *     errors: ['not_found'],
 *     needs: (app) => ({ catalog: app.read.catalog }),
 *     handler: ({ body }, { catalog }) => searchRules(catalog.current(), body),
 *   });
 *
 * `needs` selects the services the handler uses from the app's typed services (composition/services.ts): the app
 * calls it once (on the route's first request) and passes what it returns as the handler's second argument, typed
 * from it. Handlers never look services up themselves. A service an app may not build is selected with
 * `app.has('read') ? app.read.runtime : undefined`.
 *
 * Paths: `:name` matches one segment; `**:name` matches one or more segments, slashes included, and may be
 * followed by literal segments. `/v1/rules/**:rule_id` receives `us/7-cfr/273.9#a` from both
 * `/v1/rules/us%2F7-cfr%2F273.9%23a` and `/v1/rules/us/7-cfr/273.9%23a`; `/v1/rules/**:rule_id/sources`
 * takes `/v1/rules/us/7-cfr/273.9/sources` (a more literal pattern wins, see router.ts). Params reach the
 * handler percent-decoded (`#` must be sent as %23). In OpenAPI `**:name` becomes `{name}`.
 */
import type * as v from 'valibot';
import type { ErrorCode } from '../../core/domain/errors.js';
import { DEFAULT_SCOPE } from '../../core/domain/keys/scopes.js';
import type { Principal } from '../../core/ports/auth-gate.js';
import type { Logger } from '../../core/ports/logger.js';
import type { RouteServices } from '../../composition/services.js';
import type { JsonBytes, JsonText } from './envelope.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AnySchema = v.GenericSchema;
type Infer<S, Otherwise> = S extends AnySchema ? v.InferOutput<S> : Otherwise;
/** Without a params schema a handler gets the decoded path params; without a query schema, the raw query. */
type Ctx<PS, QS, BS> = RouteContext<Infer<PS, Record<string, string>>, Infer<QS, Record<string, string | string[]>>, Infer<BS, undefined>>;
type Input<S> = S extends AnySchema ? v.InferInput<S> : never;

/** 'public' needs no key; otherwise the scope the key must hold. The default is { scope: 'rules:read' }. */
export type RouteAuth = 'public' | { scope: string };

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present on every non-public route. */
  principal: Principal | null;
  requestId: string;
  clientIp: string;
  log: Logger;
  /** The original request (headers etc.). Its body stream has already been consumed: use `rawBody`. */
  request: Request;
  /** The body bytes, read under MAX_BODY_BYTES and BODY_TIMEOUT_MS; empty when there is none, and on routes without `body`. */
  rawBody: Uint8Array;
  /** Adds a header to the response (success or error). */
  setHeader(name: string, value: string): void;
}

/** A route's dependencies: a name per service. */
export type RouteNeeds = Record<string, unknown>;

/** A route that declares no `needs`. */
type NoNeeds = Record<never, never>;

interface RouteBase<PS, QS, BS, N> {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth?: RouteAuth;
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * false: the platform only enforces the size limit and leaves parsing to the handler (`rawBody`, e.g. with
   * parseJsonBody from body.ts), for routes that answer bad bodies in their own format (the compatibility
   * endpoint). `body` then only documents the request in OpenAPI and `ctx.body` is undefined.
   */
  parseBody?: boolean;
  /** Error codes this route itself raises; the platform adds its own (validation, auth, 413, 500). */
  errors?: ErrorCode[];
  /** Schemas of `data` for error codes that carry it (e.g. not_ready). */
  errorData?: Partial<Record<ErrorCode, AnySchema>>;
  deprecated?: boolean;
  /**
   * A Tenet extension outside the specification's endpoint table (an issue asked for it): the OpenAPI operation
   * carries `x-tenet-extension: <where it is documented>`, and the conformance test accepts it.
   */
  extension?: string;
  /** Selects the services the handler uses (see the file comment); none when omitted. */
  needs?: (app: RouteServices) => N;
}

export interface EnvelopedRoute<PS, QS, BS, RS extends AnySchema, N = NoNeeds> extends RouteBase<PS, QS, BS, N> {
  rawResponse?: false;
  successStatus?: 200 | 201 | 202;
  /** Schema of `data` in the success envelope, keyed by the success status. */
  responses: { [status: number]: RS };
  /** The data, or its JSON already written (JsonText or JsonBytes from envelope.ts, for large answers). */
  handler: (ctx: Ctx<PS, QS, BS>, deps: N) => Promise<Input<RS> | JsonText | JsonBytes> | Input<RS> | JsonText | JsonBytes;
}

/**
 * A route answering with its own Response (the OpenAPI document, HTML pages, the compatibility endpoint).
 * The platform still adds x-request-id, cache-control and CORS headers and turns thrown errors into the
 * standard error envelope. `responses` documents bare bodies by status; `contentType` their media type.
 */
export interface RawRoute<PS, QS, BS, N = NoNeeds> extends RouteBase<PS, QS, BS, N> {
  rawResponse: true;
  contentType?: string;
  responses: { [status: number]: AnySchema };
  handler: (ctx: Ctx<PS, QS, BS>, deps: N) => Promise<Response> | Response;
}

export type RouteDefinition = EnvelopedRoute<any, any, any, AnySchema, any> | RawRoute<any, any, any, any>;

export function defineRoute<
  RS extends AnySchema,
  PS extends AnySchema | undefined = undefined,
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  N extends RouteNeeds = NoNeeds,
>(route: EnvelopedRoute<PS, QS, BS, RS, N>): RouteDefinition;
export function defineRoute<
  PS extends AnySchema | undefined = undefined,
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  N extends RouteNeeds = NoNeeds,
>(route: RawRoute<PS, QS, BS, N>): RouteDefinition;
export function defineRoute(route: RouteDefinition): RouteDefinition {
  return route;
}

export function routeScope(route: RouteDefinition): string | null {
  const auth = route.auth ?? { scope: DEFAULT_SCOPE };
  return auth === 'public' ? null : auth.scope;
}

const successStatuses = new WeakMap<RouteDefinition, number>();

/** The route's success status: its `successStatus`, else its lowest documented 2xx, else 200. */
export function successStatus(route: RouteDefinition): number {
  let status = successStatuses.get(route);
  if (status === undefined) {
    const statuses = Object.keys(route.responses).map(Number).filter((s) => s >= 200 && s < 300);
    status = !route.rawResponse && route.successStatus !== undefined ? route.successStatus : statuses.length > 0 ? Math.min(...statuses) : 200;
    successStatuses.set(route, status);
  }
  return status;
}

/** `/v1/rules/**:rule_id/x` style pattern -> OpenAPI `/v1/rules/{rule_id}/x`. */
export function openApiPath(path: string): string {
  return path.replace(/\*\*:([A-Za-z0-9_]+)/g, '{$1}').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/(?:\*\*)?:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}
