/**
 * A frozen Redis (process stopped with SIGSTOP, sockets open, nothing answers) must fail every store call and
 * every readiness check within the documented bound, REDIS_COMMAND_TIMEOUT_MS (default 1000 ms) (#13.6). The
 * bound is asserted through what each failure reports, not through timings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/domain/errors.js';
import { RedisJobStore } from '../../../adapters/redis-store/jobs.js';
import { createRedisStores } from '../../../adapters/redis-store/redis-stores.js';
import { hasRedisServerBinary, OwnRedisServer, uniquePrefix } from '../../support/redis.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('\n!!! frozen Redis test: no redis-server binary on PATH, so it is SKIPPED !!!\n');

describe.skipIf(!canRun)('a frozen Redis', () => {
  let server: OwnRedisServer;
  beforeAll(async () => {
    server = await OwnRedisServer.start();
  });
  afterAll(async () => {
    await server?.stopProcess();
  });

  it('fails job submits, polls and the job-store health within the shared command timeout', async () => {
    const store = new RedisJobStore({ url: server.url, prefix: uniquePrefix('frozen-jobs') });
    try {
      expect((await store.health()).status).toBe('ready');
      server.pause();
      const submit = await store.submit({ id: 'job-frozen', api_key_id: 'k', created_at: new Date().toISOString(), requests: [] }).catch((e: unknown) => e);
      expect(isServiceError(submit) && submit.code).toBe('store_unavailable');
      expect(isServiceError(submit) && submit.message).toContain('1000 ms');
      const poll = await store.get('job-frozen').catch((e: unknown) => e);
      expect(isServiceError(poll) && poll.code).toBe('store_unavailable');
      const health = await store.health();
      expect(health.status).toBe('unavailable');
      expect(health.detail).toContain('1000 ms');
    } finally {
      server.resume();
      await store.close();
    }
  });

  it('fails key-store calls and the store health check with store_unavailable', async () => {
    const stores = createRedisStores({ url: server.url, prefix: uniquePrefix('frozen-keys') });
    try {
      expect(await stores.connected()).toBe(true);
      server.pause();
      const lookup = await stores.keys.findByHash('0'.repeat(64)).catch((e: unknown) => e);
      expect(isServiceError(lookup) && lookup.code).toBe('store_unavailable');
      const health = await stores.health.check().catch((e: unknown) => e);
      expect(isServiceError(health) && health.code).toBe('store_unavailable');
    } finally {
      server.resume();
      await stores.close();
    }
  });
});
