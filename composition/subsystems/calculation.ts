/**
 * The calculation subsystem: the runtimes (compiled packages of the RULES_PATH repositories, loaded at start, plus
 * the fixture runtime when TENET_RUNTIME_FIXTURE names a file), the use cases over them (built once, metered), and
 * jobs with their store (Redis through BullMQ when REDIS_URL is set, else per-instance memory), whose worker starts
 * with the app. It imports no HTTP code (tests/project/architecture.test.ts): the answer writer is the HTTP app's.
 */
import { randomUUID } from 'node:crypto';
import type { CalculationSettings } from '../../adapters/calculation/settings.js';
import { MemoryJobStore } from '../../adapters/memory-store/jobs.js';
import type { SharedRepositories } from '../../adapters/read-surface/shared-repositories.js';
import { RedisJobStore } from '../../adapters/redis-store/jobs.js';
import { CompiledRuntime, type CompileProblem } from '../../adapters/runtime-compiled/compiled-runtime.js';
import { FixtureRuntime } from '../../adapters/runtime-fixture/fixture-runtime.js';
import type { CalculationJobs } from '../../core/ports/calculation-jobs.js';
import type { Calculator } from '../../core/ports/calculator.js';
import type { ComputeMeter } from '../../core/ports/compute-meter.js';
import type { JobStore } from '../../core/ports/job-store.js';
import { JobService } from '../../core/usecases/calculate/jobs.js';
import { calculationServices, type CalculationServices } from '../core.js';
import { readinessId, type Platform } from '../platform.js';
import type { Lifecycle } from './lifecycle.js';

/** The calculation subsystem's readiness check; until it is built the app reports that no runtime is wired (app.ts). */
export const CALCULATION_READY = readinessId('calculation runtime');

export interface CalculationOptions {
  settings?: Partial<CalculationSettings>;
  /** Runtimes to use instead of the configured ones (tests); taken at start. */
  calculators?: () => Calculator[];
  /** A job store to use instead of the configured one (tests). */
  jobStore?: JobStore;
}

export interface Calculation extends CalculationServices, Lifecycle {
  /** Runtimes in lookup order: compiled first, then fixture; filled at start, one array for the app's lifetime. */
  readonly calculators: readonly Calculator[];
  /** Program specs of the configured repositories that did not compose (reported, not fatal). */
  readonly problems: readonly CompileProblem[];
  readonly jobs: CalculationJobs;
}

/** `repositories`: the shared load of RULES_PATH (one parse for the read surface and the compiler). */
export function buildCalculation(platform: Platform, meter: ComputeMeter, repositories: SharedRepositories, options: CalculationOptions = {}): Calculation {
  const { config, logger } = platform;
  const settings = { ...config.settings.calculation, ...options.settings };
  const calculators: Calculator[] = [];
  const problems: CompileProblem[] = [];
  if (!options.calculators) repositories.claim('calculation');
  const loadRuntimes = async (): Promise<void> => {
    if (options.calculators) {
      calculators.push(...options.calculators());
      return;
    }
    const compiled = await repositories
      .load()
      .then((loaded) => CompiledRuntime.fromLoaded(loaded))
      .finally(() => repositories.done('calculation'));
    problems.push(...compiled.problems);
    calculators.push(compiled);
    if (settings.fixturePath) calculators.push(FixtureRuntime.fromFile(settings.fixturePath));
  };
  const services = calculationServices(calculators, { timeLimitMs: settings.timeLimitMs, meter });
  const jobStore = options.jobStore ?? jobStoreFor(platform, settings);
  const jobs = new JobService(jobStore, services.calculation, { newId: randomUUID, now: platform.clock, logger });
  platform.readiness.register({ id: CALCULATION_READY, check: () => runtimeHealth(calculators, problems, jobStore) });
  return {
    name: 'calculation',
    ...services,
    calculators,
    problems,
    jobs,
    async start() {
      await loadRuntimes();
      await jobStore.start((request) => services.calculation.runEntry(request));
    },
    stop: () => jobStore.close(),
  };
}

function jobStoreFor({ config, logger, storeGuard }: Platform, settings: CalculationSettings): JobStore {
  if (config.redisUrl === null) return new MemoryJobStore({ concurrency: settings.jobConcurrency });
  return new RedisJobStore({
    url: config.redisUrl,
    prefix: settings.jobRedisPrefix,
    concurrency: settings.jobConcurrency,
    lockDurationMs: settings.jobLockMs,
    stalledIntervalMs: settings.jobStalledIntervalMs,
    // One bound for every Redis call (docs/operations.md, "Timeouts").
    commandTimeoutMs: config.settings.keys.redisCommandTimeoutMs,
    logger,
    guard: storeGuard,
  });
}

async function runtimeHealth(calculators: readonly Calculator[], problems: readonly CompileProblem[], jobStore: JobStore) {
  const count = calculators.reduce((n, c) => n + c.packages().length, 0);
  const jobs = await jobStore.health();
  if (count === 0) return { status: 'unavailable' as const, detail: 'no executable runtime package is configured' };
  const names = calculators.map((c) => `${c.mode} ${c.id}`).join(', ');
  if (jobs.status !== 'ready') return { status: 'degraded' as const, detail: `${count} packages (${names}); job store ${jobs.detail ?? jobs.status}` };
  // Specs that fail to compose are not executable packages; they are reported, not fatal.
  const skipped = problems.length > 0 ? `; ${problems.length} program specs did not compose (e.g. ${problems[0].spec}: ${problems[0].message.slice(0, 160)})` : '';
  return { status: 'ready' as const, detail: `${count} packages (${names}); ${jobs.detail ?? 'job store ready'}${skipped}` };
}
