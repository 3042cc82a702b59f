import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isServiceError, ServiceError, type ErrorCode } from '../../../../core/domain/errors.js';
import type { Principal } from '../../../../core/ports/auth-gate.js';
import type { Calculator, ExecutablePackage } from '../../../../core/ports/calculator.js';
import type { ComputeMeter } from '../../../../core/ports/compute-meter.js';
import type { JobStore } from '../../../../core/ports/job-store.js';
import { CalculationService, EXPERIMENTAL_WARNING } from '../../../../core/usecases/calculate/calculate.js';
import { JobService } from '../../../../core/usecases/calculate/jobs.js';
import { FixtureRuntime, RECORDED_WARNING } from '../../../../adapters/runtime-fixture/fixture-runtime.js';
import { MemoryJobStore } from '../../../../adapters/memory-store/jobs.js';

const fixturePath = fileURLToPath(new URL('../../../fixtures/runtime-fixture.json', import.meta.url));
const fixture = FixtureRuntime.fromFile(fixturePath);
const earner = { household_size: 3, earned_income: 2000, rent: 900, snap_utility_allowance: 445 };
const keyA: Principal = { key_id: 'key-a', scopes: ['calculate:run'], kind: 'environment' };
const single = () => ({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } });

async function code(promise: Promise<unknown>): Promise<{ code: ErrorCode; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isServiceError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a ServiceError');
}

/** A runtime whose single package runs a caller-supplied function (to provoke failures and slowness). */
function scriptedRuntime(execute: ExecutablePackage['execute']): Calculator {
  const base = fixture.find('snap', 'us-fixture')!;
  const pkg: ExecutablePackage = { ...base, program_id: 'scripted', runtime_id: 'scripted', mode: 'compiled', digest: 'sha256:0', shape: base.shape, execute };
  return { id: 'scripted', mode: 'compiled', find: (p) => (p === 'scripted' ? pkg : undefined), packages: () => [pkg] };
}

describe('CalculationService with the fixture runtime', () => {
  const service = new CalculationService([fixture]);

  it('returns recorded outputs keyed by requested names, with trace, digest and warnings', async () => {
    const result = await service.calculate({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: earner }, variables: ['snap', 'snap_net_income'] });
    expect(result.outputs).toEqual({ snap: 562, snap_net_income: 741.5 });
    expect(result.runtime).toEqual({ id: 'fixture-recorded-2026-11', mode: 'fixture' });
    expect(result.package_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(result.trace.map((t) => t.variable)).toEqual(['snap_allotment', 'snap_net_income']);
    expect(result.trace[0].sources.length).toBeGreaterThan(0);
    expect(result.warnings[0]).toBe(EXPERIMENTAL_WARNING);
    expect(result.warnings.join(' ')).toContain(RECORDED_WARNING);
  });

  it('uses default outputs when variables are omitted', async () => {
    const result = await service.calculate({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } });
    expect(result.outputs).toEqual({ snap_allotment: 298, snap_eligible: true });
  });

  it('maps failures to their codes', async () => {
    expect((await code(service.calculate({ program_id: 'nope', jurisdiction: 'us-fixture', household: {} }))).code).toBe('unsupported_program');
    const unknown = await code(service.calculate({ program_id: 'snap', jurisdiction: 'us-fixture', household: {}, variables: ['bogus', 'snap'] }));
    expect(unknown).toMatchObject({ code: 'invalid_request' });
    expect(unknown.message).toContain('bogus');
    const unmatched = await code(service.calculate({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 7 } } }));
    expect(unmatched.code).toBe('invalid_household');
    expect(unmatched.message).toContain('three-person-earner');
    const negative = await code(service.calculate({ program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1, rent: -1 } } }));
    expect(negative).toMatchObject({ code: 'invalid_household' });
    expect(negative.message).toContain('snap_rent');
  });

  it('turns engine failures and time-limit overruns into runtime_error', async () => {
    const failing = new CalculationService([scriptedRuntime(async () => Promise.reject(new Error('boom')))]);
    const failure = await code(failing.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } }));
    expect(failure.code).toBe('runtime_error');
    expect(failure.message).toContain('boom');
    const slow = new CalculationService([scriptedRuntime(() => new Promise(() => {}))], { timeLimitMs: 20 });
    const timeout = await code(slow.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } }));
    expect(timeout.code).toBe('runtime_error');
    expect(timeout.message).toContain('20 ms');
    const blocking = new CalculationService(
      [
        scriptedRuntime(async () => {
          const until = Date.now() + 30;
          while (Date.now() < until);
          return { outputs: { snap_allotment: 1, snap_eligible: true }, trace: [], warnings: [] };
        }),
      ],
      { timeLimitMs: 5 },
    );
    expect((await code(blocking.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } } }))).code).toBe('runtime_error');
  });

  it('holds synchronous runtimes (no timer) to the same failures and time limit', async () => {
    const household = { facts: { household_size: 1 } };
    const throwing = new CalculationService([
      scriptedRuntime(() => {
        throw new Error('sync boom');
      }),
    ]);
    const failure = await code(throwing.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household }));
    expect(failure).toMatchObject({ code: 'runtime_error' });
    expect(failure.message).toContain('sync boom');
    const overrunning = new CalculationService(
      [
        scriptedRuntime(() => {
          const until = Date.now() + 30;
          while (Date.now() < until);
          return { outputs: { snap_allotment: 1, snap_eligible: true }, trace: [], warnings: [] };
        }),
      ],
      { timeLimitMs: 5 },
    );
    const late = await code(overrunning.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household }));
    expect(late).toMatchObject({ code: 'runtime_error' });
    expect(late.message).toContain('5 ms');
    const quick = new CalculationService([scriptedRuntime(() => ({ outputs: { snap_allotment: 7, snap_eligible: true }, trace: [], warnings: [] }))]);
    const result = await quick.calculate({ program_id: 'scripted', jurisdiction: 'us-fixture', household });
    expect(result.outputs).toMatchObject({ snap_allotment: 7 });
  });

  it("checks every entry's variables before running a batch and reports entry failures positionally", async () => {
    // Entry shapes are the batch schema's job (tests/core/api/schemas); the use case checks what the schema cannot.
    const badVariable = await code(service.batch([{ program_id: 'snap', jurisdiction: 'us-fixture', household: {} }, { program_id: 'snap', jurisdiction: 'us-fixture', household: {}, variables: ['zzz'] }]));
    expect(badVariable).toMatchObject({ code: 'invalid_request' });
    expect(badVariable.message).toMatch(/^requests\[1\]: unknown variables/);
    // Names a plain object inherits are unknown variables like any other.
    const inherited = await code(service.batch([{ program_id: 'snap', jurisdiction: 'us-fixture', household: {}, variables: ['constructor', 'toString'] }]));
    expect(inherited.message).toMatch(/^requests\[0\]: unknown variables for us-fixture\/snap: constructor, toString\./);

    const response = await service.batch([
      { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: earner } },
      { program_id: 'other', jurisdiction: 'us-fixture', household: {} },
      { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1, earned_income: -3 } } },
    ]);
    expect(response.summary).toEqual({ total: 3, succeeded: 1, failed: 2 });
    expect(response.results.map((r) => (r.status === 'ok' ? 'ok' : r.error.code))).toEqual(['ok', 'unsupported_program', 'invalid_household']);
  });
});

