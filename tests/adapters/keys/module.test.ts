import { describe, expect, it } from 'vitest';
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { ConfigError, loadConfig } from '../../../adapters/config/env.js';
import { createTestApp, testKey } from '../../support/http-harness.js';

describe('keys settings', () => {
  it('defaults within the spec bounds', () => {
    expect(loadConfig({}).settings.keys).toEqual({
      revocationWindowMs: 15_000,
      propagationMs: 5_000,
      killSwitchCacheMs: 2_000,
      trialPerClientPerDay: 5,
      trialGlobalPerDay: 1_000,
      redisKeyPrefix: 'tenet:',
      redisCommandTimeoutMs: 1_000,
      redisLossNotReadyMs: 60_000,
    });
  });

  it('reads overrides and rejects bad values, naming each variable', () => {
    expect(loadConfig({ KEY_REVOCATION_WINDOW_MS: '30000', TRIAL_KEYS_PER_DAY: '10', REDIS_KEY_PREFIX: 'x:' }).settings.keys).toMatchObject({ revocationWindowMs: 30_000, trialGlobalPerDay: 10, redisKeyPrefix: 'x:' });
    try {
      loadConfig({ KEY_REVOCATION_WINDOW_MS: '31000', KEY_PROPAGATION_MS: '-1', REDIS_COMMAND_TIMEOUT_MS: 'soon' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('KEY_REVOCATION_WINDOW_MS');
      expect(problems).toContain('KEY_PROPAGATION_MS');
      expect(problems).toContain('REDIS_COMMAND_TIMEOUT_MS');
    }
  });
});

describe('keys subsystem readiness', () => {
  it('reports auth configuration and the memory counter store', async () => {
    const admin = testKey('ready-admin', ['*']);
    const app = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) }, overrides: { ...PLATFORM_ONLY, keys: {} } });
    try {
      const ready = await app.request('GET', '/v1/ready');
      const deps = Object.fromEntries(ready.body.data.dependencies.map((d: { name: string; status: string }) => [d.name, d.status]));
      expect(deps['auth configuration']).toBe('ready');
      expect(deps['shared counter store']).toBe('ready');
    } finally {
      await app.close();
    }
  });

  it('reports auth configuration unavailable with no keys anywhere', async () => {
    const app = await createTestApp({ env: {}, overrides: { ...PLATFORM_ONLY, keys: {} } });
    try {
      const ready = await app.request('GET', '/v1/ready');
      expect(ready.status).toBe(503);
      const auth = ready.body.data.dependencies.find((d: { name: string }) => d.name === 'auth configuration');
      expect(auth.status).toBe('unavailable');
    } finally {
      await app.close();
    }
  });
});
