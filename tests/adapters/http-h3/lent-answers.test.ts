/**
 * Calculation answers are written into blocks the app lends to the node server and gets back once node has handed
 * the bytes to the system (byte-sink.ts, server.ts): over real sockets, with many answers in flight and a client
 * that stops reading mid-answer, every answer must arrive whole and be the one its request asked for.
 */
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FastResponse } from 'srvx';
import { ByteSink } from '../../../adapters/http-h3/byte-sink.js';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const user = testKey('lent-user', ['calculate:run']);
let t: TestApp;
let server: RunningServer;

beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([{ ...user.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }]) } });
  server = await listen(t.app.http, '127.0.0.1', 0, t.app.logger);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** Households that differ in every answer: income, size, State. */
function calculation(i: number): Record<string, unknown> {
  const jurisdiction = ['us-ak', 'us-ca', 'us-ny', 'us-tx'][i % 4];
  return { program_id: 'snap', jurisdiction, household: { period: '2026-01', facts: { household_size: 1 + (i % 5), earned_income: 300 + 37 * i, shelter_costs: 500 + i, utility_type: 'heating_cooling' } } };
}

function post(path: string, body: unknown, agent: Agent, onResponse?: (res: IncomingMessage) => Promise<void>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': user.key } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
      void onResponse?.(res);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The answer's data as the app gives it in-process (no socket, no block given back). */
async function expected(path: string, body: unknown): Promise<unknown> {
  const res = await t.request('POST', path, { json: body, headers: { 'x-api-key': user.key } });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('answers written from lent blocks', () => {
  it('arrive whole and unmixed with many in flight and a client that stops reading mid-answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    try {
      // A batch of ten answers (about 0.5 MB) that its client stops reading as soon as its first bytes arrive, so
      // node cannot hand all of it to the system; then another batch and many single answers are written while the
      // first is stalled (a block given back too early would be written over by the second batch).
      const batch = { requests: Array.from({ length: 10 }, (_, i) => calculation(1000 + i)) };
      const other = { requests: Array.from({ length: 10 }, (_, i) => calculation(2000 + i)) };
      let resume: () => void = () => undefined;
      let arrived: () => void = () => undefined;
      const started = new Promise<void>((go) => (arrived = go));
      const stalled = post('/v1/calculate/batch', batch, new Agent(), (res) => {
        res.pause();
        arrived();
        return new Promise<void>((go) => {
          resume = () => {
            res.resume();
            go();
          };
        });
      });
      await started;
      const singles = Array.from({ length: 60 }, (_, i) => calculation(i));
      const otherAnswer = await post('/v1/calculate/batch', other, agent);
      const answers = await Promise.all(singles.map((body) => post('/v1/calculate', body, agent)));
      resume();
      const stalledAnswer = await stalled;

      expect(JSON.parse(otherAnswer.text).data).toEqual(await expected('/v1/calculate/batch', other));
      for (const [i, answer] of answers.entries()) {
        expect(answer.status, answer.text.slice(0, 200)).toBe(200);
        expect(JSON.parse(answer.text).data, `answer ${i}`).toEqual(await expected('/v1/calculate', singles[i]));
      }
      expect(stalledAnswer.status).toBe(200);
      expect(JSON.parse(stalledAnswer.text).data).toEqual(await expected('/v1/calculate/batch', batch));
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('go back to their sink only once node has handed every byte to the system', async () => {
    // Four megabytes: more than a paused client's socket takes in, so the write stays pending until it reads.
    const sink = new ByteSink();
    sink.begin();
    sink.bytes(Buffer.alloc(4 * 1024 * 1024, 0x61));
    const lent = sink.take();
    let givenBack = false;
    const giveBack = lent.giveBack.bind(lent);
    lent.giveBack = () => {
      givenBack = true;
      giveBack();
    };
    const bare = await listen({ fetch: async () => new FastResponse(lent, { status: 200, headers: { 'content-type': 'text/plain' } }) }, '127.0.0.1', 0, t.app.logger);
    try {
      let received = 0;
      let resume: () => void = () => undefined;
      const read = new Promise<void>((done, fail) => {
        httpRequest(`${bare.url}/`, (res) => {
          res.on('data', (part: Buffer) => {
            // Stops reading after its first bytes, until resumed.
            if (received === 0) res.pause();
            received += part.byteLength;
          });
          resume = () => res.resume();
          res.on('end', done);
          res.on('error', fail);
        })
          .on('error', fail)
          .end();
      });
      await new Promise((wait) => setTimeout(wait, 300));
      expect(received).toBeGreaterThan(0);
      expect(givenBack).toBe(false);
      resume();
      await read;
      expect(received).toBe(4 * 1024 * 1024);
      await new Promise((wait) => setTimeout(wait, 50));
      expect(givenBack).toBe(true);
    } finally {
      await bare.close();
    }
  }, 30_000);

  it('survive a client that leaves mid-answer: the server keeps serving and the next lent answer arrives whole', async () => {
    // Node gives the block back only once its write is finished or cancelled, so the next answer may reuse it.
    const sink = new ByteSink();
    const lentOf = (byte: number) => {
      sink.begin();
      sink.bytes(Buffer.alloc(4 * 1024 * 1024, byte));
      return sink.take();
    };
    let served = 0;
    const bare = await listen({ fetch: async () => new FastResponse(lentOf(served++ === 0 ? 0x62 : 0x63), { status: 200 }) }, '127.0.0.1', 0, t.app.logger);
    try {
      await new Promise<void>((done) => {
        const req = httpRequest(`${bare.url}/`, (res) => {
          res.once('data', () => {
            // Leaves after the first bytes, with most of the answer still unwritten.
            req.destroy();
            done();
          });
        });
        req.on('error', () => undefined);
        req.end();
      });
      await new Promise((wait) => setTimeout(wait, 200));
      const next = Buffer.from(await (await fetch(`${bare.url}/`)).arrayBuffer());
      expect(next.byteLength).toBe(4 * 1024 * 1024);
      expect(next.every((byte) => byte === 0x63)).toBe(true);
    } finally {
      await bare.close();
    }
  }, 30_000);
});
