/**
 * Builds the OpenAPI 3.1 document from the route definitions, converting the same valibot schemas that
 * validate requests (via @valibot/to-json-schema, draft 2020-12). Built once at start-up.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { API_VERSION } from '../../core/domain/config.js';
import { ERROR_CODES, type ErrorCode } from '../../core/domain/errors.js';
import { httpStatus } from './error-http.js';
import { openApiPath, pathParamNames, routeScope, successStatus, type AnySchema, type RouteDefinition } from './route.js';
import { MetaSchema } from '../../core/api/schemas/common.js';

type Json = Record<string, any>;

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** Moves nested `$defs` into components.schemas and rewrites their references accordingly. */
class SchemaConverter {
  readonly components: Json = {};

  convert(schema: AnySchema, typeMode: 'input' | 'output'): Json {
    const converted = toJsonSchema(schema as v.GenericSchema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as Json;
    return this.#hoist(converted);
  }

  #hoist(node: Json): Json {
    const { $schema: _ignored, $defs, ...rest } = node;
    if ($defs && typeof $defs === 'object') {
      for (const [name, def] of Object.entries($defs as Record<string, JsonSchema>)) this.components[name] = rewriteRefs(def);
    }
    return rewriteRefs(rest);
  }
}

function rewriteRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(rewriteRefs) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(value);
  }
  return out as T;
}

