import { describe, expect, it } from 'vitest';
import { ReplyError } from 'ioredis';
import { StoreGuard, storeCall } from '../../../adapters/redis-store/guard.js';
import { ServiceError } from '../../../core/domain/errors.js';

describe('storeCall', () => {
  it('reports a failing store call as store_unavailable', async () => {
    const failing = storeCall(() => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' })));
    await expect(failing).rejects.toMatchObject({ code: 'store_unavailable' });
  });

  it('passes on a value that cannot be serialised as it is, not as a store outage', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await storeCall(async () => JSON.stringify(circular)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ServiceError);
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    await expect(storeCall(async () => JSON.stringify(deep))).rejects.toBeInstanceOf(RangeError);
  });
});

describe('StoreGuard (issue #25: a frozen store costs a request one command timeout at most)', () => {
  const outage = () => Promise.reject(new Error('Command timed out'));
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('after a call the store did not answer, refuses every call without sending it until the memory lapses', async () => {
    const time = clock();
    const guard = new StoreGuard({ memoryMs: 1_000, now: time.now });
    await expect(guard.call(outage)).rejects.toMatchObject({ code: 'store_unavailable' });
    let sent = 0;
    const work = async () => (sent += 1);
    await expect(guard.call(work)).rejects.toMatchObject({ code: 'store_unavailable' });
    time.advance(999);
    await expect(guard.call(work)).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(sent).toBe(0);
    expect(guard.counts).toEqual({ sent: 1, refused: 2 });
    // Past the memory: one probe goes out; an answer closes the guard again.
    time.advance(1);
    await expect(guard.call(work)).resolves.toBe(1);
    await expect(guard.call(work)).resolves.toBe(2);
    expect(guard.remembersOutage).toBe(false);
  });

  it('lets one probe out at a time and refuses the others while it is out; a failed probe remembers again', async () => {
    const time = clock();
    const guard = new StoreGuard({ memoryMs: 1_000, now: time.now });
    await guard.call(outage).catch(() => undefined);
    time.advance(1_000);
    let fail: (error: Error) => void = () => {};
    const probe = guard.call(() => new Promise((_, reject) => (fail = reject)));
    await expect(guard.call(async () => 'sent')).rejects.toMatchObject({ code: 'store_unavailable' });
    fail(new Error('Command timed out'));
    await expect(probe).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(guard.call(async () => 'sent')).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(guard.counts).toEqual({ sent: 2, refused: 2 });
  });

  it('ends the calls still waiting when one finds the store gone (they would each wait out their own timeout)', async () => {
    const guard = new StoreGuard();
    const waiting = [guard.call(() => new Promise(() => {})), guard.call(() => new Promise(() => {}), { unavailable: 'jobs unreachable' })];
    await expect(guard.call(outage)).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(waiting[0]).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(waiting[1]).rejects.toMatchObject({ code: 'store_unavailable', message: 'jobs unreachable' });
  });

  it('an error reply or an unparsable answer is an answer, and a local fault is not the store: none is remembered as an outage', async () => {
    const guard = new StoreGuard();
    await expect(guard.call(() => Promise.reject(new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value')))).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(guard.call(async () => JSON.parse('{'))).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(guard.call(async () => ((undefined as unknown as { x: number }).x))).rejects.toBeInstanceOf(TypeError);
    await expect(guard.call(async () => 'answered')).resolves.toBe('answered');
    expect(guard.counts).toEqual({ sent: 4, refused: 0 });
  });
});
