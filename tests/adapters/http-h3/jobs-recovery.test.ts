/**
 * Jobs survive the loss of the instance that accepted them (Redis): instance A, a child process serving the
 * real app, accepts a job over HTTP and starts it; A is killed (SIGKILL) mid-job; instance B, another app on the
 * same Redis, answers polls and, once A's lease expires, resumes the job until it succeeds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { acquireRedis, uniquePrefix, type TestRedis } from '../../support/redis.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
const user = testKey('jobs-recovery', ['calculate:run']);
const keys = JSON.stringify([{ ...user.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }]);
const headers = { 'x-api-key': user.key, 'content-type': 'application/json' };
const entry = { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } };

let redis: TestRedis | null = null;
let child: ChildProcess | null = null;
let survivor: TestApp | null = null;
beforeAll(async () => {
  redis = await acquireRedis('job recovery over HTTP');
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await survivor?.close();
  await redis?.stop();
});

async function startChild(env: Record<string, string>): Promise<{ process: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', './scripts/ts/register.mjs', 'tests/adapters/http-h3/support/slow-instance.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    proc.once('exit', (code) => reject(new Error(`instance exited (${code}) before listening: ${stderr}`)));
  });
  // Listening is not ready: the instance answers 503 until its subsystems have started (the rule index loads the
  // bundled rules, which takes longer as programs are added), so wait for GET /v1/ready as a load balancer would.
  let ready = 0;
  for (const started = Date.now(); ready !== 200 && Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 100))) {
    ready = (await fetch(`${url}/v1/ready`)).status;
  }
  if (ready !== 200) throw new Error(`instance at ${url} was not ready within 60 s (last GET /v1/ready: ${ready})`);
  return { process: proc, url };
}

describe('job recovery across instances', () => {
  it('a job accepted by a killed instance is finished by another and polled there', async (ctx) => {
    if (!redis) return ctx.skip();
    const prefix = uniquePrefix('jobs-recovery');
    const env = { REDIS_URL: redis.url, SERVICE_API_KEYS: keys, TENET_JOB_REDIS_PREFIX: prefix, TENET_JOB_LOCK_MS: '1000', TENET_JOB_STALLED_INTERVAL_MS: '500', ENTRY_DELAY_MS: '250',
      // The child's calls to Redis get 5 s instead of 1 s: on a loaded CI machine a 1 s command timeout can expire
      // while the child's event loop is busy, and this test is about recovery, not about timeouts (store-loss tests).
      REDIS_COMMAND_TIMEOUT_MS: '5000' };
    const a = await startChild(env);
    child = a.process;

    const submitted = await fetch(`${a.url}/v1/jobs/calculate`, { method: 'POST', headers, body: JSON.stringify({ requests: Array.from({ length: 8 }, () => entry) }) });
    const submittedBody = await submitted.text();
    expect(submitted.status, submittedBody).toBe(202);
    const job = (JSON.parse(submittedBody) as { data: { durable: boolean; status_url: string } }).data;
    expect(job.durable).toBe(true);

    // Wait until A has finished at least one entry, polling A itself.
    let progress = 0;
    for (let i = 0; i < 200 && progress < 1; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      progress = ((await (await fetch(`${a.url}${job.status_url}`, { headers })).json()) as { data: { completed: number } }).data.completed;
    }
    expect(progress).toBeGreaterThanOrEqual(1);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // Instance B: the real routes and modules on the same Redis, with the (fast) fixture runtime.
    const calculation = { calculators: () => [fixture], settings: { jobRedisPrefix: prefix, jobLockMs: 1000, jobStalledIntervalMs: 500 } };
    survivor = await createTestApp({ env: { SERVICE_API_KEYS: keys }, config: { redisUrl: redis.url }, overrides: { calculation } });
    const first = await survivor.request('GET', job.status_url, { headers });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(8);
    let record = first.body.data;
    for (let i = 0; i < 300 && record.status !== 'succeeded' && record.status !== 'failed'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      record = (await survivor.request('GET', job.status_url, { headers })).body.data;
    }
    expect(record).toMatchObject({ status: 'succeeded', total: 8, completed: 8, api_key_id: 'jobs-recovery' });
    expect(record.results).toHaveLength(8);
    expect(record.results.every((r: { status: string; result?: { outputs: Record<string, unknown> } }) => r.status === 'ok' && r.result?.outputs.snap_allotment === 298)).toBe(true);
  }, 120_000);
});
