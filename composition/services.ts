/**
 * One app's services as one typed object (built by buildApp in ./app.ts), and the view of it that routes select
 * their dependencies from (`needs`, adapters/http-h3/route.ts).
 */
import type { CalculationJson } from '../adapters/http-h3/calculation-json.js';
import type { AuthGate } from '../core/ports/auth-gate.js';
import type { ComputeMeter } from '../core/ports/compute-meter.js';
import type { Platform } from './platform.js';
import type { Calculation } from './subsystems/calculation.js';
import type { Keys } from './subsystems/keys.js';
import type { Operations } from './subsystems/operations.js';
import type { Parity } from './subsystems/parity.js';
import type { ReadSurface } from './subsystems/read-surface.js';

/** The subsystems an app may build (each one is left out with `false` in AppOptions). */
export interface Subsystems {
  keys: Keys;
  read: ReadSurface;
  calculation: Calculation;
  parity: Parity;
  operations: Operations;
}

export type SubsystemName = keyof Subsystems;

export const SUBSYSTEM_NAMES: readonly SubsystemName[] = ['keys', 'read', 'calculation', 'parity', 'operations'];

export interface AppServices extends Platform, Partial<Subsystems> {
  /** The keys subsystem's gate, or the environment-key gate of an app without it. */
  readonly authGate: AuthGate;
  /** Charges trial compute units: the keys subsystem's gate, or nothing metered. */
  readonly meter: ComputeMeter;
  /** The OpenAPI document, generated once from the route list. */
  readonly openapi: Record<string, unknown>;
  /** The HTTP writer of calculation answers (the app's own trace pieces). */
  readonly calculationJson: CalculationJson;
}

/**
 * What a route's `needs` selects from: every subsystem as if built, and `has(name)` for a route that can do without
 * one. Reading a subsystem the app did not build throws, naming it; the route answers 500 (logged), as a handler
 * of a platform-only test app would.
 */
export type RouteServices = Platform & Subsystems & Pick<AppServices, 'authGate' | 'meter' | 'openapi' | 'calculationJson'> & { has(name: SubsystemName): boolean };

export function routeServices(services: AppServices): RouteServices {
  const view = { ...services, has: (name: SubsystemName) => services[name] !== undefined };
  for (const name of SUBSYSTEM_NAMES) {
    if (services[name] !== undefined) continue;
    Object.defineProperty(view, name, {
      get() {
        throw new Error(`the ${name} subsystem, which this app does not build`);
      },
    });
  }
  return view as RouteServices;
}
