/**
 * Counters held by this instance only, each expiring with its window: the in-process counter store (memory
 * stores), and the rate limits environment keys fall back to while the shared store is unreachable (each
 * instance then enforces the limit on its own traffic).
 */
import type { CounterStore } from '../../ports/counter-store.js';

/** Every this many increments, expired counters are swept out, so a long-running process cannot grow memory. */
const SWEEP_EVERY = 1024;

export class LocalCounters implements CounterStore {
  readonly #counters = new Map<string, { value: number; expiresAt: number }>();
  #hits = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(name: string, by: number, ttlSeconds: number): Promise<number> {
    const now = this.now();
    if (++this.#hits % SWEEP_EVERY === 0) this.#sweep(now);
    const current = this.#counters.get(name);
    if (!current || current.expiresAt <= now) {
      this.#counters.set(name, { value: by, expiresAt: now + ttlSeconds * 1000 });
      return by;
    }
    current.value += by;
    return current.value;
  }

  async get(name: string): Promise<number> {
    const current = this.#counters.get(name);
    return !current || current.expiresAt <= this.now() ? 0 : current.value;
  }

  #sweep(now: number): void {
    for (const [name, counter] of this.#counters) if (counter.expiresAt <= now) this.#counters.delete(name);
  }
}
