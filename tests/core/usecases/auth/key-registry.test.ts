import { describe, expect, it } from 'vitest';
import { MemoryKeyStore } from '../../../../adapters/memory-store/memory-stores.js';
import { hashKey } from '../../../../core/domain/keys/key-material.js';
import { DEFAULT_PROPAGATION_MS, DEFAULT_REVOCATION_WINDOW_MS, KeyRegistry } from '../../../../core/usecases/auth/key-registry.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

function stored(id: string, raw: string) {
  return { id, hash: hashKey(raw), prefix: raw.slice(0, 12), scopes: ['rules:read'], kind: 'admin' as const, created_at: new Date(T0).toISOString() };
}

describe('KeyRegistry caches (default windows)', () => {
  it('keeps the defaults within the spec bounds', () => {
    expect(DEFAULT_REVOCATION_WINDOW_MS).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_PROPAGATION_MS).toBeLessThanOrEqual(15_000);
  });

  it('sees a revocation made elsewhere once the revocation window has passed, not before', async () => {
    const store = new MemoryKeyStore();
    await store.create(stored('k1', 'raw-one'));
    const registry = new KeyRegistry([], store);
    expect(await registry.resolve('raw-one', T0)).not.toBeNull();
    await store.revoke('k1', new Date(T0).toISOString()); // as another instance would
    expect(await registry.resolve('raw-one', T0 + DEFAULT_REVOCATION_WINDOW_MS - 1)).not.toBeNull();
    expect(await registry.resolve('raw-one', T0 + DEFAULT_REVOCATION_WINDOW_MS)).toBeNull();
  });

  it('sees a key issued elsewhere once the propagation window has passed', async () => {
    const store = new MemoryKeyStore();
    const registry = new KeyRegistry([], store);
    expect(await registry.resolve('raw-two', T0)).toBeNull();
    await store.create(stored('k2', 'raw-two'));
    expect(await registry.resolve('raw-two', T0 + DEFAULT_PROPAGATION_MS - 1)).toBeNull();
    expect((await registry.resolve('raw-two', T0 + DEFAULT_PROPAGATION_MS))?.id).toBe('k2');
  });

  it('applies runtime revocations of environment keys within the window; local revocations at once', async () => {
    const store = new MemoryKeyStore();
    const registry = new KeyRegistry([{ id: 'env-a', sha256: hashKey('env-raw'), scopes: ['*'] }, { id: 'env-b', sha256: hashKey('env-raw-b'), scopes: ['*'] }], store);
    expect((await registry.resolve('env-raw', T0))?.source).toBe('environment');
    await store.revokeEnvironmentKey('env-a', new Date(T0).toISOString());
    expect(await registry.resolve('env-raw', T0 + 1)).not.toBeNull();
    expect(await registry.resolve('env-raw', T0 + DEFAULT_REVOCATION_WINDOW_MS)).toBeNull();
    await store.revokeEnvironmentKey('env-b', new Date(T0).toISOString());
    registry.forget('env-b');
    expect(await registry.resolve('env-raw-b', T0 + DEFAULT_REVOCATION_WINDOW_MS + 1)).toBeNull();
  });

  it('clamps a configured revocation window to the 30 s maximum', async () => {
    const store = new MemoryKeyStore();
    await store.create(stored('k3', 'raw-three'));
    const registry = new KeyRegistry([], store, { revocationWindowMs: 120_000 });
    expect(await registry.resolve('raw-three', T0)).not.toBeNull();
    await store.revoke('k3', new Date(T0).toISOString());
    expect(await registry.resolve('raw-three', T0 + 30_000)).toBeNull();
  });
});

describe('KeyRegistry: one re-read of the environment revocations at a time (issue #25)', () => {
  /** A store whose revocation reads wait until the test lets them go, counting them. */
  function heldStore() {
    const store = new MemoryKeyStore();
    const pending: Array<() => void> = [];
    let reads = 0;
    const read = store.revokedEnvironmentKeys.bind(store);
    store.revokedEnvironmentKeys = async () => {
      reads += 1;
      await new Promise<void>((resolve) => pending.push(resolve));
      return read();
    };
    return { store, reads: () => reads, release: () => pending.splice(0).forEach((go) => go()) };
  }
  const env = [{ id: 'env-a', sha256: hashKey('env-raw'), scopes: ['*'] }];
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('concurrent requests share the re-read instead of each asking the store (a hung store made each wait its own)', async () => {
    const held = heldStore();
    const registry = new KeyRegistry(env, held.store);
    const resolving = Array.from({ length: 50 }, () => registry.resolve('env-raw', T0));
    await settle();
    expect(held.reads()).toBe(1);
    held.release();
    expect((await Promise.all(resolving)).every((key) => key?.id === 'env-a')).toBe(true);
    expect(held.reads()).toBe(1);
  });

  it('a revocation made here during a shared re-read is not hidden by it: the requests after it read again', async () => {
    const held = heldStore();
    const registry = new KeyRegistry(env, held.store);
    const before = registry.resolve('env-raw', T0);
    await settle();
    await held.store.revokeEnvironmentKey('env-a', new Date(T0).toISOString());
    registry.forget('env-a');
    const after = registry.resolve('env-raw', T0);
    await settle();
    held.release();
    await settle();
    held.release();
    expect(await after).toBeNull();
    await before;
    expect(await registry.resolve('env-raw', T0 + 1)).toBeNull();
  });
});
