import { afterAll, describe, expect, it } from 'vitest';
import { TrustedProxies } from '../../../adapters/http-h3/client-address.js';
import { createTestApp, testKey } from '../../support/http-harness.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../../support/redis.js';
import { testRoutes } from './fixtures.js';

const redis = await acquireRedis('client address');
afterAll(async () => redis?.stop());

/** The throttle and trial-cap counters on memory, or on Redis under a prefix of their own. */
const backends: Array<{ name: string; env: () => Record<string, string> }> = [{ name: 'memory', env: () => ({}) }];
if (redis) backends.push({ name: 'redis', env: () => ({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniquePrefix('client') }) });

describe('the client behind trusted proxies', () => {
  const none = new TrustedProxies([]);
  const proxies = new TrustedProxies(['10.0.0.0/8', '192.0.2.10', '2001:db8:1::/48']);

  it('is the socket peer when no proxy is trusted, whatever x-forwarded-for says', () => {
    expect(none.clientFor('203.0.113.7', '198.51.100.4')).toBe('198.51.100.4');
    expect(none.clientFor(null, '::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(none.clientFor('203.0.113.7', undefined)).toBe('unknown');
  });

  it('is the socket peer when the peer is not a trusted proxy', () => {
    expect(proxies.clientFor('203.0.113.7', '198.51.100.4')).toBe('198.51.100.4');
  });

  it('behind an overwriting proxy is the one address the proxy wrote', () => {
    expect(proxies.clientFor('203.0.113.7', '10.1.2.3')).toBe('203.0.113.7');
  });

  it('behind appending proxies is the right-most address that is not a trusted proxy', () => {
    // The client forged a first hop; the edge proxy appended the real peer, the inner proxy appended the edge.
    expect(proxies.clientFor('1.2.3.4, 203.0.113.7, 10.9.9.9', '10.1.2.3')).toBe('203.0.113.7');
    expect(proxies.clientFor('1.2.3.4,203.0.113.7', '192.0.2.10')).toBe('203.0.113.7');
    expect(proxies.clientFor('2001:db8:2::5, 2001:db8:1::9', '2001:db8:1::1')).toBe('2001:db8:2::5');
  });

  it('ignores ports and brackets, and stops at an entry that is not an address', () => {
    expect(proxies.clientFor('203.0.113.7:5555', '10.1.2.3')).toBe('203.0.113.7');
    expect(proxies.clientFor('[2001:db8:2::5]:443', '10.1.2.3')).toBe('2001:db8:2::5');
    // A proxy that wrote garbage cannot be believed further: the last trusted hop stands for the client.
    expect(proxies.clientFor('203.0.113.7, not-an-ip', '10.1.2.3')).toBe('10.1.2.3');
    expect(proxies.clientFor('', '10.1.2.3')).toBe('10.1.2.3');
  });

  it('is the left-most hop when every hop is a trusted proxy', () => {
    expect(proxies.clientFor('10.0.0.5, 10.0.0.6', '10.0.0.7')).toBe('10.0.0.5');
  });
});

describe.each(backends)('x-forwarded-for through the app on $name', (backend) => {
  const admin = testKey('ops-admin', ['*']);
  const start = async (env: Record<string, string>) => {
    const own = backend.env();
    const t = await createTestApp({ env: { ...env, ...own }, overrides: { extraRoutes: testRoutes } });
    return {
      t,
      close: async () => {
        await t.close();
        if (redis && own.REDIS_KEY_PREFIX) await deletePrefix(redis.url, own.REDIS_KEY_PREFIX);
      },
    };
  };

  it('cannot lock another client out or dodge the failed-auth throttle by rotating a forged first hop', async () => {
    const { t, close } = await start({ SERVICE_API_KEYS: JSON.stringify([admin.entry]) });
    try {
      // 20 wrong keys from 198.51.100.66, each claiming a different first hop (and one the victim's address).
      for (let i = 0; i < 20; i++) {
        const res = await t.request('GET', '/v1/test/protected', { headers: { 'x-api-key': `wrong-${i}`, 'x-forwarded-for': i === 0 ? '203.0.113.9' : `198.18.0.${i}` }, clientAddress: '198.51.100.66' });
        expect(res.status).toBe(401);
      }
      // The attacker is throttled whatever hop it claims; the victim it named is not.
      const attacker = await t.request('GET', '/v1/test/protected', { headers: { 'x-api-key': 'wrong-x', 'x-forwarded-for': '198.18.1.1' }, clientAddress: '198.51.100.66' });
      expect(attacker.status).toBe(429);
      expect(attacker.body.error.code).toBe('auth_throttled');
      const victim = await t.request('GET', '/v1/test/protected', { headers: { 'x-api-key': admin.key }, clientAddress: '203.0.113.9' });
      expect(victim.status).toBe(200);
    } finally {
      await close();
    }
  });

  it('is believed from a trusted proxy: the per-client trial cap follows the address the proxy saw', async () => {
    const { t, close } = await start({ TRUSTED_PROXIES: '10.0.0.0/8', TRIAL_KEYS_PER_CLIENT_PER_DAY: '1' });
    try {
      const via = (client: string) => t.request('POST', '/v1/keys/trial', { headers: { 'x-forwarded-for': `1.2.3.4, ${client}` }, clientAddress: '10.0.0.1' });
      expect((await via('203.0.113.20')).status).toBe(201);
      expect((await via('203.0.113.20')).status).toBe(429);
      expect((await via('203.0.113.21')).status).toBe(201);
      const seen = await t.request('GET', '/v1/test/client', { headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.22' }, clientAddress: '10.0.0.1' });
      expect(seen.body.data.client_ip).toBe('203.0.113.22');
    } finally {
      await close();
    }
  });
});
