/**
 * Gives each route the services its `needs` selects (route.ts). One resolver per app: a route's deps are selected
 * from that app's services on the route's first request and reused after, so handlers never look services up and
 * two apps in one process never share a route's deps.
 */
import type { RouteDefinition } from '../adapters/http-h3/route.js';
import type { RouteServices } from './services.js';

const NO_DEPS: Readonly<Record<string, unknown>> = Object.freeze({});

export type RouteDepsResolver = (route: RouteDefinition) => Record<string, unknown>;

function select(route: RouteDefinition, services: RouteServices): Record<string, unknown> {
  try {
    return route.needs!(services) as Record<string, unknown>;
  } catch (error) {
    // A route served by an app without the subsystem that builds its service (platform-only apps in tests).
    throw new Error(`${route.operationId} needs ${(error as Error).message}`, { cause: error });
  }
}

export function routeDepsResolver(services: RouteServices): RouteDepsResolver {
  const selected = new Map<RouteDefinition, Record<string, unknown>>();
  return (route) => {
    if (route.needs === undefined) return NO_DEPS;
    let deps = selected.get(route);
    if (deps === undefined) {
      deps = select(route, services);
      selected.set(route, deps);
    }
    return deps;
  };
}
