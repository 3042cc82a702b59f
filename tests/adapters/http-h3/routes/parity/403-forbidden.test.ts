/** 403: a key without admin:parity is refused, and the message names the scope. */
import { describe, expect, it } from 'vitest';
import { PARITY_ROUTES, reader, useParityApp } from './support.js';

describe('parity routes with a key lacking admin:parity', () => {
  const app = useParityApp();

  it.each(PARITY_ROUTES)('%s %s -> 403 insufficient_scope naming admin:parity', async (method, path) => {
    const t = app();
    const res = await t.request(method, path, { headers: { 'x-api-key': reader.key } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
    expect(res.body.error.message).toContain('admin:parity');
  });
});
