/** Kill-switch state with a short per-instance cache, so trial traffic does not read the store on every request. */
import type { KillSwitches } from '../../domain/keys/kill-switch.js';
import type { KillSwitchStore } from '../../ports/kill-switch-store.js';

export const DEFAULT_KILL_SWITCH_CACHE_MS = 2_000;

export class KillSwitchReader {
  #cached: { state: KillSwitches; until: number } | null = null;

  constructor(
    private readonly store: KillSwitchStore,
    private readonly cacheMs: number = DEFAULT_KILL_SWITCH_CACHE_MS,
  ) {}

  async read(nowMs: number): Promise<KillSwitches> {
    if (this.#cached && nowMs < this.#cached.until) return this.#cached.state;
    const state = await this.store.read();
    this.#cached = { state, until: nowMs + this.cacheMs };
    return state;
  }

  /** Drop the cache after a change made on this instance. */
  invalidate(): void {
    this.#cached = null;
  }
}
