/** Monthly usage buckets: UTC calendar months, retained about 13 months. */
export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
/** 13 months of 31 days plus slack: the expiry set on each month's counters. */
export const USAGE_RETENTION_SECONDS = 400 * 86_400;

/** The month last asked for and the instants it spans, [from, to): every request asks, nearly always for the same. */
let cached = { month: '', from: 0, to: 0 };

export function utcMonth(nowMs: number): string {
  if (nowMs >= cached.from && nowMs < cached.to) return cached.month;
  const date = new Date(nowMs);
  const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  const month = date.toISOString().slice(0, 7);
  // Years before 0 or after 9999 print differently; only ordinary months are remembered.
  if (/^\d{4}-\d{2}$/.test(month)) cached = { month, from, to };
  return month;
}

export interface UsageRowRecord {
  api_key_id: string;
  requests: number;
}

export function sortUsage(rows: UsageRowRecord[]): UsageRowRecord[] {
  return [...rows].sort((a, b) => b.requests - a.requests || a.api_key_id.localeCompare(b.api_key_id));
}
