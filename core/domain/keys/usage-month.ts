/** Monthly usage buckets: UTC calendar months, retained about 13 months. */
export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
/** 13 months of 31 days plus slack: the expiry set on each month's counters. */
export const USAGE_RETENTION_SECONDS = 400 * 86_400;

export function utcMonth(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

export interface UsageRowRecord {
  api_key_id: string;
  requests: number;
}

export function sortUsage(rows: UsageRowRecord[]): UsageRowRecord[] {
  return [...rows].sort((a, b) => b.requests - a.requests || a.api_key_id.localeCompare(b.api_key_id));
}
