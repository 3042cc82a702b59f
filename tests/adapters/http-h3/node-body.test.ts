import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readNodeBody } from '../../../adapters/http-h3/node-body.js';

const errors = { tooLarge: (): Error => new Error('too large'), cutShort: (): Error => new Error('cut short'), tooSlow: (): Error => new Error('too slow') };
const limits = (maxBytes: number, timeoutMs = 60_000) => ({ maxBytes, timeoutMs });

function message(): PassThrough & IncomingMessage {
  return new PassThrough() as PassThrough & IncomingMessage;
}

describe('reading a body from node', () => {
  it('gives the bytes of a body within the limit, in order', async () => {
    const source = message();
    const read = readNodeBody(source, limits(100), errors);
    source.write('{"a":');
    source.end('1}');
    expect(Buffer.from(await read).toString('utf8')).toBe('{"a":1}');
  });

  it('gives no bytes for an empty body and a body of exactly the limit', async () => {
    const empty = message();
    const none = readNodeBody(empty, limits(10), errors);
    empty.end();
    expect((await none).byteLength).toBe(0);
    const exact = message();
    const full = readNodeBody(exact, limits(10), errors);
    exact.end(Buffer.alloc(10, 0x20));
    expect((await full).byteLength).toBe(10);
  });

  it('stops at the limit, keeps nothing and stops pulling the rest (the server closes the connection)', async () => {
    const source = message();
    const read = readNodeBody(source, limits(1024), errors);
    source.write(Buffer.alloc(1000));
    source.write(Buffer.alloc(1000));
    await expect(read).rejects.toThrow('too large');
    expect(source.listenerCount('data')).toBe(0);
    expect(source.isPaused()).toBe(true);
  });

  it('gives up on a body that does not arrive within the time allowed', async () => {
    const source = message();
    const read = readNodeBody(source, limits(1024, 20), errors);
    source.write('{"a":');
    await expect(read).rejects.toThrow('too slow');
    expect(source.listenerCount('data')).toBe(0);
    expect(source.isPaused()).toBe(true);
  });

  it('fails when the client goes away before the body is complete, with or without a stream error', async () => {
    const closed = message();
    const read = readNodeBody(closed, limits(1024), errors);
    closed.write('{"a":');
    closed.destroy();
    await expect(read).rejects.toThrow('cut short');
    const aborted = message();
    const failing = readNodeBody(aborted, limits(1024), errors);
    aborted.write('{"a":');
    aborted.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    await expect(failing).rejects.toThrow('cut short');
  });
});
