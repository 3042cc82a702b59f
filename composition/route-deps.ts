/**
 * Gives each route the services it declares in `needs` (route.ts). One resolver per app: a route's deps are
 * resolved from that app's container on the route's first request and reused after, so handlers never look
 * services up and two apps in one process never share a route's deps.
 */
import type { Services, Token } from './tokens.js';
import type { OptionalToken, RouteDefinition } from '../adapters/http-h3/route.js';

const NO_DEPS: Readonly<Record<string, unknown>> = Object.freeze({});

export type RouteDepsResolver = (route: RouteDefinition) => Record<string, unknown>;

function isOptional(need: Token<unknown> | OptionalToken<unknown>): need is OptionalToken<unknown> {
  return 'optional' in need;
}

function resolveNeeds(route: RouteDefinition, services: Services): Record<string, unknown> {
  const deps: Record<string, unknown> = {};
  for (const [name, need] of Object.entries(route.needs ?? {}) as [string, Token<unknown> | OptionalToken<unknown>][]) {
    if (isOptional(need)) {
      deps[name] = services.has(need.optional) ? services.resolve(need.optional) : undefined;
    } else if (services.has(need)) {
      deps[name] = services.resolve(need);
    } else {
      // A route served by an app without the module that binds its service (platform-only apps in tests).
      throw new Error(`${route.operationId} needs ${need.name}, which no module of this app binds`);
    }
  }
  return deps;
}

export function routeDepsResolver(services: Services): RouteDepsResolver {
  const resolved = new Map<RouteDefinition, Record<string, unknown>>();
  return (route) => {
    if (route.needs === undefined) return NO_DEPS;
    let deps = resolved.get(route);
    if (deps === undefined) {
      deps = resolveNeeds(route, services);
      resolved.set(route, deps);
    }
    return deps;
  };
}
