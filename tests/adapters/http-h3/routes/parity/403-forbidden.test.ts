/** 403: a key without admin:parity is refused, and the message names the scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { parityApp, reader } from './support.js';

describe('parity routes with a key lacking admin:parity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await parityApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['GET', '/v1/parity/cases'],
    ['POST', '/v1/parity/run'],
  ])('%s %s -> 403 insufficient_scope naming admin:parity', async (method, path) => {
    const res = await t.request(method, path, { headers: { 'x-api-key': reader.key } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
    expect(res.body.error.message).toContain('admin:parity');
  });
});
