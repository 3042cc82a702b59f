import type { RequestRecord } from '../domain/analytics/request-record.js';

export type { RequestRecord };

/** Observers must not throw; the platform isolates and logs failures anyway. */
export interface RequestObserver {
  observe(record: RequestRecord): void;
}
