import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import type { EnvironmentKeyConfig } from '../../../../core/domain/config.js';
import { hashKey } from '../../../../core/domain/keys/key-material.js';
import { windowAt } from '../../../../core/domain/keys/rate-window.js';
import { issueAdminKey } from '../../../../core/usecases/keys/issue-admin-key.js';
import { issueTrialKey } from '../../../../core/usecases/keys/issue-trial-key.js';
import { createKeyServices } from '../../../../composition/subsystems/key-services.js';
import { setKillSwitch } from '../../../../core/usecases/keys/kill-switches.js';
import { revokeKey } from '../../../../core/usecases/keys/revoke-key.js';
import { monthlyUsage } from '../../../../core/usecases/keys/monthly-usage.js';
import { authRequest as request, failure } from './support.js';

const ADMIN_RAW = 'env-admin-secret-value';
const READER_RAW = 'env-reader-secret-value';
const ENV_KEYS: EnvironmentKeyConfig[] = [
  { id: 'env-admin', sha256: hashKey(ADMIN_RAW), scopes: ['*'] },
  { id: 'env-reader', sha256: hashKey(READER_RAW), scopes: ['rules:read'], rate_limit: { requests: 3, window_seconds: 60 } },
];
const ctx = { actor: 'env-admin', client: '10.0.0.9', request_id: 'req-1' };

function setup(environmentKeys: EnvironmentKeyConfig[] = ENV_KEYS) {
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const clock = { advance: (ms: number) => (now += ms), now: () => now };
  const stores = createMemoryStores({ now: clock.now });
  const services = createKeyServices({ stores, environmentKeys, now: clock.now, cache: { revocationWindowMs: 1000, propagationMs: 500 } });
  return { clock, stores, ...services };
}

