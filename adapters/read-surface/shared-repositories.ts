/**
 * The configured rule repositories, loaded once (memoised promise) for every subsystem that needs them, and
 * released (they hold every parsed file) when the last declared consumer is done with them.
 *
 * A module that wants the shared load calls `claim(name)` in register() and, in start(),
 * `await load()` then `done(name)`. Without claims other than the read surface's, the models are dropped as soon
 * as the rule index is built.
 */
import type { RuleRepository } from '../../core/ports/rule-repository.js';
import { loadRepositories, type LoadedRuleRepository } from './load.js';

export class SharedRepositories {
  private loading: Promise<LoadedRuleRepository[]> | undefined;
  private readonly consumers = new Set<string>();
  /** Milliseconds the first load took (0 until it finished). */
  loadMs = 0;

  constructor(private readonly sources: () => readonly RuleRepository[]) {}

  claim(consumer: string): void {
    this.consumers.add(consumer);
  }

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

  /** Marks one consumer done; the last one releases the models (a later load() reads the files again). */
  done(consumer: string): void {
    this.consumers.delete(consumer);
    if (this.consumers.size === 0) this.loading = undefined;
  }
}
