/**
 * Issue #13 defects 3 and 7 over a real socket: every answer the node server sends is the error envelope with
 * x-request-id and no-store (parser errors, odd methods, Expect), slow bodies are cut off, and a body the server
 * stops reading (no key, 413, 408) closes the connection instead of being drained.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, PLATFORM_ONLY } from '../../../composition/app.js';
import { loadConfig } from '../../../adapters/config/env.js';
import { JsonLogger, MemoryLogSink } from '../../../adapters/logging/json-logger.js';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { testKey } from '../../support/http-harness.js';
import { testRoutes } from './fixtures.js';

const reader = testKey('reader-one', ['rules:read']);
const logs = new MemoryLogSink();
let app: App;
let server: RunningServer;
let port: number;

beforeAll(async () => {
  const env = { SERVICE_API_KEYS: JSON.stringify([reader.entry]), BODY_TIMEOUT_MS: '300', MAX_BODY_BYTES: '1024' };
  app = await createApp(loadConfig(env), { ...PLATFORM_ONLY, extraRoutes: testRoutes, logger: new JsonLogger(logs) });
  server = await listen(app.http, '127.0.0.1', 0, app.logger);
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  await app.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection after the answer. */
  closed: boolean;
}

/**
 * Writes `parts` to a fresh socket (a function part is called with the socket, for pauses) and parses the first
 * answer; `closed` tells whether the server then ended the connection (within `closeWaitMs`).
 */
function raw(parts: Array<string | Buffer>, options: { keepWriting?: Buffer; closeWaitMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let answer: Omit<RawAnswer, 'closed'> | null = null;
    let writer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean): void => {
      clearInterval(writer);
      socket.destroy();
      if (answer === null) reject(new Error(`no answer; received ${JSON.stringify(received.toString('latin1').slice(0, 200))}`));
      else resolve({ ...answer, closed });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0 || answer !== null) return;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      const length = Number(headers['content-length'] ?? 0);
      if (Buffer.byteLength(text.slice(end + 4)) < length) return;
      answer = { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) };
      setTimeout(() => finish(false), options.closeWaitMs ?? 2_000);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      for (const part of parts) socket.write(part);
      // A client that keeps sending after the answer: the server must not keep reading it.
      if (options.keepWriting) writer = setInterval(() => socket.writable && socket.write(options.keepWriting as Buffer), 5);
    });
  });
}

function expectEnvelope(answer: RawAnswer, status: number, code: string): { error: { code: string; message: string }; meta: { request_id: string } } {
  expect(answer.status).toBe(status);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(answer.body) as { status: string; error: { code: string; message: string }; meta: { request_id: string } };
  expect(body.status).toBe('error');
  expect(body.error.code).toBe(code);
  expect(answer.headers['x-request-id']).toBe(body.meta.request_id);
  expect(body.meta.request_id.length).toBeGreaterThan(0);
  return body;
}

const errorLines = (): string[] => logs.lines.filter((line) => (JSON.parse(line) as { level: string }).level === 'error');

