/**
 * Route matching on the raw (still percent-encoded) pathname, so an encoded slash inside a rule id never
 * splits a segment. Supports `:name` (one segment) and `**:name` (one or more segments, possibly followed
 * by literal segments). More specific patterns win: fewer catch-alls, then more literal characters.
 */
import { ServiceError } from '../../core/domain/errors.js';
import type { RouteDefinition } from './route.js';

interface CompiledRoute {
  route: RouteDefinition;
  regex: RegExp;
  names: string[];
  catchAlls: number;
  literalLength: number;
}

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  let catchAlls = 0;
  let literalLength = 0;
  const parts = route.path.split('/').slice(1).map((segment) => {
    const catchAll = /^\*\*:([A-Za-z0-9_]+)$/.exec(segment);
    if (catchAll) {
      names.push(catchAll[1]);
      catchAlls += 1;
      return '(.+?)';
    }
    const param = /^:([A-Za-z0-9_]+)$/.exec(segment);
    if (param) {
      names.push(param[1]);
      return '([^/]+)';
    }
    if (/[:*]/.test(segment)) throw new Error(`route ${route.path}: unsupported segment '${segment}'`);
    literalLength += segment.length + 1;
    return escapeRegex(segment);
  });
  return { route, regex: new RegExp(`^/${parts.join('/')}/?$`), names, catchAlls, literalLength };
}

export class Router {
  readonly #routes: CompiledRoute[];

  constructor(routes: readonly RouteDefinition[]) {
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`duplicate route ${key}`);
      seen.add(key);
    }
    this.#routes = routes.map(compile).sort((a, b) => a.catchAlls - b.catchAlls || b.literalLength - a.literalLength);
  }

  /** The most specific route for the method and raw pathname, or null. */
  /** Params come back percent-decoded unless `decode` is false (then malformed encodings cannot throw). */
  match(method: string, rawPathname: string, decode = true): RouteMatch | null {
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const compiled of this.#routes) {
      if (compiled.route.method !== wanted) continue;
      const m = compiled.regex.exec(rawPathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      compiled.names.forEach((name, i) => {
        params[name] = decode ? decodeParam(name, m[i + 1]) : m[i + 1];
      });
      return { route: compiled.route, params };
    }
    return null;
  }

  /** True when some route (any method) matches the path; used to answer CORS preflights. */
  hasPath(rawPathname: string): boolean {
    return this.#routes.some((compiled) => compiled.regex.test(rawPathname));
  }

  /** The methods some route serves on the path (GET implies HEAD), for 405 answers' `allow`; empty when none. */
  methodsFor(rawPathname: string): string[] {
    const methods = new Set<string>();
    for (const compiled of this.#routes) if (compiled.regex.test(rawPathname)) methods.add(compiled.route.method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

function decodeParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ServiceError('invalid_request', `${name}: malformed percent-encoding`);
  }
}
