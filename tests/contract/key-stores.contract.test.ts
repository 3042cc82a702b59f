/** One contract suite for the key/counter/audit/kill-switch/usage ports, run against memory and Redis. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../adapters/memory-store/memory-stores.js';
import { createRedisStores } from '../../adapters/redis-store/redis-stores.js';
import type { StoredKey } from '../../core/domain/keys/api-key.js';
import type { AuditEntry } from '../../core/domain/keys/audit.js';
import { displayPrefix, formatKey, hashKey } from '../../core/domain/keys/key-material.js';
import type { KeyStores } from '../../core/ports/key-stores.js';
import { acquireRedis, deletePrefix, uniquePrefix } from '../support/redis.js';
import { acquireRedisCluster, deleteClusterPrefix } from '../support/redis-cluster.js';
import { acquireRedisSentinel } from '../support/redis-sentinel.js';

const redis = await acquireRedis('key-stores contract');
const cluster = await acquireRedisCluster('key-stores contract');
const sentinel = await acquireRedisSentinel('key-stores contract');

const backends: Array<{ name: string; make: () => Promise<KeyStores> }> = [{ name: 'memory', make: async () => createMemoryStores() }];
/** Stores on the Redis (or Redis Cluster) at `url`; `deleteKeys` removes what a test wrote under its prefix. */
function redisBackend(name: string, url: string, deleteKeys: (url: string, prefix: string) => Promise<void>) {
  return {
    name,
    make: async (): Promise<KeyStores> => {
      const prefix = uniquePrefix('contract');
      const stores = createRedisStores({ url, prefix });
      expect(await stores.connected()).toBe(true);
      return { ...stores, close: async () => (await stores.close(), await deleteKeys(url, prefix)) };
    },
  };
}

if (redis) backends.push(redisBackend('redis', redis.url, deletePrefix));
if (cluster) backends.push(redisBackend('redis cluster', cluster.url, deleteClusterPrefix));

if (sentinel) {
  backends.push({
    name: 'redis via sentinel',
    make: async () => {
      const stores = createRedisStores({ url: sentinel.url, prefix: uniquePrefix('contract') });
      expect(await stores.connected()).toBe(true);
      return stores; // the primary is the test's own and is dropped after the suite
    },
  });
}

afterAll(async () => {
  await redis?.stop();
  await cluster?.stop();
  await sentinel?.stop();
});

function newKey(id: string, overrides: Partial<StoredKey> = {}): { raw: string; key: StoredKey } {
  const raw = formatKey(randomBytes(24));
  return {
    raw,
    key: { id, hash: hashKey(raw), prefix: displayPrefix(raw), scopes: ['rules:read'], kind: 'admin', created_at: '2026-11-21T10:00:00.000Z', ...overrides },
  };
}

function entry(at: string, target: string): AuditEntry {
  return { at, action: 'key.issue', target, actor: 'admin', client: '10.0.0.1', request_id: `req-${target}`, detail: { scopes: ['rules:read'] } };
}