function headerRefs(names: readonly string[]): Json {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Platform-added error codes for a route, on top of its declared `errors`. */
function platformErrors(route: RouteDefinition): ErrorCode[] {
  // Any request's head is checked before routing (request-head.ts): no Host on HTTP/1.1 or two Host lines is
  // invalid_request, more than 1,000 header fields headers_too_large.
  const codes: ErrorCode[] = ['unsupported_parameter', 'payload_too_large', 'headers_too_large', 'internal_error', 'invalid_request'];
  // Only routes that take a body read one: against a time limit and a cap on bodies read at once.
  if (route.body !== undefined || route.parseBody === false) codes.push('request_timeout', 'server_busy');
  if (routeScope(route) !== null) codes.push('unauthorized', 'insufficient_scope', 'rate_limited', 'auth_throttled', 'auth_not_configured', 'store_unavailable', 'trial_traffic_disabled');
  return codes;
}

function errorEnvelope(codes: ErrorCode[], dataSchema: Json | undefined): Json {
  const properties: Json = {
    status: { const: 'error' },
    error: {
      type: 'object',
      properties: { code: { enum: codes }, message: { type: 'string' } },
      required: ['code', 'message'],
      additionalProperties: false,
    },
    meta: { $ref: '#/components/schemas/Meta' },
  };
  if (dataSchema !== undefined) properties.data = dataSchema;
  else properties.data = {};
  return { type: 'object', properties, required: ['status', 'error', 'meta'], additionalProperties: false };
}

function parameters(route: RouteDefinition, converter: SchemaConverter): Json[] {
  const out: Json[] = [{ $ref: '#/components/parameters/RequestId' }];
  const pathSchemas: Json = route.params ? (converter.convert(route.params, 'input').properties ?? {}) : {};
  for (const name of pathParamNames(route.path)) {
    const catchAll = route.path.includes(`**:${name}`);
    out.push({
      name,
      in: 'path',
      required: true,
      schema: pathSchemas[name] ?? { type: 'string' },
      ...(catchAll ? { description: 'May contain slashes (sent literally or as %2F); send # as %23.' } : {}),
    });
  }
  if (route.query) {
    const query = converter.convert(route.query, 'input');
    const required = new Set<string>(query.required ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Json)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function operation(route: RouteDefinition, converter: SchemaConverter): Json {
  const scope = routeScope(route);
  const op: Json = {
    operationId: route.operationId,
    summary: route.summary,
    tags: route.tags,
    security: scope === null ? [] : [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
  };
  if (route.description) op.description = route.description;
  if (scope !== null) op['x-required-scope'] = scope;
  if (route.deprecated) op.deprecated = true;
  if (route.extension) op['x-tenet-extension'] = route.extension;
  op.parameters = parameters(route, converter);
  if (route.body) {
    // A schema that accepts `undefined` (v.optional(...)) makes the body optional.
    const required = !v.safeParse(route.body, undefined).success;
    op.requestBody = { required, content: { 'application/json': { schema: converter.convert(route.body, 'input') } } };
  }

  const commonHeaders = ['x-request-id', 'cache-control', ...(scope === null ? [] : RATE_LIMIT_HEADERS)];
  const responses: Json = {};
  const okStatus = successStatus(route);
  for (const [status, schema] of Object.entries(route.responses)) {
    const body = converter.convert(schema, 'output');
    const content = route.rawResponse
      ? { [route.contentType ?? 'application/json']: { schema: body } }
      : {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { const: 'ok' }, data: body, meta: { $ref: '#/components/schemas/Meta' } },
              required: ['status', 'data', 'meta'],
              additionalProperties: false,
            },
          },
        };
    responses[status] = { description: Number(status) === okStatus ? 'Success' : `Status ${status}`, headers: headerRefs(commonHeaders), content };
  }

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...(route.errors ?? []), ...platformErrors(route)])) {
    const status = httpStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    const dataSchemas = codes.map((c) => route.errorData?.[c]).filter((s): s is AnySchema => s !== undefined);
    const data = dataSchemas.length === 1 ? converter.convert(dataSchemas[0], 'output') : undefined;
    const own = responses[String(status)]?.content?.['application/json'];
    if (own !== undefined) {
      // A raw route's own body for this status, or the platform's envelope when the platform refuses first
      // (a malformed path, as_of in the query): either may come.
      own.schema = { anyOf: [own.schema, errorEnvelope(codes.sort(), data)] };
      responses[String(status)].description += ` (or the error envelope: ${codes.join(', ')})`;
      continue;
    }
    if (responses[String(status)]) continue; // a raw route documents another media type for this status
    const headers = [...commonHeaders, ...(status === 429 || codes.includes('server_busy') ? ['retry-after'] : []), ...(status === 401 ? ['www-authenticate'] : [])];
    responses[String(status)] = {
      description: codes.join(', '),
      headers: headerRefs(headers),
      content: { 'application/json': { schema: errorEnvelope(codes.sort(), data) } },
    };
  }
  op.responses = responses;
  return op;
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[]): Json {
  const converter = new SchemaConverter();
  const paths: Json = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    if (operationIds.has(route.operationId)) throw new Error(`duplicate operationId ${route.operationId} (${route.method} ${route.path})`);
    operationIds.add(route.operationId);
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, converter);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tenet rule service',
      version: API_VERSION,
      description: 'Search, read and calculate with rules encoded as code (RuleSpec v1). Calculation is experimental.',
    },
    tags: [...new Set(routes.flatMap((r) => r.tags))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Meta: converter.convert(MetaSchema, 'output'),
        // Answers that belong to no operation (unknown routes) use this envelope.
        ErrorEnvelope: errorEnvelope(Object.keys(ERROR_CODES).sort() as ErrorCode[], undefined),
        ...converter.components,
      },
      parameters: {
        RequestId: {
          name: 'x-request-id',
          in: 'header',
          required: false,
          description: 'Echoed in the x-request-id response header and meta.request_id when it is 1-128 characters of [A-Za-z0-9._:-]; otherwise a UUID is generated.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
        },
      },
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token. x-api-key wins when both are sent.' },
      },
      headers: {
        'x-request-id': { description: 'Echo of a valid client x-request-id, else a server UUID; equals meta.request_id.', schema: { type: 'string' }, required: true },
        'cache-control': { description: 'Always no-store.', schema: { const: 'no-store' }, required: true },
        'x-ratelimit-limit': { description: 'Requests allowed in the current window.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        'x-ratelimit-remaining': { description: 'Requests left in the current window.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        'x-ratelimit-reset': { description: 'Unix time (seconds) at which the current window ends.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        'retry-after': { description: 'Seconds to wait before retrying.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        'www-authenticate': {
          description: 'The schemes that can satisfy a 401 (RFC 9110 section 11.6.1): Bearer, and the x-api-key header.',
          schema: { type: 'string' },
          required: true,
        },
      },
    },
  };
}
