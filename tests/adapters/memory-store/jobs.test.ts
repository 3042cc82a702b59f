import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryJobStore } from '../../../adapters/memory-store/jobs.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import type { JobRecord } from '../../../core/ports/job-store.js';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';

const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));
const calculation = new CalculationService([fixture]);
const entry = (size: number) => ({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: size } } });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Whether a record that says it finished carries what that state promises (docs/calculation.md, Jobs). */
function finishedWithout(record: JobRecord): boolean {
  if (record.status === 'succeeded') return record.results?.length !== record.total || record.completed !== record.total || !record.finished_at;
  if (record.status === 'failed') return !record.error || !record.finished_at;
  return false;
}

describe('MemoryJobStore', () => {
  it('never answers a poll with a finished status but without its results, polled between every step', async () => {
    const store = new MemoryJobStore({ concurrency: 3 });
    // Entries finish after 0, 1 or 2 event-loop turns, so the jobs finish at scattered moments.
    let turn = 0;
    await store.start(async (request) => {
      for (let i = turn++ % 3; i > 0; i -= 1) await nextTurn();
      return calculation.runEntry(request);
    });
    const ids = Array.from({ length: 12 }, (_, j) => `job-${j}`);
    for (const id of ids) await store.submit({ id, api_key_id: 'k', created_at: new Date().toISOString(), requests: [entry(1), entry(2), entry(3)] });
    const bad: JobRecord[] = [];
    // Each poller reads its job at every microtask, yielding an event-loop turn every 20 reads so the jobs advance.
    const pollUntilFinished = async (id: string): Promise<JobRecord> => {
      for (let reads = 1; ; reads += 1) {
        const record = (await store.get(id))!;
        if (finishedWithout(record)) bad.push(record);
        if (record.status === 'succeeded' || record.status === 'failed') return record;
        if (reads % 20 === 0) await nextTurn();
      }
    };
    const finished = await Promise.all(ids.map(pollUntilFinished));
    await store.close();
    expect(bad).toEqual([]);
    expect(finished.map((r) => [r.status, r.completed, r.results?.length])).toEqual(ids.map(() => ['succeeded', 3, 3]));
  });
});
