import type { UsageRowRecord } from '../domain/keys/usage-month.js';

/** Per-key request counters per UTC month. */
export interface UsageStore {
  record(keyId: string, month: string, requests: number): Promise<void>;
  /** Rows for the month in any order; the use case sorts. */
  month(month: string): Promise<UsageRowRecord[]>;
}
