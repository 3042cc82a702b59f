import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { protectedRoute, ruleSourcesLikeRoute } from './fixtures.js';

// The platform's default gate (environment keys only); the keys subsystem replaces it in the full app.
const reader = testKey('reader', ['rules:read']);
let t: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  const overrides = { ...PLATFORM_ONLY, extraRoutes: [protectedRoute, ruleSourcesLikeRoute] };
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([reader.entry]) }, overrides });
  unconfigured = await createTestApp({ overrides });
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
});

describe('default auth gate over HTTP', () => {
  it('401 without a key, in the error envelope', async () => {
    const res = await t.request('GET', '/v1/test/protected');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('200 with a key holding the default scope rules:read; the principal reaches the handler', async () => {
    const res = await t.request('GET', '/v1/test/protected', { headers: { authorization: `Bearer ${reader.key}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.key_id).toBe('reader');
  });

  it('403 naming the scope the route needs', async () => {
    const res = await t.request('GET', '/v1/test/rules/a/sources', { headers: { 'x-api-key': reader.key } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'insufficient_scope', message: 'The API key lacks the required scope: sources:read.' });
  });

  it('503 auth_not_configured when no keys are configured; public routes still answer', async () => {
    const res = await unconfigured.request('GET', '/v1/test/protected', { headers: { 'x-api-key': reader.key } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('auth_not_configured');
    expect((await unconfigured.request('GET', '/v1/health')).status).toBe(200);
  });

  it('authenticates before reading the body or checking as_of', async () => {
    const res = await t.request('GET', '/v1/test/protected?as_of=2020-01-01');
    expect(res.status).toBe(401);
  });
});