describe.each(backends)('key stores contract: $name', ({ name, make }) => {
  let stores: KeyStores;
  beforeEach(async () => {
    stores = await make();
    return () => stores.close();
  });

  it('reports its backend and durability', async () => {
    expect(stores.health.name).toBe(name === 'memory' ? 'memory' : 'redis'); // a cluster is reported as redis too
    expect(stores.health.durable).toBe(name !== 'memory');
    await expect(stores.health.check()).resolves.toBeUndefined();
  });

  it('creates keys once per id and finds them by hash and id', async () => {
    const { key } = newKey('alpha', { owner: 'ops', rate_limit: { requests: 5, window_seconds: 10 } });
    expect(await stores.keys.create(key)).toBe('created');
    expect(await stores.keys.create(newKey('alpha').key)).toBe('conflict');
    expect(await stores.keys.findByHash(key.hash)).toEqual(key);
    expect(await stores.keys.findById('alpha')).toEqual(key);
    expect(await stores.keys.findByHash(hashKey('tnt_unknown'))).toBeNull();
    expect(await stores.keys.findById('missing')).toBeNull();
  });

  it('lists every stored key', async () => {
    await stores.keys.create(newKey('one').key);
    await stores.keys.create(newKey('two', { kind: 'trial', quota_cu: 10 }).key);
    const ids = (await stores.keys.list()).map((k) => k.id).sort();
    expect(ids).toEqual(['one', 'two']);
  });

  it('revokes stored keys, keeping the first revocation time', async () => {
    const { key } = newKey('gamma');
    await stores.keys.create(key);
    expect(await stores.keys.revoke('gamma', '2026-11-21T11:00:00.000Z')).toBe(true);
    expect(await stores.keys.revoke('gamma', '2026-11-21T12:00:00.000Z')).toBe(true);
    expect(await stores.keys.revoke('nope', '2026-11-21T11:00:00.000Z')).toBe(false);
    expect((await stores.keys.findByHash(key.hash))?.revoked_at).toBe('2026-11-21T11:00:00.000Z');
    expect((await stores.keys.list()).find((k) => k.id === 'gamma')?.revoked_at).toBe('2026-11-21T11:00:00.000Z');
  });

  it('records runtime revocations of environment keys', async () => {
    expect(await stores.keys.revokedEnvironmentKeys()).toEqual(new Set());
    await stores.keys.revokeEnvironmentKey('env-admin', '2026-11-21T11:00:00.000Z');
    await stores.keys.revokeEnvironmentKey('env-admin', '2026-11-21T11:00:01.000Z');
    expect(await stores.keys.revokedEnvironmentKeys()).toEqual(new Set(['env-admin']));
  });

  it('drops a key record 30 days after the key expires, and frees its id', async () => {
    const day = 86_400_000;
    const recent = newKey('expired-recently', { kind: 'trial', expires_at: new Date(Date.now() - day).toISOString() });
    const gone = newKey('expired-long-ago', { kind: 'trial', expires_at: new Date(Date.now() - 31 * day).toISOString() });
    expect(await stores.keys.create(recent.key)).toBe('created');
    expect(await stores.keys.create(gone.key)).toBe('created');
    // Within the grace period the record is still there (a late request gets a clean 401, the id stays taken).
    expect(await stores.keys.findById('expired-recently')).toEqual(recent.key);
    expect(await stores.keys.findByHash(recent.key.hash)).toEqual(recent.key);
    expect(await stores.keys.create(newKey('expired-recently').key)).toBe('conflict');
    // Past it, the store holds nothing for the key.
    expect(await stores.keys.findById('expired-long-ago')).toBeNull();
    expect(await stores.keys.findByHash(gone.key.hash)).toBeNull();
    expect(await stores.keys.revoke('expired-long-ago', '2026-11-21T12:00:00.000Z')).toBe(false);
    expect((await stores.keys.list()).map((k) => k.id)).toEqual(['expired-recently']);
    const again = newKey('expired-long-ago');
    expect(await stores.keys.create(again.key)).toBe('created');
    expect(await stores.keys.findById('expired-long-ago')).toEqual(again.key);
  });

  it('increments counters atomically under concurrency', async () => {
    const values = await Promise.all(Array.from({ length: 300 }, () => stores.counters.increment('burst', 1, 60)));
    expect(new Set(values).size).toBe(300);
    expect(Math.max(...values)).toBe(300);
    expect(await stores.counters.get('burst')).toBe(300);
    expect(await stores.counters.increment('burst', 5, 60)).toBe(305);
    expect(await stores.counters.get('absent')).toBe(0);
  });

  it('expires counters after their time to live', async () => {
    expect(await stores.counters.increment('short', 1, 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await stores.counters.get('short')).toBe(0);
    expect(await stores.counters.increment('short', 1, 1)).toBe(1);
  });

  it('lists audit entries newest first, bounded, without expired ones', async () => {
    await stores.audit.append(entry('2026-01-01T00:00:00.000Z', 'old'), 0);
    await stores.audit.append(entry('2026-11-21T10:00:00.000Z', 'a'), Date.parse('2026-08-01T00:00:00.000Z'));
    await stores.audit.append(entry('2026-11-21T10:00:00.000Z', 'b'), Date.parse('2026-08-01T00:00:00.000Z'));
    await stores.audit.append(entry('2026-11-21T11:00:00.000Z', 'c'), Date.parse('2026-08-01T00:00:00.000Z'));
    const all = await stores.audit.newest(200, Date.parse('2026-08-01T00:00:00.000Z'));
    expect(all.map((e) => e.target)).toEqual(['c', 'b', 'a']);
    expect(all[0]).toEqual(entry('2026-11-21T11:00:00.000Z', 'c'));
    expect((await stores.audit.newest(2, 0)).map((e) => e.target)).toEqual(['c', 'b']);
  });

  it('reads default kill switches and stores changes', async () => {
    const initial = await stores.killSwitches.read();
    expect(initial.trial_mint.engaged).toBe(false);
    expect(initial.trial_traffic.engaged).toBe(false);
    const engaged = { engaged: true, reason: 'abuse', updated_at: '2026-11-21T10:00:00.000Z', updated_by: 'admin' };
    await stores.killSwitches.write('trial_mint', engaged);
    const after = await stores.killSwitches.read();
    expect(after.trial_mint).toEqual(engaged);
    expect(after.trial_traffic.engaged).toBe(false);
  });

  it('counts usage per key per month', async () => {
    await stores.usage.record('k1', '2026-11', 1);
    await stores.usage.record('k1', '2026-11', 2);
    await stores.usage.record('k2', '2026-11', 1);
    await stores.usage.record('k1', '2026-10', 7);
    const rows = (await stores.usage.month('2026-11')).sort((a, b) => a.api_key_id.localeCompare(b.api_key_id));
    expect(rows).toEqual([
      { api_key_id: 'k1', requests: 3 },
      { api_key_id: 'k2', requests: 1 },
    ]);
    expect(await stores.usage.month('2025-01')).toEqual([]);
  });

  it('admits a request in one step: throttle read, rate-limit hit, usage within the limit', async () => {
    const request = (usage: boolean) => ({
      throttle: { counter: 'authfail:0:10.0.0.9', maxFailures: 3 },
      rate: { counter: 'rl:k9:60:0', ttlSeconds: 65, limit: 2 },
      usage: usage ? { keyId: 'k9', month: '2026-11', requests: 1 } : undefined,
    });
    expect(await stores.admission.admit(request(true))).toEqual({ throttled: false, count: 1 });
    expect(await stores.admission.admit(request(false))).toEqual({ throttled: false, count: 2 });
    expect(await stores.admission.admit(request(true))).toEqual({ throttled: false, count: 3 });
    // The hits share the rate-limit counter; usage counted only the admitted hit that asked for it.
    expect(await stores.counters.get('rl:k9:60:0')).toBe(3);
    expect(await stores.usage.month('2026-11')).toEqual([{ api_key_id: 'k9', requests: 1 }]);

    // A throttled client: nothing counted.
    for (let i = 0; i < 3; i += 1) await stores.counters.increment('authfail:0:10.0.0.9', 1, 60);
    expect(await stores.admission.admit(request(true))).toEqual({ throttled: true, failures: 3 });
    expect(await stores.counters.get('rl:k9:60:0')).toBe(3);
    expect(await stores.usage.month('2026-11')).toEqual([{ api_key_id: 'k9', requests: 1 }]);
  });

  it('admits concurrent requests atomically: every count once, usage for exactly the admitted', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        stores.admission.admit({
          throttle: { counter: 'authfail:0:10.0.0.8', maxFailures: 20 },
          rate: { counter: 'rl:k8:60:0', ttlSeconds: 65, limit: 120 },
          usage: { keyId: 'k8', month: '2026-12', requests: 1 },
        }),
      ),
    );
    const counts = results.map((r) => (r.throttled ? -1 : r.count)).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await stores.usage.month('2026-12')).toEqual([{ api_key_id: 'k8', requests: 120 }]);
  });
});
