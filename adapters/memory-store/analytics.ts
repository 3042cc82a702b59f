/** In-process AnalyticsStore: without a shared store, "global" can only ever hold this instance. */
import type { AnalyticsSnapshot } from '../../core/domain/analytics/snapshot.js';
import type { AnalyticsStore } from '../../core/ports/analytics-store.js';

export class MemoryAnalyticsStore implements AnalyticsStore {
  readonly name = 'memory';
  readonly #entries = new Map<string, { snapshot: AnalyticsSnapshot; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async publish(snapshot: AnalyticsSnapshot, ttlSeconds: number): Promise<void> {
    this.#entries.set(snapshot.instance_id, { snapshot: structuredClone(snapshot), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async list(): Promise<AnalyticsSnapshot[]> {
    const now = this.now();
    const live: AnalyticsSnapshot[] = [];
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(id);
      else live.push(structuredClone(entry.snapshot));
    }
    return live.sort((a, b) => a.instance_id.localeCompare(b.instance_id));
  }
}
