import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readNodeBody } from '../../../adapters/http-h3/node-body.js';

const tooLarge = (): Error => new Error('too large');
const cutShort = (): Error => new Error('cut short');

function message(): PassThrough & IncomingMessage {
  return new PassThrough() as PassThrough & IncomingMessage;
}

describe('reading a body from node', () => {
  it('gives the bytes of a body within the limit, in order', async () => {
    const source = message();
    const read = readNodeBody(source, 100, tooLarge, cutShort);
    source.write('{"a":');
    source.end('1}');
    expect(Buffer.from(await read).toString('utf8')).toBe('{"a":1}');
  });

  it('gives no bytes for an empty body and a body of exactly the limit', async () => {
    const empty = message();
    const none = readNodeBody(empty, 10, tooLarge, cutShort);
    empty.end();
    expect((await none).byteLength).toBe(0);
    const exact = message();
    const full = readNodeBody(exact, 10, tooLarge, cutShort);
    exact.end(Buffer.alloc(10, 0x20));
    expect((await full).byteLength).toBe(10);
  });

  it('stops at the limit, keeps nothing and drains the rest', async () => {
    const source = message();
    const read = readNodeBody(source, 1024, tooLarge, cutShort);
    source.write(Buffer.alloc(1000));
    source.write(Buffer.alloc(1000));
    await expect(read).rejects.toThrow('too large');
    expect(source.listenerCount('data')).toBe(0);
    // Whatever the client still sends flows through and is dropped: the stream reaches its end.
    const ended = new Promise((resolve) => source.once('end', resolve));
    for (let i = 0; i < 50; i += 1) source.write(Buffer.alloc(64 * 1024));
    source.end();
    await ended;
  });

  it('fails when the client goes away before the body is complete, with or without a stream error', async () => {
    const closed = message();
    const read = readNodeBody(closed, 1024, tooLarge, cutShort);
    closed.write('{"a":');
    closed.destroy();
    await expect(read).rejects.toThrow('cut short');
    const aborted = message();
    const failing = readNodeBody(aborted, 1024, tooLarge, cutShort);
    aborted.write('{"a":');
    aborted.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    await expect(failing).rejects.toThrow('cut short');
  });
});
