/** 401: both parity routes refuse a missing or unknown key, before running anything. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { parityApp } from './support.js';

describe('parity routes without a valid key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await parityApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['GET', '/v1/parity/cases'],
    ['POST', '/v1/parity/run'],
  ])('%s %s -> 401 unauthorized without a key and with an unknown key', async (method, path) => {
    const missing = await t.request(method, path);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('unauthorized');
    const unknown = await t.request(method, path, { headers: { authorization: 'Bearer tnt_not-a-real-key-0000000000000000000' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
  });
});
