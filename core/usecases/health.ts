import { API_VERSION, SERVICE_NAME, type Environment } from '../domain/config.js';
import { ServiceError } from '../domain/errors.js';
import type { DependencyHealth, DependencyStatus, ReadinessCheck, ReadinessId, ReadinessRegistry } from '../ports/readiness.js';

export interface HealthResponse {
  service: string;
  live: boolean;
}

export interface VersionResponse {
  api_version: string;
  environment: Environment;
}

export interface ReadyResponse {
  ready: boolean;
  status: DependencyStatus;
  source: string;
  dependencies: DependencyHealth[];
}

/** Liveness: no dependency checks; if this runs, the process serves requests. */
export function health(): HealthResponse {
  return { service: SERVICE_NAME, live: true };
}

export function version(environment: Environment): VersionResponse {
  return { api_version: API_VERSION, environment };
}

const SEVERITY: Record<DependencyStatus, number> = { ready: 0, degraded: 1, unavailable: 2 };

/** A check that hangs must not hang /v1/ready. */
const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<DependencyHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`check timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([check.check(), timeout]);
    return result.detail === undefined ? { name: check.id.name, status: result.status } : { name: check.id.name, status: result.status, detail: result.detail };
  } catch (error) {
    return { name: check.id.name, status: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every registered check; the overall status is the worst one. */
export async function readiness(registry: ReadinessRegistry): Promise<ReadyResponse> {
  const dependencies = await Promise.all(registry.checks().map(runCheck));
  const status = dependencies.reduce<DependencyStatus>((worst, d) => (SEVERITY[d.status] > SEVERITY[worst] ? d.status : worst), 'ready');
  return { ready: status === 'ready', status, source: registry.source(), dependencies };
}

/** 200 with the data when ready; otherwise ServiceError not_ready carrying the same data. */
export async function requireReady(registry: ReadinessRegistry): Promise<ReadyResponse> {
  const result = await readiness(registry);
  if (!result.ready) {
    const failing = result.dependencies.filter((d) => d.status !== 'ready').map((d) => `${d.name} (${d.status})`);
    throw new ServiceError('not_ready', `Not ready: ${failing.join(', ')}.`, { data: result });
  }
  return result;
}

/** In-memory registry; a later registration under the same id replaces the earlier one. */
export class InMemoryReadinessRegistry implements ReadinessRegistry {
  readonly #checks = new Map<ReadinessId, ReadinessCheck>();
  #source: string;

  constructor(source: string) {
    this.#source = source;
  }

  register(check: ReadinessCheck): void {
    this.#checks.set(check.id, check);
  }

  checks(): readonly ReadinessCheck[] {
    return [...this.#checks.values()];
  }

  setSource(source: string): void {
    this.#source = source;
  }

  source(): string {
    return this.#source;
  }
}
