/** Issue #13 (defects 3, 4, 7, 8, 10) in-process: bodies, nesting, headers, the health route, unknown routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { testRoutes } from './fixtures.js';

const reader = testKey('reader-one', ['rules:read']);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([reader.entry]), BODY_TIMEOUT_MS: '50' },
    overrides: { extraRoutes: testRoutes },
  });
});
afterAll(async () => t.close());

/** A body that sends its first bytes and then nothing more, until `release` ends it. */
function stalled(): { stream: ReadableStream<Uint8Array>; release: () => void } {
  let release = (): void => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"query":'));
      release = () => {
        try {
          controller.enqueue(new TextEncoder().encode('"snap"}'));
          controller.close();
        } catch {
          // already cancelled by the server
        }
      };
    },
  });
  return { stream, release };
}

function nested(depth: number): string {
  return `{"query":"snap","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

describe('request bodies', () => {
  it('cuts off a body that does not arrive within BODY_TIMEOUT_MS with 408 request_timeout', async () => {
    const body = stalled();
    const res = await t.request('POST', '/v1/test/echo', { body: body.stream, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(408);
    expect(res.body.error.code).toBe('request_timeout');
    expect(res.body.error.message).toBe('The request body was not received within 50 ms; send the whole body at once and retry.');
    body.release();
  });

  it('refuses a body past MAX_CONCURRENT_BODIES with 503 server_busy and retry-after, and frees the slots after', async () => {
    // Its own app with a long body time limit: the stalled bodies hold their slots until released, however slow the machine.
    const busyApp = await createTestApp({ env: { BODY_TIMEOUT_MS: '60000', MAX_CONCURRENT_BODIES: '2' }, overrides: { extraRoutes: testRoutes } });
    const slow = [stalled(), stalled()];
    const pending = slow.map((b) => busyApp.rawFetch(new Request('http://x/v1/test/echo', { method: 'POST', body: b.stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)));
    // Both slots are taken while their bodies stall: the third is refused at once.
    const busy = await busyApp.request('POST', '/v1/test/echo', { json: { query: 'snap' } });
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe('server_busy');
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.body.data).toEqual({ retry_after_seconds: 1 });
    for (const b of slow) b.release();
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([200, 200]);
    const after = await busyApp.request('POST', '/v1/test/echo', { json: { query: 'snap' } });
    expect(after.status).toBe(200);
    await busyApp.close();
  });
});

describe('nesting depth', () => {
  it('accepts 64 levels and refuses 65 with 400 before the handler sees it', async () => {
    // tags is an array of strings, so the 64-level body fails validation, not the depth check (the object itself is level 1).
    const deep = await t.request('POST', '/v1/test/echo', { body: nested(63), headers: { 'content-type': 'application/json' } });
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toMatch(/^tags\[0\]/);
    const tooDeep = await t.request('POST', '/v1/test/echo', { body: nested(64), headers: { 'content-type': 'application/json' } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.message).toBe('body: objects and arrays are nested more than 64 levels deep; flatten the document');
  });

  it('counts brackets inside strings as text', async () => {
    const res = await t.request('POST', '/v1/test/echo', { json: { query: `${'['.repeat(400)}\\"{`, tags: [] } });
    expect(res.status).toBe(200);
  });

  it('refuses thousands of levels on routes that parse their own body, before parsing', async () => {
    const res = await t.request('POST', '/v1/test/own-body', { body: `{"household":${'['.repeat(5000)}${']'.repeat(5000)}}`, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('nested more than 64 levels');
  });
});

describe('security headers', () => {
  it('sends x-content-type-options: nosniff on every answer', async () => {
    for (const [method, path] of [['GET', '/v1/health'], ['GET', '/v1/test/protected'], ['GET', '/v1/openapi.json'], ['GET', '/docs'], ['GET', '/nowhere']]) {
      const res = await t.request(method, path);
      expect(res.headers.get('x-content-type-options'), `${method} ${path}`).toBe('nosniff');
    }
  });

  it('names the schemes in www-authenticate on a 401, and only then', async () => {
    const missing = await t.request('GET', '/v1/test/protected');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="tenet", ApiKey realm="tenet", header="x-api-key"');
    const ok = await t.request('GET', '/v1/test/protected', { headers: { authorization: `Bearer ${reader.key}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('www-authenticate')).toBeNull();
  });
});

describe('the health route', () => {
  it('answers 200 whatever its query, as_of included', async () => {
    const res = await t.request('GET', '/v1/health?as_of=2024-01-01');
    expect(res.status).toBe(200);
    expect(res.body.data.live).toBe(true);
    // as_of stays refused where rules are served
    expect((await t.request('GET', '/v1/version?as_of=2024-01-01')).status).toBe(400);
  });
});

describe('unknown routes under /v1', () => {
  it('need a key before answering 404 (spec rule 6), so the API cannot be mapped without one', async () => {
    const anonymous = await t.request('GET', '/v1/admin/secret-thing');
    expect(anonymous.status).toBe(401);
    const wrong = await t.request('GET', '/v1/admin/secret-thing', { headers: { 'x-api-key': 'tnt_wrong' } });
    expect(wrong.status).toBe(401);
    const keyed = await t.request('GET', '/v1/admin/secret-thing', { headers: { 'x-api-key': reader.key } });
    expect(keyed.status).toBe(404);
    expect(keyed.headers.get('x-ratelimit-limit')).not.toBeNull();
  });
});
