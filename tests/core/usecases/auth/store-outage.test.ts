/**
 * The gate while the shared store is unreachable (#13.9, #13.10): a request without a key is 401, an environment
 * key still authenticates (its last known revocations stay in force, rate limits are counted on this instance),
 * and anything the store must answer is 503 store_unavailable.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import type { EnvironmentKeyConfig } from '../../../../core/domain/config.js';
import { ServiceError } from '../../../../core/domain/errors.js';
import { hashKey } from '../../../../core/domain/keys/key-material.js';
import type { KeyStores } from '../../../../core/ports/key-stores.js';
import { createKeyServices } from '../../../../composition/subsystems/key-services.js';
import { revokeKey } from '../../../../core/usecases/keys/revoke-key.js';
import { authRequest as request, failure } from './support.js';

const ADMIN_RAW = 'env-admin-secret-value';
const READER_RAW = 'env-reader-secret-value';
const ENV_KEYS: EnvironmentKeyConfig[] = [
  { id: 'env-admin', sha256: hashKey(ADMIN_RAW), scopes: ['*'] },
  { id: 'env-reader', sha256: hashKey(READER_RAW), scopes: ['rules:read'], rate_limit: { requests: 2, window_seconds: 60 } },
];

/** Memory stores that report themselves shared and fail every call while `down` is set, as Redis would. */
function outageStores(now: () => number): { stores: KeyStores; setDown(down: boolean): void } {
  const inner = createMemoryStores({ now });
  let down = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (down) return Promise.reject(new ServiceError('store_unavailable'));
          return (value as (...a: unknown[]) => unknown).apply(obj, args);
        };
      },
    });
  const stores: KeyStores = {
    keys: wrap(inner.keys),
    counters: wrap(inner.counters),
    audit: wrap(inner.audit),
    killSwitches: wrap(inner.killSwitches),
    usage: wrap(inner.usage),
    admission: wrap(inner.admission),
    health: { name: 'redis', durable: true, check: () => (down ? Promise.reject(new ServiceError('store_unavailable')) : Promise.resolve()) },
    close: () => inner.close(),
  };
  return { stores, setDown: (value) => void (down = value) };
}

function setup() {
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const clock = { advance: (ms: number) => (now += ms), now: () => now };
  const { stores, setDown } = outageStores(clock.now);
  const services = createKeyServices({ stores, environmentKeys: ENV_KEYS, now: clock.now, cache: { revocationWindowMs: 1000, propagationMs: 500 } });
  return { clock, setDown, ...services };
}

describe('KeyAuthGate with the shared store down', () => {
  it('answers a request without a key 401, not 503', async () => {
    const { gate, setDown } = setup();
    setDown(true);
    expect((await failure(gate.authenticate(request({})))).code).toBe('unauthorized');
  });

  it('still answers 503 for a presented key it cannot check without the store', async () => {
    const { gate, setDown } = setup();
    setDown(true);
    expect((await failure(gate.authenticate(request({ 'x-api-key': 'some-issued-key' })))).code).toBe('store_unavailable');
  });

  it('authenticates an environment key, rate limited on this instance, without rate-limit headers from the store', async () => {
    const { gate, setDown } = setup();
    setDown(true);
    const outcome = await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }, 'admin:analytics'));
    expect(outcome.principal).toEqual({ key_id: 'env-admin', scopes: ['*'], kind: 'environment' });
    expect(outcome.rateLimit?.limit).toBe(120);
    await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    await gate.authenticate(request({ 'x-api-key': READER_RAW }));
    expect((await failure(gate.authenticate(request({ 'x-api-key': READER_RAW })))).code).toBe('rate_limited');
  });

  it('keeps an environment-key revocation it saw in force while the store is down', async () => {
    const { gate, deps, clock, setDown } = setup();
    await revokeKey(deps, 'env-reader', { actor: 'env-admin', client: '10.0.0.9', request_id: 'r' });
    expect((await failure(gate.authenticate(request({ 'x-api-key': READER_RAW })))).code).toBe('unauthorized');
    setDown(true);
    clock.advance(5_000); // past the revocation window: the list would be re-read, and the store fails
    expect((await failure(gate.authenticate(request({ 'x-api-key': READER_RAW })))).code).toBe('unauthorized');
    expect((await gate.authenticate(request({ 'x-api-key': ADMIN_RAW }))).principal.key_id).toBe('env-admin');
  });
});