describe('a batch resolves each entry once', () => {
  it('looks each entry\'s package up once, in the check, and runs it as resolved', async () => {
    let lookups = 0;
    const counting: Calculator = { id: fixture.id, mode: fixture.mode, packages: () => fixture.packages(), find: (p, j) => (lookups++, fixture.find(p, j)) };
    const service = new CalculationService([counting]);
    const response = await service.batch([single(), { ...single(), variables: ['snap'] }, { ...single(), program_id: 'other' }]);
    expect(response.results.map((r) => (r.status === 'ok' ? 'ok' : r.error.code))).toEqual(['ok', 'ok', 'unsupported_program']);
    // Three entries, three lookups (the check used to look each up again to run it: six).
    expect(lookups).toBe(3);
  });
});

/** A meter that records every charge and refund, optionally refusing charges (as a trial key over quota is). */
function recordingMeter(refuse = false) {
  const log: string[] = [];
  const meter: ComputeMeter = {
    charge: async (principal, units) => {
      if (refuse) throw new ServiceError('rate_limited', 'quota exceeded');
      log.push(`charge ${principal?.key_id ?? 'anonymous'} ${units}`);
    },
    refund: async (principal, units) => {
      log.push(`refund ${principal?.key_id ?? 'anonymous'} ${units}`);
    },
  };
  return { meter, log };
}

const trial: Principal = { key_id: 'trial-1', scopes: ['calculate:run'], kind: 'trial' };