describe('answers the node server gives itself', () => {
  it('a malformed request line: 400 envelope with a generated request id', async () => {
    const answer = await raw(['GARBAGE\r\n\r\n']);
    const body = expectEnvelope(answer, 400, 'invalid_request');
    expect(body.error.message).toMatch(/^The request is not valid HTTP\/1\.1 \(HPE_/);
    expect(answer.closed).toBe(true);
  });

  it('headers over 16 KiB: 431 headers_too_large', async () => {
    const answer = await raw([`GET /v1/health HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expectEnvelope(answer, 431, 'headers_too_large');
  });

  it('an Expect other than 100-continue: 417 expectation_failed, keeping the client request id', async () => {
    const answer = await raw(['POST /v1/test/echo HTTP/1.1\r\nhost: x\r\nexpect: 200-ok\r\nx-request-id: exp-1\r\ncontent-length: 2\r\n\r\n{}']);
    const body = expectEnvelope(answer, 417, 'expectation_failed');
    expect(body.meta.request_id).toBe('exp-1');
  });

  it('TRACE (which the fetch API cannot carry): 405 method_not_allowed with allow', async () => {
    const answer = await raw(['TRACE /v1/health HTTP/1.1\r\nhost: x\r\n\r\n']);
    const body = expectEnvelope(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(body.error.message).toContain('TRACE is not served by Tenet');
  });

  it('a method node does not parse (TRACK): 400 envelope', async () => {
    expectEnvelope(await raw(['TRACK /v1/health HTTP/1.1\r\nhost: x\r\n\r\n']), 400, 'invalid_request');
  });

  it('CONNECT: 405 method_not_allowed (Tenet is no proxy)', async () => {
    const answer = await raw(['CONNECT example.org:443 HTTP/1.1\r\nhost: example.org:443\r\n\r\n']);
    expectEnvelope(answer, 405, 'method_not_allowed');
  });

  it('a method the router does not know (PROPFIND) on a known path: 405 with allow', async () => {
    const answer = await raw(['PROPFIND /v1/test/echo HTTP/1.1\r\nhost: x\r\n\r\n'], { closeWaitMs: 100 });
    expectEnvelope(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('POST');
  });

  // Issue #25: node answered these itself with a bare 400 (no envelope, no request id, no log line).
  const requestLine = (requestId: string): Record<string, unknown> | undefined =>
    logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request' && entry.request_id === requestId);

  it('an HTTP/1.1 request without Host: 400 invalid_request with the envelope, the client request id and a log line', async () => {
    const answer = await raw(['GET /v1/health HTTP/1.1\r\nx-request-id: no-host-1\r\n\r\n']);
    const body = expectEnvelope(answer, 400, 'invalid_request');
    expect(body.meta.request_id).toBe('no-host-1');
    expect(body.error.message).toContain('Host');
    expect(answer.headers.connection).toBe('close');
    expect(requestLine('no-host-1')).toMatchObject({ status: 400, error_code: 'invalid_request', method: 'GET' });
  });

  it('two Host header lines: 400 invalid_request (RFC 9112 section 3.2); node kept the first', async () => {
    const answer = await raw(['GET /v1/health HTTP/1.1\r\nhost: a\r\nHost: b\r\nx-request-id: two-hosts\r\n\r\n']);
    expect(expectEnvelope(answer, 400, 'invalid_request').error.message).toContain('Host');
  });

  it('an HTTP/1.0 request without Host is served (Host is HTTP/1.1)', async () => {
    const answer = await raw(['GET /v1/health HTTP/1.0\r\n\r\n']);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('more than 1,000 header fields (node dropped those past 1,000, the Host among them): 431 headers_too_large', async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `a${i}: b`).join('\r\n');
    const answer = await raw([`GET /v1/health HTTP/1.1\r\nx-request-id: many-fields\r\n${many}\r\nhost: x\r\n\r\n`]);
    const body = expectEnvelope(answer, 431, 'headers_too_large');
    expect(body.error.message).toContain('1000 header fields');
    expect(requestLine(body.meta.request_id)).toMatchObject({ status: 431, error_code: 'headers_too_large' });
    // Exactly 1,000 fields, the Host last, is served.
    const fewer = Array.from({ length: 998 }, (_, i) => `a${i}: b`).join('\r\n');
    const served = await raw([`GET /v1/health HTTP/1.1\r\nx-request-id: at-limit\r\n${fewer}\r\nhost: x\r\n\r\n`], { closeWaitMs: 100 });
    expect(served.status).toBe(200);
  });

  it('logs none of these as errors', () => {
    expect(errorLines()).toEqual([]);
  });
});

describe('bodies over a socket', () => {
  it('cuts off a slow sender with 408 request_timeout after BODY_TIMEOUT_MS and closes the connection', async () => {
    const answer = await raw(['POST /v1/test/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"q'], { keepWriting: Buffer.from(' ') });
    expectEnvelope(answer, 408, 'request_timeout');
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('refuses a protected route without a key at once, without waiting for the body, and closes the connection', async () => {
    // The body never completes: an answer proves the server did not wait for it.
    const answer = await raw(['POST /v1/test/protected HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 900\r\n\r\n{"query":'], { keepWriting: Buffer.from(' ') });
    expectEnvelope(answer, 401, 'unauthorized');
    expect(answer.headers['www-authenticate']).toContain('Bearer');
    expect(answer.closed).toBe(true);
  });

  it('closes the connection after a 413 on a chunked upload instead of draining it', async () => {
    const chunk = Buffer.from(`200\r\n${' '.repeat(0x200)}\r\n`);
    const answer = await raw(['POST /v1/test/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n', chunk, chunk, chunk], { keepWriting: chunk });
    expectEnvelope(answer, 413, 'payload_too_large');
    expect(answer.closed).toBe(true);
  });

  it('keeps the connection open after a complete request', async () => {
    const answer = await raw(['POST /v1/test/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 16\r\n\r\n{"query":"snap"}'], { closeWaitMs: 200 });
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(false);
  });
});
