/** The configured rule repositories, loaded once (memoised promise) for every subsystem that needs them. */
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import { loadRepositories } from './load.js';
import type { LoadedRuleRepository } from './tokens.js';

export class SharedRepositories {
  private loading: Promise<LoadedRuleRepository[]> | undefined;
  /** Milliseconds the first load took (0 until it finished). */
  loadMs = 0;

  constructor(private readonly sources: () => readonly RuleRepository[]) {}

  load(): Promise<LoadedRuleRepository[]> {
    if (!this.loading) {
      const started = performance.now();
      this.loading = loadRepositories(this.sources()).then((loaded) => {
        this.loadMs = performance.now() - started;
        return loaded;
      });
    }
    return this.loading;
  }

  /**
   * Drops the loaded models (they hold every parsed file). The read surface calls it once its index is built;
   * a later load() reads the repositories again.
   */
  release(): void {
    this.loading = undefined;
  }
}
