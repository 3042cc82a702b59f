/**
 * The one composition root: binds every port token to an adapter and builds the HTTP app.
 * Modules look services up with `resolve(token)` in their factories and hooks, and
 * routes declare the services their handler receives (`needs`, see http-h3/route.ts).
 *
 * To wire a subsystem, write a PlatformModule (./platform-module.ts) in your adapter folder, put its tokens in
 * the folder's tokens.ts, and append the module to MODULES (one line). The parity module is a short example:
 *
 *   export function createParityModule(settings?: ParitySettings): PlatformModule {
 *     return {
 *       name: 'parity',
 *       needs: [TOKENS.Logger],   // tokens bound elsewhere that it resolves; createApp checks they are bound
 *       register(registry, config) {
 *         const { paths, explicit } = settings ?? config.settings.parity.folders;
 *         const cases = new FsParityCases(paths, { requireFolders: explicit });
 *         registry.value(CASE_FILES, cases);    // the module's own token: it loads the files
 *         registry.value(PARITY.Cases, cases);  // the port routes read (ParityCaseSource)
 *       },
 *       async start(resolve) {   // load the case files before the app serves
 *         const cases = await resolve(CASE_FILES).load();
 *         resolve(TOKENS.Logger).info('parity cases loaded', { cases: cases.length });
 *       },
 *     };
 *   }
 *
 * Per-app state is created in register() and bound to a token, never kept in the module or its closure: MODULES
 * holds one object of each, shared by every app built in the process.
 *
 * Later registrations of a token replace earlier ones, so a module may rebind a platform default
 * (e.g. the keys module binds TOKENS.AuthGate to the full gate).
 */
import type { AppConfig } from '../adapters/config/env.js';
import { EnvironmentKeyGate } from '../core/usecases/auth/environment-key-gate.js';
import { InMemoryReadinessRegistry } from '../core/usecases/health.js';
import type { Logger } from '../core/ports/logger.js';
import { createHttpApp, type HttpApp } from '../adapters/http-h3/app.js';
import { buildOpenApiDocument } from '../adapters/http-h3/openapi.js';
import type { RouteDefinition } from '../adapters/http-h3/route.js';
import { routes as defaultRoutes } from '../adapters/http-h3/routes/index.js';
import { calculationModule } from './modules/calculation.js';
import { keysModule } from './modules/keys.js';
import { parityModule } from './modules/parity.js';
import { readSurfaceModule } from './modules/read-surface.js';
import { operationsModule } from './modules/operations.js';
import { bufferedStderr, JsonLogger } from '../adapters/logging/json-logger.js';
import type { PlatformModule, Registry } from './platform-module.js';
import { routeDepsResolver } from './route-deps.js';
import { CALCULATION_READY } from './tokens/calculation.js';
import { KEYS_READY } from './tokens/keys.js';
import { RULE_INDEX_READY } from './tokens/read.js';
import { HTTP } from './tokens/http.js';
import { CalculationJson } from '../adapters/http-h3/calculation-json.js';
import { OPENAPI_DOCUMENT, TOKENS, type Resolve, type Token } from './tokens.js';

export type { PlatformModule, Registry } from './platform-module.js';

/** Platform defaults: logger, clock, the minimal environment-key AuthGate, readiness with default checks. */
export const platformModule: PlatformModule = {
  name: 'platform',
  register(registry, config) {
    registry.value(TOKENS.Config, config);
    registry.value(TOKENS.Clock, () => new Date());
    registry.factory(TOKENS.Logger, () => new JsonLogger(bufferedStderr(), { service: 'tenet', environment: config.environment }));
    registry.factory(TOKENS.AuthGate, (resolve) => new EnvironmentKeyGate(config.serviceApiKeys, resolve(TOKENS.Clock)));
    registry.value(TOKENS.RequestObservers, []);
    // The HTTP writer of calculation answers: the platform's, so the calculation wiring imports no HTTP code.
    registry.value(HTTP.CalculationJson, new CalculationJson());
    // No quota metering until the keys module binds the real meter.
    registry.value(TOKENS.ComputeMeter, { charge: async () => {}, refund: async () => {} });
    const readiness = new InMemoryReadinessRegistry(config.rulesPaths.join(':'));
    registry.value(TOKENS.Readiness, readiness);
    // Each subsystem replaces its check by registering under the id it declares; until then the check says what is missing.
    readiness.register({ id: KEYS_READY.auth, check: () => registry.resolve(TOKENS.AuthGate).health() });
    readiness.register({
      id: KEYS_READY.counters,
      check: async () =>
        config.redisUrl === null
          ? { status: 'ready', detail: 'in-process memory (REDIS_URL unset): counters are per instance' }
          : { status: 'unavailable', detail: 'REDIS_URL is set but no Redis store is wired into the composition root' },
    });
    readiness.register({ id: RULE_INDEX_READY, check: async () => ({ status: 'unavailable', detail: 'no rule index is wired into the composition root' }) });
    readiness.register({ id: CALCULATION_READY, check: async () => ({ status: 'unavailable', detail: 'no calculation runtime is wired into the composition root' }) });
  },
};

/** Every subsystem, in registration order. Append yours here. */
export const MODULES: PlatformModule[] = [platformModule, keysModule, readSurfaceModule, calculationModule, parityModule, operationsModule];

