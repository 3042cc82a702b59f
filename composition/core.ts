/**
 * The core without HTTP or a registry: one function, read top to bottom, that loads rule repositories once and
 * builds the read model, the compiled packages and the calculation use cases over them, as one typed object.
 * createRuleService (adapters/embedding) is this object with the API's schemas in front; the HTTP app's calculation
 * module builds its use cases with `calculationServices` below, so both run the same objects.
 *
 * Nothing here imports h3, srvx, the HTTP writer, Redis or BullMQ (tests/project/embedding-imports.test.ts).
 */
import type { Calculations } from '../core/ports/calculations.js';
import type { Calculator } from '../core/ports/calculator.js';
import type { ComputeMeter } from '../core/ports/compute-meter.js';
import type { Logger } from '../core/ports/logger.js';
import type { ReadCatalog } from '../core/ports/read-catalog.js';
import type { RuleRepository } from '../core/ports/rule-repository.js';
import type { RuntimeCatalog } from '../core/ports/runtime.js';
import { CalculationService, DEFAULT_TIME_LIMIT_MS, FREE_METER } from '../core/usecases/calculate/calculate.js';
import { SweepService } from '../core/usecases/calculate/sweep.js';
import { HouseholdCompatService } from '../core/usecases/compat/compat-service.js';
import { ScreenService } from '../core/usecases/screen/screen.js';
import { firstScreener } from '../core/usecases/screen/screeners.js';
import { ScreenSweepService } from '../core/usecases/screen/sweep.js';
import { CalculatorRuntimeCatalog } from '../core/usecases/read/runtime-catalog.js';
import { buildCatalogFrom, loadRepositories, type LoadStats } from '../adapters/read-surface/load.js';
import type { IdentitySettings } from '../adapters/read-surface/settings.js';
import { CompiledRuntime, type CompileProblem } from '../adapters/runtime-compiled/compiled-runtime.js';
import { FixtureRuntime } from '../adapters/runtime-fixture/fixture-runtime.js';

/** The calculation use cases over one app's calculators, each built once with its dependencies. */
export interface CalculationServices {
  calculation: Calculations;
  sweeps: SweepService;
  compat: HouseholdCompatService;
  screens: ScreenService;
  screenSweeps: ScreenSweepService;
}

export interface CalculationServiceOptions {
  timeLimitMs?: number;
  /** Charges compute units (the keys layer's trial quota in the HTTP app); default: nothing is metered. */
  meter?: ComputeMeter;
}

export function calculationServices(calculators: Calculator[], options: CalculationServiceOptions = {}): CalculationServices {
  const calculation = new CalculationService(calculators, { timeLimitMs: options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS, meter: options.meter ?? FREE_METER });
  const screener = firstScreener(calculators);
  const screens = new ScreenService(screener, { meter: options.meter ?? FREE_METER });
  // The combined sweep screens the start of its range unmetered: its own units cover it.
  const screenSweeps = new ScreenSweepService(new ScreenService(screener), { meter: options.meter ?? FREE_METER, timeLimitMs: calculation.timeLimitMs });
  return { calculation, sweeps: new SweepService(calculation), compat: new HouseholdCompatService(calculation, calculators, screens), screens, screenSweeps };
}

export interface CoreOptions {
  /** The RuleSpec repositories to serve (adapters/rulespec-fs reads one from a folder). */
  repositories: readonly RuleRepository[];
  /** Provenance to report where git says nothing (RULESPEC_REPO, ...); default: none. */
  identity?: IdentitySettings;
  /** How the repositories are named (the rule index's `source`); the HTTP app and createRuleService give RULES_PATH. */
  source?: string;
  /** Per-calculation time limit (default 2,000 ms) and a fixture runtime file (TENET_RUNTIME_FIXTURE). */
  calculation?: { timeLimitMs?: number; fixturePath?: string | null };
  meter?: ComputeMeter;
  logger?: Logger;
}

export interface Core extends CalculationServices {
  /** The rule index and search index. */
  readonly catalog: ReadCatalog;
  readonly catalogStats: LoadStats;
  /** Runtime packages as the read routes list them. */
  readonly runtime: RuntimeCatalog;
  /** The runtimes in lookup order: compiled first, then the fixture runtime when configured. */
  readonly calculators: readonly Calculator[];
  /** Program specs that did not compose (reported, not fatal). */
  readonly problems: readonly CompileProblem[];
}

const NO_IDENTITY: IdentitySettings = { repo: undefined, branch: undefined, release: undefined };

export async function createCore(options: CoreOptions): Promise<Core> {
  // 1. Read every repository once; the read model and the compiler share the parse.
  const started = performance.now();
  const loaded = await loadRepositories(options.repositories);
  const loadMs = performance.now() - started;
  const source = options.source ?? `${options.repositories.length} rule repositories`;

  // 2. The rule index and search index.
  const { catalog, stats } = await buildCatalogFrom(loaded, options.identity ?? NO_IDENTITY, source, loadMs);
  options.logger?.info('rule index built', { ...stats });

  // 3. The executable packages.
  const compiled = await CompiledRuntime.fromLoaded(loaded);
  const calculators: Calculator[] = [compiled];
  if (options.calculation?.fixturePath) calculators.push(FixtureRuntime.fromFile(options.calculation.fixturePath));

  // 4. The use cases over them.
  const services = calculationServices(calculators, { timeLimitMs: options.calculation?.timeLimitMs, meter: options.meter });
  return { catalog, catalogStats: stats, runtime: new CalculatorRuntimeCatalog(() => calculators), calculators, problems: compiled.problems, ...services };
}
