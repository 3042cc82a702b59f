/** 401: both parity routes refuse a missing or unknown key, before running anything. */
import { describe, expect, it } from 'vitest';
import { PARITY_ROUTES, useParityApp } from './support.js';

describe('parity routes without a valid key', () => {
  const app = useParityApp();

  it.each(PARITY_ROUTES)('%s %s -> 401 unauthorized without a key and with an unknown key', async (method, path) => {
    const t = app();
    const missing = await t.request(method, path);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('unauthorized');
    const unknown = await t.request(method, path, { headers: { authorization: 'Bearer tnt_not-a-real-key-0000000000000000000' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
  });
});
