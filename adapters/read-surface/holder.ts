/** Holds the read catalog built at start-up and reports the rule index's readiness. */
import { ServiceError } from '../../core/domain/errors.js';
import type { DependencyHealth } from '../../core/ports/readiness.js';
import type { ReadCatalog } from '../../core/usecases/read/read-catalog.js';
import type { LoadStats } from './load.js';

export class ReadCatalogHolder {
  private catalog: ReadCatalog | undefined;
  private stats: LoadStats | undefined;
  private failure: string | undefined;

  set(catalog: ReadCatalog, stats: LoadStats): void {
    this.catalog = catalog;
    this.stats = stats;
    this.failure = undefined;
  }

  fail(message: string): void {
    this.failure = message;
  }

  /** The catalog; the app serves only after start-up built it, so a miss is a wiring error. */
  current(): ReadCatalog {
    if (!this.catalog) throw new ServiceError('internal_error', undefined, { cause: new Error(this.failure ?? 'the rule index has not been built') });
    return this.catalog;
  }

  health(): Omit<DependencyHealth, 'name'> {
    if (!this.catalog || !this.stats) return { status: 'unavailable', detail: this.failure ?? 'the rule index is not built yet' };
    const s = this.stats;
    const detail = `${s.rules} rules from ${s.modules} modules and ${s.programs} program specs in ${s.repositories} ${s.repositories === 1 ? 'repository' : 'repositories'}`;
    if (s.rules === 0) return { status: 'degraded', detail: `${detail}: the configured repositories hold no rules` };
    return { status: 'ready', detail: s.modulesWithErrors > 0 ? `${detail}; ${s.modulesWithErrors} modules have load errors` : detail };
  }
}
