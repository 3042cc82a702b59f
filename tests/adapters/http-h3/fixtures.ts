/** Test-only routes that exercise the platform (bodies, queries, catch-all params, failures). */
import * as v from 'valibot';
import { ServiceError } from '../../../core/domain/errors.js';
import { parseJsonBody } from '../../../adapters/http-h3/body.js';
import { jsonResponse } from '../../../adapters/http-h3/envelope.js';
import { defineRoute } from '../../../adapters/http-h3/route.js';

export const EchoBody = v.strictObject({
  query: v.pipe(v.string('must be a string'), v.trim(), v.minLength(2, 'must be 2-500 characters'), v.maxLength(500, 'must be 2-500 characters')),
  limit: v.optional(v.pipe(v.number('must be a number'), v.finite('must be finite'))),
  tags: v.optional(v.array(v.pipe(v.string(), v.maxLength(5, 'must be at most 5 characters')))),
});

export const echoRoute = defineRoute({
  method: 'POST',
  path: '/v1/test/echo',
  operationId: 'testEcho',
  summary: 'echo the validated body',
  tags: ['test'],
  auth: 'public',
  body: EchoBody,
  responses: { 200: v.strictObject({ query: v.string(), limit: v.optional(v.number()), tags: v.optional(v.array(v.string())) }) },
  handler: ({ body }) => body,
});

export const createdRoute = defineRoute({
  method: 'POST',
  path: '/v1/test/created',
  operationId: 'testCreated',
  summary: 'answers 201 with a header',
  tags: ['test'],
  auth: 'public',
  successStatus: 201,
  responses: { 201: v.strictObject({ id: v.string() }) },
  handler: ({ setHeader }) => {
    setHeader('location', '/v1/test/created/abc');
    return { id: 'abc' };
  },
});

export const boomRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/boom',
  operationId: 'testBoom',
  summary: 'throws an unexpected error',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({}) },
  handler: () => {
    throw new Error('database password is hunter2');
  },
});

export const notFoundRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/things/:thing_id',
  operationId: 'testThing',
  summary: 'a thing by id',
  tags: ['test'],
  auth: 'public',
  params: v.strictObject({ thing_id: v.pipe(v.string(), v.regex(/^[a-z]+$/, 'must be lowercase letters')) }),
  query: v.strictObject({ verbose: v.optional(v.picklist(['true', 'false'], 'must be true or false')) }),
  responses: { 200: v.strictObject({ id: v.string(), verbose: v.boolean() }) },
  errors: ['not_found'],
  handler: ({ params, query }) => {
    if (params.thing_id === 'missing') throw new ServiceError('not_found', `unknown thing: ${params.thing_id}`);
    return { id: params.thing_id, verbose: query.verbose === 'true' };
  },
});

export const ruleLikeRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/rules/**:rule_id',
  operationId: 'testRule',
  summary: 'catch-all param',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ rule_id: v.string() }) },
  handler: ({ params }) => ({ rule_id: params.rule_id }),
});

export const ruleSourcesLikeRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/rules/**:rule_id/sources',
  operationId: 'testRuleSources',
  summary: 'catch-all param followed by a literal segment',
  tags: ['test'],
  auth: { scope: 'sources:read' },
  responses: { 200: v.strictObject({ rule_id: v.string(), key_id: v.string() }) },
  handler: ({ params, principal }) => ({ rule_id: params.rule_id, key_id: principal?.key_id ?? '' }),
});

export const protectedRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/protected',
  operationId: 'testProtected',
  summary: 'needs the default scope (rules:read)',
  tags: ['test'],
  responses: { 200: v.strictObject({ key_id: v.string() }) },
  handler: ({ principal }) => ({ key_id: principal?.key_id ?? '' }),
});

export const clientRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/client',
  operationId: 'testClient',
  summary: 'reports the client address and request id the handler sees',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ client_ip: v.string(), request_id: v.string() }) },
  handler: ({ clientIp, requestId }) => ({ client_ip: clientIp, request_id: requestId }),
});

const CompatBody = v.strictObject({ household: v.record(v.string(), v.unknown()) });
const CompatError = v.strictObject({ status: v.literal('error'), message: v.string(), result: v.null() });

/** A raw route that parses its own body and answers bad bodies in its own envelope (like the compat endpoint). */
export const ownBodyRoute = defineRoute({
  method: 'POST',
  path: '/v1/test/own-body',
  operationId: 'testOwnBody',
  summary: 'parses its body itself',
  tags: ['test'],
  auth: 'public',
  rawResponse: true,
  body: CompatBody,
  parseBody: false,
  responses: { 200: v.strictObject({ status: v.literal('ok'), keys: v.array(v.string()) }), 400: CompatError },
  handler: ({ rawBody, request, body }) => {
    let parsed: unknown;
    try {
      parsed = parseJsonBody(rawBody, request.headers.get('content-type'));
    } catch (error) {
      return jsonResponse(400, { status: 'error', message: (error as Error).message, result: null });
    }
    const result = v.safeParse(CompatBody, parsed);
    if (!result.success || body !== undefined) return jsonResponse(400, { status: 'error', message: 'household: is required', result: null });
    return jsonResponse(200, { status: 'ok', keys: Object.keys(result.output.household) });
  },
});

export const protectedPostRoute = defineRoute({
  method: 'POST',
  path: '/v1/test/protected',
  operationId: 'testProtectedPost',
  summary: 'a protected route with a body',
  tags: ['test'],
  body: EchoBody,
  responses: { 200: v.strictObject({ query: v.string() }) },
  handler: ({ body }) => ({ query: body.query }),
});

export const driftRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/drift',
  operationId: 'testDrift',
  summary: 'returns data that does not match its schema',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ count: v.number() }) },
  handler: () => ({ count: 'three' }) as unknown as { count: number },
});

export const testRoutes = [protectedPostRoute, ownBodyRoute, clientRoute, echoRoute, createdRoute, boomRoute, notFoundRoute, ruleLikeRoute, ruleSourcesLikeRoute, protectedRoute];
