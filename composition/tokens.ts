/**
 * Typed dependency tokens. The composition root binds each token in its registry (app.ts); modules look services up
 * through `resolve(token)`, and routes declare the tokens they need (route.ts).
 * Add a token for your port here (one line) and bind it in a PlatformModule (see composition-root.ts).
 */
import type { AppConfig } from '../adapters/config/env.js';
import type { AuthGate } from '../core/ports/auth-gate.js';
import type { ComputeMeter } from '../core/ports/compute-meter.js';
import type { Logger } from '../core/ports/logger.js';
import type { ReadinessId, ReadinessRegistry } from '../core/ports/readiness.js';
import type { RequestObserver } from '../core/ports/request-observer.js';

export interface Token<T> {
  readonly key: symbol;
  readonly name: string;
  /** Phantom field carrying T for type inference; never set. */
  readonly __type?: T;
}

export function token<T>(name: string): Token<T> {
  return { key: Symbol(name), name };
}

export type Resolve = <T>(token: Token<T>) => T;

/** Declares a readiness check's id (core/ports/readiness.ts): the owner of the dependency declares it once, beside its tokens. */
export function readinessId(name: string): ReadinessId {
  return Object.freeze({ name });
}

/** Read access to one app's registry: look a service up, or ask whether any module bound it. */
export interface Services {
  resolve: Resolve;
  has(token: Token<unknown>): boolean;
}

export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  AuthGate: token<AuthGate>('AuthGate'),
  Readiness: token<ReadinessRegistry>('Readiness'),
  /** All observers; the composition root fans each record out to every one. */
  RequestObservers: token<RequestObserver[]>('RequestObservers'),
  Clock: token<() => Date>('Clock'),
  /** Trial compute-unit quota: the calculation use cases call charge(principal, calculationUnits(entries)). */
  ComputeMeter: token<ComputeMeter>('ComputeMeter'),
};

/** The OpenAPI document, generated once from the route list at start-up. */
export const OPENAPI_DOCUMENT = token<Record<string, unknown>>('OpenApiDocument');
