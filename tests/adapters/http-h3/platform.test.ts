import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonLogger, MemoryLogSink } from '../../../adapters/logging/json-logger.js';
import type { RequestRecord } from '../../../core/ports/request-observer.js';
import { ContractViolation, createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { driftRoute, testRoutes } from './fixtures.js';

const reader = testKey('reader-one', ['rules:read']);
const sink = new MemoryLogSink();
const observed: RequestRecord[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([reader.entry]), CORS_ALLOWED_ORIGINS: 'https://app.example.org', MAX_BODY_BYTES: '1024' },
    overrides: {
      extraRoutes: testRoutes,
      logger: new JsonLogger(sink),
      observers: [
        { observe: (record) => observed.push(record) },
        {
          observe: () => {
            throw new Error('a broken observer must not break responses');
          },
        },
      ],
    },
  });
});
afterAll(async () => t.close());

describe('envelopes and common headers', () => {
  it('wraps data in the success envelope with meta and no-store', async () => {
    const res = await t.request('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      data: { service: 'tenet', live: true },
      meta: { request_id: res.headers.get('x-request-id'), api_version: '0.1.0', environment: 'local' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers unknown /v1 routes with 401 without a key (spec rule 6) and 404 with one', async () => {
    const anonymous = await t.request('GET', '/v1/does-not-exist');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const res = await t.request('GET', '/v1/does-not-exist', { headers: { 'x-request-id': 'trace-404', 'x-api-key': reader.key } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('/v1/openapi.json');
    const outside = await t.request('GET', '/favicon.ico');
    expect(outside.status).toBe(404);
    expect(res.body.status).toBe('error');
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.meta.request_id).toBe('trace-404');
    expect(res.headers.get('x-request-id')).toBe('trace-404');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a known path with the wrong method as 405 naming the allowed methods', async () => {
    const res = await t.request('DELETE', '/v1/health');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body.error.message).toContain('DELETE is not allowed on /v1/health; use GET or HEAD');
    const get = await t.request('GET', '/v1/test/echo');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('turns an unexpected error into a generic 500 and logs the detail with the request id', async () => {
    const res = await t.request('GET', '/v1/test/boom', { headers: { 'x-request-id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.body.error.message).not.toContain('hunter2');
    expect(res.body.error.message).toContain('boom-1');
    const logged = sink.entries().find((e) => e.request_id === 'boom-1' && e.level === 'error');
    expect(String(logged?.error)).toContain('hunter2');
  });

  it('maps a ServiceError to its table status and keeps its message', async () => {
    const res = await t.request('GET', '/v1/test/things/missing');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'unknown thing: missing' });
  });

  it('uses the declared success status and handler headers', async () => {
    const res = await t.request('POST', '/v1/test/created');
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/v1/test/created/abc');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.rawFetch(new Request('http://x/v1/health', { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('x-request-id', () => {
  it('echoes a valid client id of up to 128 characters', async () => {
    const id = `a.B_9:-${'x'.repeat(121)}`;
    expect(id).toHaveLength(128);
    const res = await t.request('GET', '/v1/health', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(res.body.meta.request_id).toBe(id);
  });

  it.each([['too long', 'x'.repeat(129)], ['bad characters', 'abc def'], ['slash', 'a/b'], ['empty', '']])('replaces an invalid id (%s) with a UUID', async (_label, id) => {
    const res = await t.request('GET', '/v1/health', { headers: { 'x-request-id': id } });
    const got = res.headers.get('x-request-id');
    expect(got).not.toBe(id);
    expect(got).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('generates distinct ids when none is sent', async () => {
    const a = await t.request('GET', '/v1/health');
    const b = await t.request('GET', '/v1/health');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('JSON bodies', () => {
  it('validates and passes the parsed body to the handler', async () => {
    const res = await t.request('POST', '/v1/test/echo', { json: { query: '  snap  ', limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ query: 'snap', limit: 5 });
  });

  it('rejects malformed JSON with 400 invalid_request naming the problem', async () => {
    const res = await t.request('POST', '/v1/test/echo', { body: '{"query": "sn', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toMatch(/^body: malformed JSON/);
  });

  it('rejects bytes that are not UTF-8 and reads a body that starts with a byte-order mark', async () => {
    const invalid = await t.request('POST', '/v1/test/echo', { body: new Uint8Array([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('body: malformed JSON (not valid UTF-8)');
    const bom = await t.request('POST', '/v1/test/echo', { body: new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"query":"snap"}')]), headers: { 'content-type': 'application/json' } });
    expect(bom.status).toBe(200);
    expect(bom.body.data).toEqual({ query: 'snap' });
  });

  it('rejects a JSON array where the body must be an object', async () => {
    const res = await t.request('POST', '/v1/test/echo', { json: [{ query: 'snap' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toBe('body: must be a JSON object, not an array');
  });

  it('rejects a wrong content type with 400 naming it', async () => {
    const res = await t.request('POST', '/v1/test/echo', { body: 'query=snap', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toBe('content-type must be application/json (received application/x-www-form-urlencoded)');
  });

  it('rejects a body without a content type', async () => {
    const res = await t.request('POST', '/v1/test/echo', { body: '{"query":"snap"}' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('content-type must be application/json');
  });

  it('names field and constraint on validation failures', async () => {
    const short = await t.request('POST', '/v1/test/echo', { json: { query: 'a' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('query: must be 2-500 characters');
    const nested = await t.request('POST', '/v1/test/echo', { json: { query: 'ok', tags: ['fine', 'toolong'] } });
    expect(nested.body.error.message).toBe('tags[1]: must be at most 5 characters');
    const missing = await t.request('POST', '/v1/test/echo', { json: {} });
    expect(missing.body.error.message).toBe('query: is required');
    const empty = await t.request('POST', '/v1/test/echo', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(
      'body: is required: send a JSON object with content-type: application/json (its fields are the requestBody of testEcho in /v1/openapi.json)',
    );
  });

  it('validates path params and query strings with the route schemas', async () => {
    const bad = await t.request('GET', '/v1/test/things/ABC');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('thing_id: must be lowercase letters');
    const query = await t.request('GET', '/v1/test/things/abc?verbose=maybe');
    expect(query.body.error.message).toBe('verbose: must be true or false');
    const ok = await t.request('GET', '/v1/test/things/abc?verbose=true');
    expect(ok.body.data).toEqual({ id: 'abc', verbose: true });
  });
});

describe('routes that parse their own body (parseBody: false)', () => {
  it('receive the raw bytes and answer bad bodies in their own format', async () => {
    const ok = await t.request('POST', '/v1/test/own-body', { json: { household: { people: {} } } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok', keys: ['people'] });
    const malformed = await t.request('POST', '/v1/test/own-body', { body: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe('error');
    expect(malformed.body.message).toMatch(/^body: malformed JSON/);
    const invalid = await t.request('POST', '/v1/test/own-body', { json: { nothing: 1 } });
    expect(invalid.body).toEqual({ status: 'error', message: 'household: is required', result: null });
  });

  it('still get the platform size limit', async () => {
    const res = await t.request('POST', '/v1/test/own-body', { body: 'x'.repeat(5000), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('as_of is reserved', () => {
  it('rejects as_of in the query string', async () => {
    const res = await t.request('GET', '/v1/version?as_of=2024-01-01');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_parameter');
    expect(res.body.error.message).toContain('as_of');
  });

  it('rejects as_of in a JSON body', async () => {
    const res = await t.request('POST', '/v1/test/echo', { json: { query: 'snap', as_of: '2024-01-01' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_parameter');
  });
});

describe('body size limit (1024 bytes here)', () => {
  it('refuses an announced oversized body before reading it', async () => {
    const res = await t.request('POST', '/v1/test/echo', { body: 'x'.repeat(2000), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('accepts a body at the limit', async () => {
    const query = 'q'.repeat(400);
    const res = await t.request('POST', '/v1/test/echo', { json: { query, tags: [] } });
    expect(res.status).toBe(200);
  });

  it('stops reading a streamed 10 MB body soon after the limit', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const total = 10 * 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    }, { highWaterMark: 0 });
    const res = await t.request('POST', '/v1/test/echo', { body: stream, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    // Reading stopped within a few chunks of the limit: the 10 MB were never consumed, let alone buffered.
    expect(pulled).toBeLessThan(200 * 1024);
    expect(cancelled).toBe(true);
  });

  /** A body stream of `size` bytes in 256-byte chunks that counts what the server pulls. */
  function counted(size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= size) return controller.close();
          pulled += 256;
          controller.enqueue(new Uint8Array(256).fill(0x20));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  it('refuses a protected route without a key before reading any of its body', async () => {
    const anonymous = counted(4096);
    const refused = await t.request('POST', '/v1/test/protected', { body: anonymous.stream, headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    expect(anonymous.pulled()).toBe(0);
    const keyed = counted(4096);
    const big = await t.request('POST', '/v1/test/protected', { body: keyed.stream, headers: { 'content-type': 'application/json', 'x-api-key': reader.key } });
    expect(big.status).toBe(413);
  });

  it('does not read bodies sent to routes that take none', async () => {
    const body = counted(5000);
    const res = await t.request('POST', '/v1/test/created', { body: body.stream, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(201);
    expect(body.pulled()).toBe(0);
  });
});

describe('CORS', () => {
  it('emits no access-control headers without an allowlisted origin', async () => {
    for (const headers of [{}, { origin: 'https://evil.example.com' }] as Record<string, string>[]) {
      const res = await t.request('GET', '/v1/health', { headers });
      expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
    const preflight = await t.request('OPTIONS', '/v1/health', { headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' } });
    expect([...preflight.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it('allows an allowlisted origin and exposes the request-id and rate-limit headers', async () => {
    const res = await t.request('GET', '/v1/health', { headers: { origin: 'https://app.example.org' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const name of ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) expect(exposed).toContain(name);
  });

  it('answers preflights for allowlisted origins with GET, POST and the allowed headers', async () => {
    const res = await t.request('OPTIONS', '/v1/test/echo', {
      headers: { origin: 'https://app.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type, authorization, x-api-key, x-request-id');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('path params', () => {
  it('hands a catch-all param the decoded remainder, slashes and # included', async () => {
    const encoded = await t.request('GET', '/v1/test/rules/us%2F7-cfr%2F273.9%23a');
    expect(encoded.body.data.rule_id).toBe('us/7-cfr/273.9#a');
    const literal = await t.request('GET', '/v1/test/rules/us/7-cfr/273.9%23a');
    expect(literal.body.data.rule_id).toBe('us/7-cfr/273.9#a');
  });

  it('prefers the more literal pattern for a trailing segment', async () => {
    const res = await t.request('GET', '/v1/test/rules/us/7-cfr/273.9/sources', { headers: { 'x-api-key': reader.key } });
    // The key lacks sources:read, which proves the sources route (not the catch-all) was chosen.
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('sources:read');
    const encoded = await t.request('GET', '/v1/test/rules/us%2Fsources');
    expect(encoded.body.data.rule_id).toBe('us/sources');
  });

  it('rejects malformed percent-encoding with 400', async () => {
    const res = await t.request('GET', '/v1/test/rules/bad%E0%A4');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('rule_id: malformed percent-encoding');
  });
});

describe('client address', () => {
  it('is the socket peer, x-forwarded-for ignored, when no proxy is trusted; unknown without a socket', async () => {
    const forwarded = await t.request('GET', '/v1/test/client', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, clientAddress: '10.0.0.2' });
    expect(forwarded.body.data.client_ip).toBe('10.0.0.2');
    const socket = await t.request('GET', '/v1/test/client', { clientAddress: '198.51.100.4' });
    expect(socket.body.data.client_ip).toBe('198.51.100.4');
    const mapped = await t.request('GET', '/v1/test/client', { clientAddress: '::ffff:198.51.100.4' });
    expect(mapped.body.data.client_ip).toBe('198.51.100.4');
    const none = await t.request('GET', '/v1/test/client', { headers: { 'x-request-id': 'rid-7', 'x-forwarded-for': '203.0.113.7' } });
    expect(none.body.data).toEqual({ client_ip: 'unknown', request_id: 'rid-7' });
  });
});

describe('request logs', () => {
  it('logs method, route pattern, status, duration, request id and key id, never the key', async () => {
    await t.request('GET', '/v1/test/protected', { headers: { 'x-api-key': reader.key, 'x-request-id': 'log-check' } });
    const line = sink.lines.find((l) => l.includes('"log-check"') && l.includes('"request"'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line as string);
    expect(entry).toMatchObject({ msg: 'request', method: 'GET', route: '/v1/test/protected', status: 200, request_id: 'log-check', key_id: 'reader-one' });
    expect(typeof entry.duration_ms).toBe('number');
    expect(sink.lines.join('\n')).not.toContain(reader.key);
  });
});

describe('request observers', () => {
  it('receive one record per response, isolated from failing observers', async () => {
    await t.request('GET', '/v1/test/protected', { headers: { 'x-request-id': 'obs-1' }, clientAddress: '192.0.2.5' });
    expect(observed.find((r) => r.request_id === 'obs-1')).toEqual({
      method: 'GET',
      route: '/v1/test/protected',
      status: 401,
      duration_ms: expect.any(Number),
      request_id: 'obs-1',
      key_id: null,
      error_code: 'unauthorized',
      client_ip: '192.0.2.5',
    });
    expect(sink.entries().some((e) => e.request_id === 'obs-1' && e.msg === 'request observer failed')).toBe(true);
  });
});

describe('the contract harness', () => {
  it('fails a response that drifts from its schema', async () => {
    const drift = await createTestApp({ overrides: { extraRoutes: [driftRoute] } });
    await expect(drift.request('GET', '/v1/test/drift')).rejects.toThrow(ContractViolation);
    await drift.close();
  });
});
