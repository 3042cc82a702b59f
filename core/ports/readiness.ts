/** Readiness of one dependency, as reported in /v1/ready. */
export type DependencyStatus = 'ready' | 'degraded' | 'unavailable';

export interface DependencyHealth {
  name: string;
  status: DependencyStatus;
  detail?: string;
}

/**
 * Identifies one readiness check. The subsystem that owns the dependency declares its id once (the composition's
 * token files); checks are keyed by the id object, never matched by their names. `name` is what /v1/ready reports:
 * 'auth configuration', 'shared counter store', 'rule index', 'calculation runtime', ...
 */
export interface ReadinessId {
  readonly name: string;
}

/** One readiness check. A check that throws is reported as unavailable with the error message as detail. */
export interface ReadinessCheck {
  id: ReadinessId;
  check(): Promise<Omit<DependencyHealth, 'name'>>;
}

/**
 * Where subsystems register their readiness checks. Registering under an id already registered replaces that
 * check (in its place in the order), so a subsystem can take over the default check the composition installs.
 */
export interface ReadinessRegistry {
  register(check: ReadinessCheck): void;
  checks(): readonly ReadinessCheck[];
  /** The active rule repository source reported as `source` (set by the rule index). */
  setSource(source: string): void;
  source(): string;
}
