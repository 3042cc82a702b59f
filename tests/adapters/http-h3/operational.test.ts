import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { CALCULATION_READY } from '../../../composition/subsystems/calculation.js';
import { RULE_INDEX_READY } from '../../../composition/subsystems/read-surface.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('operational routes', () => {
  it('GET /v1/health is live without any configuration', async () => {
    t = await createTestApp({ overrides: PLATFORM_ONLY });
    const res = await t.request('GET', '/v1/health');
    expect(res.body.data).toEqual({ service: 'tenet', live: true });
  });

  it('GET /v1/version reports the api version and environment', async () => {
    t = await createTestApp({ env: { ENVIRONMENT: 'staging' }, overrides: PLATFORM_ONLY });
    const res = await t.request('GET', '/v1/version');
    expect(res.body.data).toEqual({ api_version: '0.1.0', environment: 'staging' });
    expect(res.body.meta.environment).toBe('staging');
  });

  it('GET /v1/ready answers 503 not_ready with the dependency list while something is missing', async () => {
    t = await createTestApp({ overrides: PLATFORM_ONLY });
    const res = await t.request('GET', '/v1/ready');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('not_ready');
    expect(res.body.data.ready).toBe(false);
    expect(res.body.data.status).toBe('unavailable');
    expect(res.body.data.dependencies.map((d: { name: string }) => d.name)).toEqual(['auth configuration', 'shared counter store', 'rule index', 'calculation runtime']);
    const auth = res.body.data.dependencies.find((d: { name: string }) => d.name === 'auth configuration');
    expect(auth).toMatchObject({ status: 'unavailable' });
  });

  it('GET /v1/ready answers 200 when every registered check is ready, and reports degraded as not ready', async () => {
    const key = testKey('ops', ['*']);
    t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]) }, overrides: PLATFORM_ONLY });
    const readiness = t.app.services.readiness;
    readiness.register({ id: RULE_INDEX_READY, check: async () => ({ status: 'ready', detail: '3 rules' }) });
    readiness.register({ id: CALCULATION_READY, check: async () => ({ status: 'ready' }) });
    readiness.setSource('bundled rules');
    const ok = await t.request('GET', '/v1/ready');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ready: true, status: 'ready', source: 'bundled rules' });
    expect(ok.body.data.dependencies).toHaveLength(4);

    readiness.register({ id: CALCULATION_READY, check: async () => ({ status: 'degraded', detail: 'one package failed to compile' }) });
    const degraded = await t.request('GET', '/v1/ready');
    expect(degraded.status).toBe(503);
    expect(degraded.body.data.status).toBe('degraded');

    readiness.register({ id: RULE_INDEX_READY, check: async () => { throw new Error('index exploded'); } });
    const failing = await t.request('GET', '/v1/ready');
    expect(failing.body.data.status).toBe('unavailable');
    expect(failing.body.data.dependencies.find((d: { name: string }) => d.name === 'rule index')).toEqual({ name: 'rule index', status: 'unavailable', detail: 'index exploded' });
  });

  it('the ready shared-store check reports an unwired Redis honestly', async () => {
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' }, overrides: PLATFORM_ONLY });
    const res = await t.request('GET', '/v1/ready');
    expect(res.body.data.dependencies.find((d: { name: string }) => d.name === 'shared counter store').status).toBe('unavailable');
  });
});
