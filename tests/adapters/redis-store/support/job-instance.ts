/**
 * A throwaway "instance" for the job-recovery test, run as a child process: it starts a Redis job store
 * whose entries each take ENTRY_DELAY_MS, optionally submits a job, prints the job id and keeps working
 * until it is killed.
 */
import { fileURLToPath } from 'node:url';
import { RedisJobStore } from '../../../../adapters/redis-store/jobs.js';
import { FixtureRuntime } from '../../../../adapters/runtime-fixture/fixture-runtime.js';
import { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import { JobService } from '../../../../core/usecases/calculate/jobs.js';
import { randomUUID } from 'node:crypto';

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../../fixtures/runtime-fixture.json', import.meta.url)));
const calculation = new CalculationService([fixture]);
const delay = Number(process.env.ENTRY_DELAY_MS ?? 200);
const store = new RedisJobStore({ url: process.env.REDIS_URL!, prefix: process.env.JOB_PREFIX!, lockDurationMs: 1000, stalledIntervalMs: 500 });
await store.start(async (request) => {
  await new Promise((r) => setTimeout(r, delay));
  return calculation.runEntry(request);
});
const jobs = new JobService(store, calculation, { newId: randomUUID, now: () => new Date() });
const entries = Number(process.env.SUBMIT_ENTRIES ?? 0);
if (entries > 0) {
  const submitted = await jobs.submit(
    Array.from({ length: entries }, () => ({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } })),
    { key_id: 'key-child', scopes: ['calculate:run'], kind: 'environment' },
  );
  process.stdout.write(`${JSON.stringify(submitted)}\n`);
}
setInterval(() => {}, 1000);
