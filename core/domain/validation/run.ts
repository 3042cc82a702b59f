/**
 * Validation runs: a harness publishes one row per variable it compared and one entry per case it ran;
 * the service derives the totals, stamps the version identity and keeps the record 180 days.
 */
import { ServiceError } from '../errors.js';

export const VALIDATION_RUN_RETENTION_SECONDS = 180 * 86_400;
/** GET /v1/admin/validation/runs lists at most this many runs, newest first. */
export const VALIDATION_RUN_LIST_LIMIT = 200;

/**
 * Row `status` values and what they count towards. `covered` is a covered variable that was not compared.
 * Every row is one variable; `uncovered` rows are the only ones not counted as covered.
 */
export const ROW_STATUSES = ['covered', 'parity_match', 'parity_diff', 'drift_diff', 'uncovered'] as const;

export interface ValidationTotals {
  variables: number;
  covered: number;
  parity_match: number;
  parity_diff: number;
  drift_diff: number;
  uncovered: number;
}

export interface ValidationRunSummary {
  id: string;
  kind: string;
  recorded_at: string;
  api_version: string | null;
  contract_hash: string;
  base_url: string | null;
  model_versions: Record<string, unknown> | null;
  totals: ValidationTotals;
  avg_case_latency_ms: number | null;
}

export interface ValidationRunRecord extends ValidationRunSummary {
  rows: Record<string, unknown>[];
  cases: Record<string, unknown>[];
}

export interface ValidationRunInput {
  kind: string;
  rows: Record<string, unknown>[];
  cases?: Record<string, unknown>[];
  api_version?: string | null;
  base_url?: string | null;
  model_versions?: Record<string, unknown> | null;
}

/** Counts rows by `status`; a row without a known status is a 400 naming its position. */
export function totalsOf(rows: readonly Record<string, unknown>[]): ValidationTotals {
  const totals: ValidationTotals = { variables: 0, covered: 0, parity_match: 0, parity_diff: 0, drift_diff: 0, uncovered: 0 };
  rows.forEach((row, i) => {
    const status = row.status;
    if (typeof status !== 'string' || !(ROW_STATUSES as readonly string[]).includes(status)) {
      throw new ServiceError('invalid_request', `body.rows[${i}].status: must be one of ${ROW_STATUSES.join(', ')}`);
    }
    totals.variables += 1;
    if (status === 'uncovered') {
      totals.uncovered += 1;
      return;
    }
    totals.covered += 1;
    if (status !== 'covered') totals[status as 'parity_match' | 'parity_diff' | 'drift_diff'] += 1;
  });
  return totals;
}

/**
 * Mean of the cases' `latency_ms` (finite, >= 0), rounded to whole milliseconds; null when no case states one.
 * A case whose latency_ms is present but not such a number is a 400.
 */
export function averageCaseLatency(cases: readonly Record<string, unknown>[]): number | null {
  // A running mean: a sum of finite latencies can overflow to Infinity (two of 1e308), which JSON writes as null.
  let mean = 0;
  let count = 0;
  cases.forEach((entry, i) => {
    const latency = entry.latency_ms;
    if (latency === undefined || latency === null) return;
    if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0) {
      throw new ServiceError('invalid_request', `body.cases[${i}].latency_ms: must be a finite number >= 0`);
    }
    count += 1;
    mean += (latency - mean) / count;
  });
  return count === 0 ? null : Math.round(mean);
}

export function summaryOf(record: ValidationRunRecord): ValidationRunSummary {
  const { rows: _rows, cases: _cases, ...summary } = record;
  return summary;
}

export function buildRunRecord(input: ValidationRunInput, identity: { id: string; recordedAt: Date; contractHash: string }): ValidationRunRecord {
  const cases = input.cases ?? [];
  return {
    id: identity.id,
    kind: input.kind,
    recorded_at: identity.recordedAt.toISOString(),
    api_version: input.api_version ?? null,
    contract_hash: identity.contractHash,
    base_url: input.base_url ?? null,
    model_versions: input.model_versions ?? null,
    totals: totalsOf(input.rows),
    avg_case_latency_ms: averageCaseLatency(cases),
    rows: input.rows,
    cases,
  };
}

/** Newest first; equal timestamps by id descending, so the order is total. */
export function newestFirst(a: ValidationRunSummary, b: ValidationRunSummary): number {
  return b.recorded_at.localeCompare(a.recorded_at) || b.id.localeCompare(a.id);
}
