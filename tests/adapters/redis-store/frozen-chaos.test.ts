/**
 * Issue #25, the chaos run: three instances over real sockets on one Redis (a redis-server, then a three-master
 * cluster, both the test's own) under about 300 requests a second with environment keys, half to a route that needs
 * the store (the key list), half to one that does not (this instance's analytics); the store is frozen (SIGSTOP)
 * for 3 s mid-run, then resumed. The load is bounded in time (about 7 s a run). Asserted: behaviour only (during
 * the freeze the store route answers 503 store_unavailable and the store-free route 200, every answer carries
 * x-request-id, both serve again after it). The latencies are printed, not asserted: their figures are recorded in
 * docs/operations.md ("Timeouts"), where the bounds of the issue are (503 within 1.5 s p99, 200 within 1.2 s p99).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App, PLATFORM_ONLY } from '../../../composition/app.js';
import { loadConfig } from '../../../adapters/config/env.js';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { JsonLogger, MemoryLogSink } from '../../../adapters/logging/json-logger.js';
import { testKey } from '../../support/http-harness.js';
import { startOwnCluster } from '../../support/redis-cluster.js';
import { hasRedisServerBinary, OwnRedisServer, uniquePrefix } from '../../support/redis.js';

const canRun = hasRedisServerBinary();
if (!canRun) console.warn('\n!!! frozen-Redis chaos test: no redis-server binary on PATH, so it is SKIPPED !!!\n');

const admin = testKey('chaos-admin', ['*']);
const RATE_PER_SECOND = 300;
const BEFORE_MS = 1_500;
const FROZEN_MS = 3_000;
const AFTER_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  route: 'store' | 'store-free';
  startedAt: number;
  ms: number;
  status: number;
  code: string | undefined;
  requestId: string | null;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms);
  return `n=${samples.length} p50=${percentile(ms, 50)} p99=${percentile(ms, 99)} max=${Math.max(...ms)} ms`;
}

async function request(base: string, route: Sample['route'], t0: number): Promise<Sample> {
  const started = performance.now();
  const path = route === 'store' ? '/v1/admin/keys' : '/v1/admin/analytics';
  try {
    const res = await fetch(`${base}${path}`, { headers: { 'x-api-key': admin.key } });
    const body = (await res.json()) as { error?: { code?: string } };
    return { route, startedAt: started - t0, ms: Math.round(performance.now() - started), status: res.status, code: body.error?.code, requestId: res.headers.get('x-request-id') };
  } catch (error) {
    return { route, startedAt: started - t0, ms: Math.round(performance.now() - started), status: 0, code: String(error), requestId: null };
  }
}

function chaosSuite(name: string, start: () => Promise<{ url: string; pause(): void; resume(): void; stop(): Promise<void> }>) {
  describe.skipIf(!canRun)(`${RATE_PER_SECOND} requests a second while Redis is frozen (${name})`, () => {
    let target: Awaited<ReturnType<typeof start>>;
    const apps: App[] = [];
    const servers: RunningServer[] = [];

    beforeAll(async () => {
      target = await start();
      const prefix = uniquePrefix('chaos');
      for (let i = 0; i < 3; i++) {
        const env = {
          REDIS_URL: target.url,
          REDIS_KEY_PREFIX: prefix,
          SERVICE_API_KEYS: JSON.stringify([{ ...admin.entry, rate_limit: { requests: 1_000_000, window_seconds: 60 } }]),
          INSTANCE_ID: `chaos-${i}`,
        };
        const app = await createApp(loadConfig(env), {
          ...PLATFORM_ONLY, keys: {}, operations: {},
          logger: new JsonLogger(new MemoryLogSink()),
        });
        apps.push(app);
        servers.push(await listen(app.http, '127.0.0.1', 0, app.logger));
      }
    }, 60_000);
    afterAll(async () => {
      target?.resume();
      for (const server of servers) await server.close();
      for (const app of apps) await app.close();
      await target?.stop();
    });

    it('answers 503 store_unavailable on the store route and 200 on the store-free one during the freeze, then serves again', async () => {
      const t0 = performance.now();
      const pending: Array<Promise<Sample>> = [];
      const tickMs = 10;
      const perTick = (RATE_PER_SECOND * tickMs) / 1000;
      let frozenAt = Infinity;
      let resumedAt = Infinity;
      let sent = 0;
      const load = (async () => {
        for (let tick = 0; performance.now() - t0 < BEFORE_MS + FROZEN_MS + AFTER_MS; tick++) {
          for (let i = 0; i < perTick; i++, sent++) pending.push(request(servers[sent % 3].url, sent % 2 === 0 ? 'store' : 'store-free', t0));
          const next = t0 + (tick + 1) * tickMs;
          await sleep(Math.max(0, next - performance.now()));
        }
      })();
      await sleep(BEFORE_MS);
      target.pause();
      frozenAt = performance.now() - t0;
      await sleep(FROZEN_MS);
      target.resume();
      resumedAt = performance.now() - t0;
      await load;
      const samples = await Promise.all(pending);

      // Requests begun while the store was frozen (answers of those begun just before, or in the moment the signal
      // takes, may come from the store) and answered before it resumed.
      const frozen = samples.filter((s) => s.startedAt >= frozenAt + 50 && s.startedAt + s.ms < resumedAt);
      const store = frozen.filter((s) => s.route === 'store');
      const free = frozen.filter((s) => s.route === 'store-free');
      const afterwards = samples.filter((s) => s.startedAt >= resumedAt + 1_000);
      console.info(
        `${name}: ${samples.length} requests in ${Math.round(performance.now() - t0)} ms (${RATE_PER_SECOND}/s on 3 instances); frozen ${Math.round(frozenAt)}-${Math.round(resumedAt)} ms\n` +
          `  store route during the freeze (503): ${figures(store)}; first 503 after ${Math.min(...store.map((s) => s.startedAt + s.ms)) - Math.round(frozenAt)} ms\n` +
          `  store-free route during the freeze (200): ${figures(free)}\n` +
          `  from 1 s after the resume: ${figures(afterwards)}`,
      );

      // Each check lists the samples that break it (with their timing), so a failure on a loaded machine says why.
      const summary = `frozen ${Math.round(frozenAt)}-${Math.round(resumedAt)} ms, ${samples.length} samples`;
      expect(store.length, summary).toBeGreaterThan(100);
      expect(free.length, summary).toBeGreaterThan(100);
      expect(store.filter((s) => s.status !== 503 || s.code !== 'store_unavailable'), `store route during the freeze, ${summary}`).toEqual([]);
      expect(free.filter((s) => s.status !== 200), `store-free route during the freeze, ${summary}`).toEqual([]);
      expect(samples.filter((s) => !s.requestId), `answers without x-request-id, ${summary}`).toEqual([]);
      expect(afterwards.filter((s) => s.status !== 200), `from 1 s after the resume, ${summary}`).toEqual([]);
    }, 60_000);
  });
}

chaosSuite('one redis-server', async () => {
  const server = await OwnRedisServer.start();
  return { url: server.url, pause: () => server.pause(), resume: () => server.resume(), stop: () => server.stopProcess() };
});

chaosSuite('a three-master cluster', () => startOwnCluster());