describe('KeyAuthGate', () => {
  it('authenticates environment keys from x-api-key or Bearer, x-api-key winning', async () => {
    const { gate } = setup();
    const viaHeader = await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }));
    expect(viaHeader.principal).toEqual({ key_id: 'env-admin', scopes: ['*'], kind: 'environment' });
    expect(viaHeader.rateLimit).toEqual({ limit: 120, remaining: 119, reset: Date.parse('2026-11-21T10:01:00.000Z') / 1000 });
    const viaBearer = await gate.authenticate(request({ authorization: `Bearer ${READER_RAW}` }));
    expect(viaBearer.principal.key_id).toBe('env-reader');
    const both = await gate.authenticate(request({ 'x-api-key': READER_RAW, authorization: `Bearer ${ADMIN_RAW}` }));
    expect(both.principal.key_id).toBe('env-reader');
  });

  it('gives the same 401 for missing, unknown, expired and revoked keys', async () => {
    const expired: EnvironmentKeyConfig = { id: 'env-old', sha256: hashKey('old-secret'), scopes: ['*'], expires_at: '2026-01-01T00:00:00.000Z' };
    const { gate, deps } = setup([...ENV_KEYS, expired]);
    await revokeKey(deps, 'env-reader', ctx);
    const errors = await Promise.all([
      failure(gate.authenticate(request({}))),
      failure(gate.authenticate(request({ 'x-api-key': 'nope' }))),
      failure(gate.authenticate(request({ 'x-api-key': 'old-secret' }))),
      failure(gate.authenticate(request({ 'x-api-key': READER_RAW }))),
    ]);
    for (const error of errors) {
      expect(error.code).toBe('unauthorized');
      expect(error.message).toBe(errors[0].message);
      expect([error.rateLimit, error.retryAfterSeconds]).toEqual([null, null]);
    }
  });

  it('names the missing scope in 403 and lets * through', async () => {
    const { gate } = setup();
    const denied = await failure(gate.authenticate(request({ 'x-api-key': READER_RAW }, 'admin:keys')));
    expect(denied.code).toBe('insufficient_scope');
    expect(denied.message).toContain('admin:keys');
    expect(denied.rateLimit?.limit).toBe(3);
    await expect(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'admin:keys'))).resolves.toBeDefined();
  });

  it('answers 503 auth_not_configured when no key exists anywhere', async () => {
    const { gate, readiness } = setup([]);
    expect((await failure(gate.authenticate(request({ 'x-api-key': 'x' })))).code).toBe('auth_not_configured');
    expect((await failure(gate.authenticate(request({})))).code).toBe('auth_not_configured');
    expect((await readiness.auth()).status).toBe('unavailable');
  });

  it('rate limits per key in fixed windows, with a per-key override', async () => {
    const { gate, clock } = setup();
    for (let i = 0; i < 3; i++) await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    const limited = await failure(gate.authenticate(request({ 'x-api-key': READER_RAW })));
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(60);
    expect(limited.data).toEqual({ retry_after_seconds: 60 });
    expect(limited.rateLimit?.remaining).toBe(0);
    // other keys are unaffected; the next window admits again
    await expect(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }))).resolves.toBeDefined();
    clock.advance(60_000);
    await expect(gate.authenticate(request({ 'x-api-key': READER_RAW }))).resolves.toBeDefined();
  });

  it('throttles a client after 20 failed attempts, even with a valid key, until the window ends', async () => {
    const { gate, clock } = setup();
    for (let i = 0; i < 30; i++) await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.1.1.1'));
    for (let i = 0; i < 20; i++) expect((await failure(gate.authenticate(request({ 'x-api-key': `bad-${i}` }, 'rules:read', '10.1.1.1')))).code).toBe('unauthorized');
    const throttled = await failure(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.1.1.1')));
    expect(throttled.code).toBe('auth_throttled');
    expect(throttled.retryAfterSeconds).toBeGreaterThan(0);
    // another client is not affected; requests without a key do not count
    for (let i = 0; i < 25; i++) await failure(gate.authenticate(request({}, 'rules:read', '10.2.2.2')));
    await expect(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.2.2.2'))).resolves.toBeDefined();
    clock.advance(300_000);
    await expect(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.1.1.1'))).resolves.toBeDefined();
  });

  it('authenticates issued store keys and refuses them after revocation', async () => {
    const { gate, deps } = setup();
    const issued = await issueAdminKey(deps, { id: 'partner-1', scopes: ['calculate:run'], rate_limit: { requests: 5, window_seconds: 10 } }, ctx);
    const ok = await gate.authenticate(request({ 'x-api-key': issued.key }, 'calculate:run'));
    expect(ok.principal).toEqual({ key_id: 'partner-1', scopes: ['calculate:run'], kind: 'store' });
    expect(ok.rateLimit?.limit).toBe(5);
    await revokeKey(deps, 'partner-1', ctx);
    expect((await failure(gate.authenticate(request({ 'x-api-key': issued.key }, 'calculate:run')))).code).toBe('unauthorized');
  });

  it('counts monthly usage of authenticated requests', async () => {
    const { gate, deps } = setup();
    await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }));
    await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }));
    await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    expect((await monthlyUsage(deps, undefined)).usage).toEqual([
      { api_key_id: 'env-admin', requests: 2 },
      { api_key_id: 'env-reader', requests: 1 },
    ]);
  });

  it('counts usage only for requests it admits, and rate-limit hits only for clients it does not throttle', async () => {
    const { gate, deps, stores } = setup();
    // Wrong scope: the hit counts toward the rate limit, the request not toward usage.
    expect((await failure(gate.authenticate(request({ 'x-api-key': READER_RAW }, 'calculate:run')))).code).toBe('insufficient_scope');
    await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    // Over the limit (3 per window): refused, not counted in usage.
    expect((await failure(gate.authenticate(request({ 'x-api-key': READER_RAW })))).code).toBe('rate_limited');
    expect((await monthlyUsage(deps, undefined)).usage).toEqual([{ api_key_id: 'env-reader', requests: 2 }]);

    // A throttled client with a valid key: refused before its key's counter moves.
    for (let i = 0; i < 20; i++) await failure(gate.authenticate(request({ 'x-api-key': `bad-${i}` }, 'rules:read', '10.3.3.3')));
    const adminCounter = `rl:env-admin:60:${windowAt(Date.parse('2026-11-21T10:00:00.000Z'), 60).start}`;
    expect((await failure(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.3.3.3')))).code).toBe('auth_throttled');
    expect(await stores.counters.get(adminCounter)).toBe(0);
    // The same key from a client in good standing is counted (the counter checked above is the right one).
    await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'rules:read', '10.4.4.4'));
    expect(await stores.counters.get(adminCounter)).toBe(1);
    expect((await monthlyUsage(deps, undefined)).usage).toEqual([
      { api_key_id: 'env-reader', requests: 2 },
      { api_key_id: 'env-admin', requests: 1 },
    ]);
  });

  it('applies trial rules: kill switch refuses trial traffic, quota counts compute units', async () => {
    const { gate, deps } = setup();
    const trial = await issueTrialKey(deps, {}, { actor: null, client: '10.3.3.3', request_id: 'r' });
    const ok = await gate.authenticate(request({ 'x-api-key': trial.key }, 'calculate:run'));
    expect(ok.principal.kind).toBe('trial');
    expect(ok.rateLimit?.limit).toBe(30);
    await gate.charge(ok.principal, 9_998); // 1 (request) + 9,998 = 9,999 of 10,000
    await gate.charge(ok.principal, 1);
    const over = await failure(gate.charge(ok.principal, 1));
    expect(over.code).toBe('rate_limited');
    expect(over.data).toMatchObject({ quota_cu: 10_000 });
    expect((await failure(gate.authenticate(request({ 'x-api-key': trial.key }, 'calculate:run')))).code).toBe('rate_limited');

    const other = await issueTrialKey(deps, {}, { actor: null, client: '10.3.3.3', request_id: 'r2' });
    await setKillSwitch(deps, { switch: 'trial_traffic', engaged: true, reason: 'abuse wave' }, ctx);
    const refused = await failure(gate.authenticate(request({ 'x-api-key': other.key }, 'rules:read')));
    expect(refused.code).toBe('trial_traffic_disabled');
    expect(refused.rateLimit?.limit).toBe(30);
    await expect(gate.authenticate(request({ 'x-api-key': ADMIN_RAW }))).resolves.toBeDefined();
  });

  it('does not meter keys without a quota', async () => {
    const { gate } = setup();
    const ok = await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }));
    await expect(gate.charge(ok.principal, 1_000_000)).resolves.toBeUndefined();
  });
});
