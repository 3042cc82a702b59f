/**
 * Wires calculation into the composition root: the runtimes (compiled packages of the RULES_PATH
 * repositories, loaded at start, plus the fixture runtime when TENET_RUNTIME_FIXTURE names a file), the calculation and job services, and the job store (Redis
 * through BullMQ when REDIS_URL is set, else per-instance memory). The job worker starts with the app.
 */
import { randomUUID } from 'node:crypto';
import type { Calculator } from '../../core/ports/calculator.js';
import { JobService } from '../../core/usecases/calculate/jobs.js';
import { calculationServices, type CalculationServices } from '../core.js';
import type { PlatformModule } from '../platform-module.js';
import { MemoryJobStore } from '../../adapters/memory-store/jobs.js';
import { STORE_GUARD } from '../tokens/keys.js';
import { StoreGuard } from '../../adapters/redis-store/guard.js';
import { RedisJobStore } from '../../adapters/redis-store/jobs.js';
import { FixtureRuntime } from '../../adapters/runtime-fixture/fixture-runtime.js';
import { CompiledRuntime, type CompileProblem } from '../../adapters/runtime-compiled/compiled-runtime.js';
import { READ } from '../tokens/read.js';
import { token, TOKENS, type Resolve } from '../tokens.js';
import type { CalculationSettings } from '../../adapters/calculation/settings.js';
import { CALCULATION, CALCULATION_READY } from '../tokens/calculation.js';

/** The module's own view of the use cases it builds (routes see CALCULATION.Service, .Sweep, .Compat). */
const SERVICES = token<CalculationServices>('CalculationServices');

export interface CalculationModuleOptions {
  settings?: Partial<CalculationSettings>;
  /** Runtimes to use instead of the configured ones (tests). */
  calculators?: (resolve: Resolve) => Calculator[];
}

/**
 * One app's runtimes: filled by start(), read through the tokens. Every app that registers the module gets its
 * own, so two apps built at the same time (embedders, tests) never share calculators or problems.
 */
class AppRuntimes {
  /** One array for the app's lifetime: load() fills it, so every holder of the reference sees the runtimes. */
  readonly calculators: Calculator[] = [];
  readonly problems: CompileProblem[] = [];

  constructor(private readonly loadInto: (self: AppRuntimes, resolve: Resolve) => Promise<void>) {}

  load(resolve: Resolve): Promise<void> {
    return this.loadInto(this, resolve);
  }
}

export function createCalculationModule(options: CalculationModuleOptions = {}): PlatformModule {
  return {
    name: 'calculation',
    needs: [TOKENS.Logger, TOKENS.Clock, TOKENS.Readiness, TOKENS.ComputeMeter],
    uses: [READ.Repositories, STORE_GUARD],
    register(registry, config) {
      const settings = { ...config.settings.calculation, ...options.settings };
      // Share the read surface's parse of RULES_PATH when it is wired: one load of the repositories at start-up.
      const shared = options.calculators || !registry.has(READ.Repositories) ? undefined : registry.resolve(READ.Repositories);
      shared?.claim('calculation');
      const runtimes = new AppRuntimes(async ({ calculators, problems }, resolve) => {
        if (options.calculators) {
          calculators.push(...options.calculators(resolve));
          return;
        }
        const compiled = shared
          ? await shared.load().then((loaded) => CompiledRuntime.fromLoaded(loaded)).finally(() => shared.done('calculation'))
          : await CompiledRuntime.load(config.rulesPaths);
        problems.push(...compiled.problems);
        calculators.push(compiled);
        if (settings.fixturePath) calculators.push(FixtureRuntime.fromFile(settings.fixturePath));
      });
      registry.value(CALCULATION.Runtimes, runtimes);
      registry.value(CALCULATION.Calculators, runtimes.calculators);
      registry.value(CALCULATION.Problems, runtimes.problems);
      // The use cases, as createCore builds them (../core.ts). The meter is resolved when they are first built, after
      // every module registered (keys replaces the platform's free one).
      registry.factory(SERVICES, (resolve) => calculationServices(resolve(CALCULATION.Calculators), { timeLimitMs: settings.timeLimitMs, meter: resolve(TOKENS.ComputeMeter) }));
      registry.factory(CALCULATION.Service, (resolve) => resolve(SERVICES).calculation);
      registry.factory(CALCULATION.Sweep, (resolve) => resolve(SERVICES).sweeps);
      registry.factory(CALCULATION.Compat, (resolve) => resolve(SERVICES).compat);
      registry.factory(CALCULATION.JobStore, (resolve) =>
        config.redisUrl === null
          ? new MemoryJobStore({ concurrency: settings.jobConcurrency })
          : new RedisJobStore({
              url: config.redisUrl,
              prefix: settings.jobRedisPrefix,
              concurrency: settings.jobConcurrency,
              lockDurationMs: settings.jobLockMs,
              stalledIntervalMs: settings.jobStalledIntervalMs,
              // One bound for every Redis call (docs/operations.md, "Timeouts").
              commandTimeoutMs: config.settings.keys.redisCommandTimeoutMs,
              logger: resolve(TOKENS.Logger),
              guard: registry.has(STORE_GUARD) ? resolve(STORE_GUARD) : new StoreGuard(),
            }),
      );
      registry.factory(CALCULATION.Jobs, (resolve) => new JobService(resolve(CALCULATION.JobStore), resolve(CALCULATION.Service), { newId: randomUUID, now: resolve(TOKENS.Clock), logger: resolve(TOKENS.Logger) }));
      registry.resolve(TOKENS.Readiness).register({
        id: CALCULATION_READY,
        check: async () => {
          const calculators = registry.resolve(CALCULATION.Calculators);
          const count = calculators.reduce((n, c) => n + c.packages().length, 0);
          const jobs = await registry.resolve(CALCULATION.JobStore).health();
          if (count === 0) return { status: 'unavailable', detail: 'no executable runtime package is configured' };
          const names = calculators.map((c) => `${c.mode} ${c.id}`).join(', ');
          if (jobs.status !== 'ready') return { status: 'degraded', detail: `${count} packages (${names}); job store ${jobs.detail ?? jobs.status}` };
          // Specs that fail to compose are not executable packages; they are reported, not fatal.
          const { problems } = runtimes;
          const skipped = problems.length > 0 ? `; ${problems.length} program specs did not compose (e.g. ${problems[0].spec}: ${problems[0].message.slice(0, 160)})` : '';
          return { status: 'ready', detail: `${count} packages (${names}); ${jobs.detail ?? 'job store ready'}${skipped}` };
        },
      });
    },
    async start(resolve) {
      await resolve(CALCULATION.Runtimes).load(resolve);
      const service = resolve(CALCULATION.Service);
      await resolve(CALCULATION.JobStore).start((request) => service.runEntry(request));
    },
    async stop(resolve) {
      await resolve(CALCULATION.JobStore).close();
    },
  };
}

export const calculationModule = createCalculationModule();
