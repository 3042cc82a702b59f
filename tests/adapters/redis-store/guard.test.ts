import { describe, expect, it } from 'vitest';
import { storeCall } from '../../../adapters/redis-store/guard.js';
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
