/**
 * Wires calculation into the composition root: the runtimes (compiled packages, plus the fixture runtime
 * when TENET_RUNTIME_FIXTURE names a file), the calculation and job services, and the job store (Redis
 * through BullMQ when REDIS_URL is set, else per-instance memory). The job worker starts with the app.
 */
import { randomUUID } from 'node:crypto';
import type { Calculator } from '../../core/ports/calculator.js';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import { JobService } from '../../core/usecases/calculate/jobs.js';
import type { PlatformModule } from '../composition-root.js';
import { MemoryJobStore } from '../memory-store/jobs.js';
import { RedisJobStore } from '../redis-store/jobs.js';
import { FixtureRuntime } from '../runtime-fixture/fixture-runtime.js';
import { TOKENS, type Resolve } from '../tokens.js';
import { calculationSettingsFromEnv, type CalculationSettings } from './settings.js';
import { CALCULATION } from './tokens.js';

export interface CalculationModuleOptions {
  settings?: Partial<CalculationSettings>;
  /** Runtimes to use instead of the configured ones (tests). */
  calculators?: (resolve: Resolve) => Calculator[];
}

export function createCalculationModule(options: CalculationModuleOptions = {}): PlatformModule {
  return {
    name: 'calculation',
    register(registry, config) {
      const settings = { ...calculationSettingsFromEnv(), ...options.settings };
      registry.factory(CALCULATION.Calculators, (resolve) => {
        if (options.calculators) return options.calculators(resolve);
        const calculators: Calculator[] = [];
        if (settings.fixturePath) calculators.push(FixtureRuntime.fromFile(settings.fixturePath));
        return calculators;
      });
      registry.factory(CALCULATION.Service, (resolve) => new CalculationService(resolve(CALCULATION.Calculators), { timeLimitMs: settings.timeLimitMs }));
      registry.factory(CALCULATION.JobStore, () =>
        config.redisUrl === null
          ? new MemoryJobStore({ concurrency: settings.jobConcurrency })
          : new RedisJobStore({
              url: config.redisUrl,
              prefix: settings.jobRedisPrefix,
              concurrency: settings.jobConcurrency,
              lockDurationMs: settings.jobLockMs,
              stalledIntervalMs: settings.jobStalledIntervalMs,
            }),
      );
      registry.factory(CALCULATION.Jobs, (resolve) => new JobService(resolve(CALCULATION.JobStore), resolve(CALCULATION.Service), { newId: randomUUID, now: resolve(TOKENS.Clock) }));
      registry.resolve(TOKENS.Readiness).register({
        name: 'calculation runtime',
        check: async () => {
          const calculators = registry.resolve(CALCULATION.Calculators);
          const count = calculators.reduce((n, c) => n + c.packages().length, 0);
          const jobs = await registry.resolve(CALCULATION.JobStore).health();
          if (count === 0) return { status: 'unavailable', detail: 'no executable runtime package is configured' };
          const names = calculators.map((c) => `${c.mode} ${c.id}`).join(', ');
          if (jobs.status !== 'ready') return { status: 'degraded', detail: `${count} packages (${names}); job store ${jobs.detail ?? jobs.status}` };
          return { status: 'ready', detail: `${count} packages (${names}); ${jobs.detail ?? 'job store ready'}` };
        },
      });
    },
    async start(resolve) {
      const service = resolve(CALCULATION.Service);
      await resolve(CALCULATION.JobStore).start((request) => service.runEntry(request));
    },
    async stop(resolve) {
      await resolve(CALCULATION.JobStore).close();
    },
  };
}

export const calculationModule = createCalculationModule();
