/** Readiness of one dependency, as reported in /v1/ready. */
export type DependencyStatus = 'ready' | 'degraded' | 'unavailable';

export interface DependencyHealth {
  name: string;
  status: DependencyStatus;
  detail?: string;
}

/** One readiness check. A check that throws is reported as unavailable with the error message as detail. */
export interface ReadinessCheck {
  /** Stable dependency name: 'auth configuration', 'shared counter store', 'rule index', 'calculation runtime'. */
  name: string;
  check(): Promise<Omit<DependencyHealth, 'name'>>;
}

/**
 * Where subsystems register their readiness checks. Registering a name that already exists replaces
 * that check, so a subsystem can take over the default check the composition root installs.
 */
export interface ReadinessRegistry {
  register(check: ReadinessCheck): void;
  checks(): readonly ReadinessCheck[];
  /** The active rule repository source reported as `source` (set by the rule index). */
  setSource(source: string): void;
  source(): string;
}