export interface AppOverrides {
  /** Replaces the route list (tests of the platform itself). */
  routes?: RouteDefinition[];
  /** Added after the route list (tests). */
  extraRoutes?: RouteDefinition[];
  /** Replaces MODULES (the platform module always runs first). */
  modules?: PlatformModule[];
  /** Applied after every module: rebind any token (e.g. a memory logger or a fake AuthGate in tests). */
  bind?: (registry: Registry) => void;
  /** Skip module start hooks (tests that do not need rules loaded). */
  skipStart?: boolean;
}

export interface App {
  fetch: HttpApp['fetch'];
  http: HttpApp;
  config: AppConfig;
  /** The app's logger (the server logs through it). */
  logger: Logger;
  /** A service of the app by token: for tests that look inside an app; production code is handed what it needs. */
  resolve: Resolve;
  openapi: Record<string, unknown>;
  routes: readonly RouteDefinition[];
  close(): Promise<void>;
}

/**
 * One app's bindings: a map from token to a value or a lazily built singleton. (tsyringe did this before; it did no
 * more here, no scopes, disposal or decorators, so a map replaced it and the reflect-metadata polyfill.)
 */
function appRegistry(): Registry {
  const bindings = new Map<symbol, { value: unknown } | { build: () => unknown }>();
  const resolve: Resolve = <T>(token: Token<T>): T => {
    const binding = bindings.get(token.key);
    if (binding === undefined) throw new Error(`no module of this app binds ${token.name}`);
    if ('value' in binding) return binding.value as T;
    const value = binding.build();
    bindings.set(token.key, { value });
    return value as T;
  };
  return {
    resolve,
    has: (token) => bindings.has(token.key),
    value: (token, value) => {
      bindings.set(token.key, { value });
    },
    factory: (token, build) => {
      bindings.set(token.key, { build: () => build(resolve) });
    },
  };
}

/**
 * The app's registry as one module sees it: the module may resolve (in register, in its factories and in its
 * start and stop hooks) only the tokens it binds itself or declares in `needs` or `uses`; any other token throws,
 * naming the module and the token, so a module's declarations list everything it depends on.
 */
export class ModuleScope {
  /** Tokens the module bound itself (a module may rebind a platform token, e.g. keys binds AuthGate). */
  readonly #own = new Set<symbol>();
  readonly #declared: ReadonlySet<symbol>;

  constructor(
    readonly module: PlatformModule,
    private readonly app: Registry,
  ) {
    this.#declared = new Set([...(module.needs ?? []), ...(module.uses ?? [])].map((t) => t.key));
  }

  readonly resolve: Resolve = (token) => {
    if (!this.#own.has(token.key) && !this.#declared.has(token.key)) {
      throw new Error(`module ${this.module.name} resolves ${token.name}, which it neither binds nor declares in needs or uses`);
    }
    return this.app.resolve(token);
  };

  readonly registry: Registry = {
    resolve: this.resolve,
    has: (token) => this.app.has(token),
    value: (token, value) => {
      this.#own.add(token.key);
      this.app.value(token, value);
    },
    factory: (token, build) => {
      this.#own.add(token.key);
      this.app.factory(token, () => build(this.resolve));
    },
  };
}

/** Every token a module declares it needs must be bound once all modules (and the test bindings) registered. */
function checkNeeds(modules: readonly PlatformModule[], registry: Registry): void {
  for (const module of modules) {
    const missing = (module.needs ?? []).filter((need) => !registry.has(need));
    if (missing.length > 0) throw new Error(`module ${module.name} needs ${missing.map((t) => t.name).join(', ')}, which no module of this app binds`);
  }
}

/** Builds a fully wired app: in-process for tests (`app.fetch(new Request(...))`) and for `tenet serve`. */
export async function createApp(config: AppConfig, overrides: AppOverrides = {}): Promise<App> {
  const registry = appRegistry();
  const modules = [platformModule, ...(overrides.modules ?? MODULES).filter((m) => m !== platformModule)];
  const scopes = modules.map((module) => new ModuleScope(module, registry));
  for (const scope of scopes) scope.module.register(scope.registry, config);
  overrides.bind?.(registry);

  const routes = [...(overrides.routes ?? defaultRoutes), ...(overrides.extraRoutes ?? [])];
  const openapi = buildOpenApiDocument(routes);
  registry.value(OPENAPI_DOCUMENT, openapi);
  checkNeeds(modules, registry);

  const resolve = registry.resolve;
  const started: ModuleScope[] = [];
  const stopAll = async (): Promise<void> => {
    for (const scope of started.reverse()) await scope.module.stop?.(scope.resolve);
    started.length = 0;
  };
  if (!overrides.skipStart) {
    try {
      for (const scope of scopes) {
        await scope.module.start?.(scope.resolve);
        started.push(scope);
      }
    } catch (error) {
      await stopAll();
      throw error;
    }
  }

  const logger: Logger = resolve(TOKENS.Logger);
  const http = createHttpApp({
    config,
    routes,
    authGate: resolve(TOKENS.AuthGate),
    logger,
    observers: resolve(TOKENS.RequestObservers),
    routeDeps: routeDepsResolver(registry),
  });
  return { fetch: http.fetch, http, config, logger, resolve, openapi, routes, close: stopAll };
}
