/**
 * The one composition root: builds one typed object of services per app (AppServices, ./services.ts) and the HTTP
 * app over it, top to bottom: the platform, then each subsystem (./subsystems/) from what was built before it,
 * then the routes and the HTTP pipeline. Tests and embedders change what an app is built from with typed options
 * (AppOptions): a logger, a clock, stores, runtimes, or `false` for a subsystem the app should not build.
 *
 * To wire a new subsystem: write `buildX(platform, ...): X` in ./subsystems/x.ts (its services, its readiness
 * check under an id it declares, its start and stop), add it to Subsystems in ./services.ts, build it below, and
 * let routes select its services in `needs`.
 */
import type { AppConfig } from '../adapters/config/env.js';
import { CalculationJson } from '../adapters/http-h3/calculation-json.js';
import { createHttpApp, type HttpApp } from '../adapters/http-h3/app.js';
import { buildOpenApiDocument } from '../adapters/http-h3/openapi.js';
import type { RouteDefinition } from '../adapters/http-h3/route.js';
import { routes as defaultRoutes } from '../adapters/http-h3/routes/index.js';
import { SharedRepositories } from '../adapters/read-surface/shared-repositories.js';
import { FsRuleRepository } from '../adapters/rulespec-fs/fs-rule-repository.js';
import type { AuthGate } from '../core/ports/auth-gate.js';
import type { ComputeMeter } from '../core/ports/compute-meter.js';
import type { Logger } from '../core/ports/logger.js';
import { EnvironmentKeyGate } from '../core/usecases/auth/environment-key-gate.js';
import { FREE_METER } from '../core/usecases/calculate/calculate.js';
import { buildPlatform, type Platform, type PlatformOptions } from './platform.js';
import { routeDepsResolver } from './route-deps.js';
import { routeServices, type AppServices } from './services.js';
import { buildCalculation, CALCULATION_READY, type CalculationOptions } from './subsystems/calculation.js';
import { buildKeys, KEYS_READY, type KeysOptions } from './subsystems/keys.js';
import { startAll, type Lifecycle } from './subsystems/lifecycle.js';
import { buildOperations, type OperationsOptions } from './subsystems/operations.js';
import { buildParity } from './subsystems/parity.js';
import type { ParitySettings } from '../adapters/parity/settings.js';
import { buildReadSurface, RULE_INDEX_READY } from './subsystems/read-surface.js';

export interface AppOptions extends PlatformOptions {
  /** Replaces the route list (tests of the platform itself). */
  routes?: RouteDefinition[];
  /** Added after the route list (tests). */
  extraRoutes?: RouteDefinition[];
  /** Skip the subsystems' start hooks (tests that do not need rules loaded). */
  skipStart?: boolean;
  /** Replaces the keys subsystem's meter (or the free one) as the calculation use cases' meter (tests). */
  meter?: ComputeMeter;
  /** Each subsystem: its options, or false to leave it out of the app. */
  keys?: KeysOptions | false;
  read?: boolean;
  calculation?: CalculationOptions | false;
  /** The parity case folders to read instead of PARITY_PATH's. */
  parity?: ParitySettings | false;
  operations?: OperationsOptions | false;
}

/** Options for an app of the platform alone (its routes answer 500 for a service no subsystem builds). */
export const PLATFORM_ONLY = { keys: false, read: false, calculation: false, parity: false, operations: false } as const satisfies AppOptions;

export interface App {
  fetch: HttpApp['fetch'];
  http: HttpApp;
  config: AppConfig;
  /** The app's logger (the server logs through it). */
  logger: Logger;
  /** Everything the app built: for tests that look inside an app; production code is handed what it needs. */
  services: AppServices;
  openapi: Record<string, unknown>;
  routes: readonly RouteDefinition[];
  close(): Promise<void>;
}

/** Builds a fully wired app: in-process for tests (`app.fetch(new Request(...))`) and for `tenet serve`. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const platform = buildPlatform(config, options);
  // The minimal gate (SERVICE_API_KEYS only) of an app without the keys subsystem.
  const environmentGate = new EnvironmentKeyGate(config.serviceApiKeys, platform.clock);
  installPlaceholderChecks(platform, environmentGate);

  const keys = options.keys === false ? undefined : buildKeys(platform, options.keys);
  const authGate: AuthGate = keys?.gate ?? environmentGate;
  const meter = options.meter ?? keys?.gate ?? FREE_METER;

  // The read surface and the compiler share one parse of the RULES_PATH repositories.
  const repositories = new SharedRepositories(() => config.rulesPaths.map((path) => new FsRuleRepository(path)));
  const calculation = options.calculation === false ? undefined : buildCalculation(platform, meter, repositories, options.calculation);
  const read = options.read === false ? undefined : buildReadSurface(platform, repositories, () => calculation?.calculators ?? []);
  const parity = options.parity === false ? undefined : buildParity(platform, options.parity);

  const routes = [...(options.routes ?? defaultRoutes), ...(options.extraRoutes ?? [])];
  const openapi = buildOpenApiDocument(routes);
  const operations = options.operations === false ? undefined : buildOperations(platform, openapi, options.operations);

  const services: AppServices = { ...platform, authGate, meter, openapi, calculationJson: new CalculationJson(), keys, read, calculation, parity, operations };
  // Started in this order (the rule index before the compiler, which releases the shared parse), stopped in reverse.
  const parts = [keys, read, calculation, parity, operations].filter((part): part is NonNullable<typeof part> => part !== undefined);
  const close = options.skipStart ? () => stopEach(parts) : await startAll(parts);

  const http = createHttpApp({
    config,
    routes,
    authGate,
    logger: platform.logger,
    observers: platform.observers,
    routeDeps: routeDepsResolver(routeServices(services)),
  });
  return { fetch: http.fetch, http, config, logger: platform.logger, services, openapi, routes, close };
}

/**
 * The readiness checks of subsystems an app may not build, in the order /v1/ready lists them: each subsystem
 * replaces its own under the id it declares, so an app without it says what is missing.
 */
function installPlaceholderChecks({ readiness, config }: Platform, environmentGate: AuthGate): void {
  readiness.register({ id: KEYS_READY.auth, check: () => environmentGate.health() });
  readiness.register({
    id: KEYS_READY.counters,
    check: async () =>
      config.redisUrl === null
        ? { status: 'ready', detail: 'in-process memory (REDIS_URL unset): counters are per instance' }
        : { status: 'unavailable', detail: 'REDIS_URL is set but no Redis store is wired into the composition root' },
  });
  readiness.register({ id: RULE_INDEX_READY, check: async () => ({ status: 'unavailable', detail: 'no rule index is wired into the composition root' }) });
  readiness.register({ id: CALCULATION_READY, check: async () => ({ status: 'unavailable', detail: 'no calculation runtime is wired into the composition root' }) });
}

/** Stops every part of an app that was never started (skipStart): stores built eagerly are closed all the same. */
async function stopEach(parts: readonly Lifecycle[]): Promise<void> {
  for (const part of [...parts].reverse()) await part.stop?.();
}