describe('compute units are charged by the use case', () => {
  it('charges 1 unit per calculation and 1 per batch entry, after the checks and before anything runs', async () => {
    const { meter, log } = recordingMeter();
    const metered = new CalculationService([fixture], { timeLimitMs: 2000, meter });
    await metered.calculate(single(), trial);
    await metered.batch([single(), single(), { program_id: 'other', jurisdiction: 'us-fixture', household: {} }], trial);
    // A missing package is an entry error, so that entry is charged too: 1 + 3 units.
    expect(log).toEqual(['charge trial-1 1', 'charge trial-1 3']);
    // Refused requests (unknown program, unknown variable) are not charged.
    await code(metered.calculate({ ...single(), program_id: 'nope' }, trial));
    await code(metered.batch([{ ...single(), variables: ['zzz'] }], trial));
    expect(log).toHaveLength(2);
  });

  it('runs nothing when the meter refuses (429)', async () => {
    let ran = 0;
    const counting = scriptedRuntime(() => {
      ran += 1;
      return { outputs: { snap_allotment: 1, snap_eligible: true }, trace: [], warnings: [] };
    });
    const refusing = new CalculationService([counting], { timeLimitMs: 2000, meter: recordingMeter(true).meter });
    expect((await code(refusing.calculate({ ...single(), program_id: 'scripted' }, trial))).code).toBe('rate_limited');
    expect((await code(refusing.batch([{ ...single(), program_id: 'scripted' }], trial))).code).toBe('rate_limited');
    expect(ran).toBe(0);
  });

  it('charges a job at submission and gives the units back when the store cannot queue it', async () => {
    const { meter, log } = recordingMeter();
    const metered = new CalculationService([fixture], { timeLimitMs: 2000, meter });
    const store = new MemoryJobStore({ concurrency: 1 });
    await store.start((request) => metered.runEntry(request));
    const jobs = new JobService(store, metered, { newId: () => 'job-1', now: () => new Date() });
    await jobs.submit([single(), single()], trial);
    expect(log).toEqual(['charge trial-1 2']);
    const unreachable: JobStore = {
      durable: true,
      start: async () => {},
      submit: async () => Promise.reject(new ServiceError('store_unavailable', 'down')),
      get: async () => undefined,
      health: async () => ({ name: 'job store', status: 'unavailable' }),
      close: async () => {},
    };
    const broken = new JobService(unreachable, metered, { newId: () => 'job-2', now: () => new Date() });
    expect((await code(broken.submit([single()], trial))).code).toBe('store_unavailable');
    expect(log).toEqual(['charge trial-1 2', 'charge trial-1 1', 'refund trial-1 1']);
    await store.close();
  });
});

describe('JobService with the memory job store', () => {
  it('runs a job to completion, visible only to its creator', async () => {
    const calculation = new CalculationService([fixture]);
    const store = new MemoryJobStore({ concurrency: 1 });
    await store.start((request) => calculation.runEntry(request));
    let n = 0;
    const jobs = new JobService(store, calculation, { newId: () => `job-${++n}`, now: () => new Date() });
    const submitted = await jobs.submit(
      [
        { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: earner } },
        { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 9 } } },
      ],
      keyA,
    );
    expect(submitted).toEqual({ job_id: 'job-1', status: 'pending', total: 2, status_url: '/v1/jobs/job-1', durable: false });
    let record = await jobs.get('job-1', 'key-a');
    for (let i = 0; i < 100 && record.status !== 'succeeded'; i += 1) {
      await new Promise((r) => setTimeout(r, 5));
      record = await jobs.get('job-1', 'key-a');
    }
    expect(record).toMatchObject({ status: 'succeeded', total: 2, completed: 2, api_key_id: 'key-a' });
    expect(record.started_at).toBeDefined();
    expect(record.finished_at).toBeDefined();
    expect(record.results?.map((r) => r.status)).toEqual(['ok', 'error']);
    expect((await code(jobs.get('job-1', 'key-b'))).code).toBe('not_found');
    expect((await code(jobs.get('job-404', 'key-a'))).code).toBe('not_found');
    await store.close();
  });

  it('runs at most `concurrency` jobs at once and every job to completion', async () => {
    let active = 0;
    let peak = 0;
    const store = new MemoryJobStore({ concurrency: 2 });
    await store.start(async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
      return { status: 'error', error: { code: 'runtime_error', message: 'scripted' } };
    });
    const ids = [];
    for (let j = 0; j < 6; j += 1) ids.push((await store.submit({ id: `job-${j}`, api_key_id: null, created_at: new Date().toISOString(), requests: [single(), single()] })).id);
    for (let i = 0; i < 200 && (await Promise.all(ids.map((id) => store.get(id)))).some((r) => r?.status !== 'succeeded'); i += 1) await new Promise((r) => setTimeout(r, 5));
    const records = await Promise.all(ids.map((id) => store.get(id)));
    expect(records.every((r) => r?.status === 'succeeded' && r.completed === 2)).toBe(true);
    expect(peak).toBe(2);
    await store.close();
  });

  it('drops records after the retention period', async () => {
    let clock = Date.parse('2026-11-21T00:00:00Z');
    const store = new MemoryJobStore({ now: () => clock });
    await store.submit({ id: 'old', api_key_id: null, created_at: new Date(clock).toISOString(), requests: [] });
    expect(await store.get('old')).toBeDefined();
    clock += 24 * 3600 * 1000 + 1;
    expect(await store.get('old')).toBeUndefined();
  });
});
