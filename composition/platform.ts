/**
 * What every app has, whatever else it builds: its configuration, logger, clock, readiness registry, request
 * observers and the memory of a shared-store outage. The subsystems (./subsystems/) are built on it.
 */
import type { AppConfig } from '../adapters/config/env.js';
import { bufferedStderr, JsonLogger } from '../adapters/logging/json-logger.js';
import { StoreGuard } from '../adapters/redis-store/guard.js';
import type { Logger } from '../core/ports/logger.js';
import type { ReadinessId, ReadinessRegistry } from '../core/ports/readiness.js';
import type { RequestObserver } from '../core/ports/request-observer.js';
import { InMemoryReadinessRegistry } from '../core/usecases/health.js';

export interface Platform {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly clock: () => Date;
  readonly readiness: ReadinessRegistry;
  /** Every observer of finished requests; the HTTP app gives each record to each (the analytics collector joins them). */
  readonly observers: RequestObserver[];
  /**
   * The app's memory of a shared-store outage (a circuit breaker, adapters/redis-store/guard.ts), taken by every
   * subsystem with a Redis client, so that a call one of them saw time out spares the others their own wait.
   */
  readonly storeGuard: StoreGuard;
}

export interface PlatformOptions {
  /** Where log lines go (tests keep them in memory); default: JSON lines on stderr. */
  logger?: Logger;
  clock?: () => Date;
  /** The request observers to start from (tests); subsystems may add theirs. */
  observers?: RequestObserver[];
}

export function buildPlatform(config: AppConfig, options: PlatformOptions = {}): Platform {
  return {
    config,
    logger: options.logger ?? new JsonLogger(bufferedStderr(), { service: 'tenet', environment: config.environment }),
    clock: options.clock ?? (() => new Date()),
    readiness: new InMemoryReadinessRegistry(config.rulesPaths.join(':')),
    observers: options.observers ?? [],
    storeGuard: new StoreGuard(),
  };
}

/** Declares a readiness check's id (core/ports/readiness.ts): the subsystem owning the dependency declares it once. */
export function readinessId(name: string): ReadinessId {
  return Object.freeze({ name });
}
