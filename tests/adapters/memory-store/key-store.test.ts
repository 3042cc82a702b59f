import { describe, expect, it } from 'vitest';
import { MemoryKeyStore } from '../../../adapters/memory-store/memory-stores.js';
import { EXPIRED_KEY_GRACE_MS, type StoredKey } from '../../../core/domain/keys/api-key.js';

const DAY = 86_400_000;

function trialKey(n: number, expiresAt: number): StoredKey {
  return {
    id: `trial-${n}`,
    hash: n.toString(16).padStart(64, '0'),
    prefix: 'tnt_abcdefgh',
    scopes: ['rules:read'],
    kind: 'trial',
    created_at: new Date(expiresAt - 14 * DAY).toISOString(),
    expires_at: new Date(expiresAt).toISOString(),
  };
}

describe('memory key store', () => {
  it('sweeps out records past expiry and grace when keys are created, so minted trial keys do not pile up', async () => {
    let now = Date.parse('2026-11-21T00:00:00.000Z');
    const store = new MemoryKeyStore(() => now);
    for (let n = 0; n < 500; n += 1) await store.create(trialKey(n, now + 14 * DAY));
    expect(store.size).toBe(500);
    // Expired, but within the grace period: kept.
    now += 15 * DAY;
    await store.create(trialKey(1000, now + 14 * DAY));
    expect(store.size).toBe(501);
    // Past expiry and grace: the next creation (at most hourly) sweeps them out.
    now += EXPIRED_KEY_GRACE_MS;
    await store.create(trialKey(1001, now + 14 * DAY));
    expect(store.size).toBe(2);
    expect((await store.list()).map((k) => k.id).sort()).toEqual(['trial-1000', 'trial-1001']);
  });
});
