/**
 * AuthGate cost per request: the platform's environment-key gate (no store, no limits) is the baseline,
 * measured in the same run as the full KeyAuthGate on the memory store and on Redis (when one answers at
 * REDIS_URL, default redis://127.0.0.1:6379). Sequential calls give latency; 50 concurrent callers give throughput.
 *
 * Run: npx tsc -p tsconfig.json --noEmit false --outDir /tmp/tenet-bench && node /tmp/tenet-bench/bench/auth-gate.js
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createMemoryStores } from '../adapters/memory-store/memory-stores.js';
import { createRedisStores } from '../adapters/redis-store/redis-stores.js';
import type { EnvironmentKeyConfig } from '../core/domain/config.js';
import { formatKey, hashKey } from '../core/domain/keys/key-material.js';
import type { AuthGate, AuthRequest } from '../core/ports/auth-gate.js';
import type { KeyStores } from '../core/ports/key-stores.js';
import { EnvironmentKeyGate } from '../core/usecases/auth/environment-key-gate.js';
import { createKeyServices } from '../composition/subsystems/key-services.js';
import { issueAdminKey } from '../core/usecases/keys/issue-admin-key.js';

const SEQUENTIAL = Number(process.env.BENCH_CALLS ?? 5_000);
const CONCURRENT = 50;
const raw = formatKey(randomBytes(24));
const envKey: EnvironmentKeyConfig = { id: 'bench-env', sha256: hashKey(raw), scopes: ['*'], rate_limit: { requests: 1_000_000_000, window_seconds: 60 } };

function request(key: string): AuthRequest {
  return { presentedKey: key, clientIp: '198.51.100.1', scope: 'rules:read', method: 'GET', route: '/v1/programs' };
}

interface Result {
  name: string;
  p50: number;
  p99: number;
  perSecond: number;
}

async function measure(name: string, gate: AuthGate, key: string): Promise<Result> {
  const req = request(key);
  for (let i = 0; i < 200; i++) await gate.authenticate(req); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await gate.authenticate(req);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (done < SEQUENTIAL) {
        done++;
        await gate.authenticate(req);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { name, p50: samples[Math.floor(samples.length * 0.5)], p99: samples[Math.floor(samples.length * 0.99)], perSecond: done / seconds };
}

interface Subject {
  name: string;
  gate: AuthGate;
  key: string;
}

async function fullGate(stores: KeyStores, label: string): Promise<Subject[]> {
  const { gate, deps } = createKeyServices({ stores, environmentKeys: [envKey] });
  const issued = await issueAdminKey(deps, { id: `bench-store-${randomBytes(4).toString('hex')}`, scopes: ['rules:read'], rate_limit: { requests: 1_000_000_000, window_seconds: 60 } }, { actor: null, client: null, request_id: 'bench' });
  return [
    { name: `KeyAuthGate, ${label}, environment key`, gate, key: raw },
    { name: `KeyAuthGate, ${label}, store key`, gate, key: issued.key },
  ];
}

const subjects: Subject[] = [{ name: 'baseline: EnvironmentKeyGate (no store)', gate: new EnvironmentKeyGate([envKey]), key: raw }];
subjects.push(...(await fullGate(createMemoryStores(), 'memory')));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tenet-bench:${randomBytes(4).toString('hex')}:`;
const redis = createRedisStores({ url: redisUrl, prefix });
if (await redis.connected()) subjects.push(...(await fullGate(redis, 'redis')));
else console.warn(`Redis at ${redisUrl} does not answer: Redis rows skipped`);

// Three interleaved rounds; each subject keeps its median round, so JIT warm-up and neighbours' load even out.
const rounds: Result[][] = subjects.map(() => []);
for (let round = 0; round < 3; round++) {
  for (const [i, subject] of subjects.entries()) rounds[i].push(await measure(subject.name, subject.gate, subject.key));
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results: Result[] = rounds.map((r) => ({ name: r[0].name, p50: median(r.map((x) => x.p50)), p99: median(r.map((x) => x.p99)), perSecond: median(r.map((x) => x.perSecond)) }));

if (subjects.length > 3) {
  const keys = await redis.client.keys(`${prefix}*`);
  if (keys.length > 0) await redis.client.del(...keys);
}
await redis.close();

const base = results[0];
console.log(`AuthGate, ${SEQUENTIAL} sequential calls (latency) and ${SEQUENTIAL} calls from ${CONCURRENT} concurrent callers (throughput); median of 3 rounds`);
console.log('| gate | p50 µs | p99 µs | calls/s | p50 vs baseline | calls/s vs baseline |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.name} | ${(r.p50 * 1000).toFixed(0)} | ${(r.p99 * 1000).toFixed(0)} | ${r.perSecond.toFixed(0)} | ${(r.p50 / base.p50).toFixed(1)}x | ${(r.perSecond / base.perSecond).toFixed(2)}x |`);
}
