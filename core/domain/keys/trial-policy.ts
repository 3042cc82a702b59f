/** The trial-key policy the spec fixes, plus the issuance caps it leaves to us (documented in docs/auth.md). */
import type { RateLimit } from './api-key.js';

export const TRIAL_SCOPES: readonly string[] = ['rules:read', 'sources:read', 'graphs:read', 'calculate:run'];
export const TRIAL_TTL_DAYS = 14;
export const TRIAL_RATE_LIMIT: RateLimit = { requests: 30, window_seconds: 60 };
export const TRIAL_QUOTA_CU = 10_000;
export const TRIAL_LABEL_MAX = 120;

export interface TrialIssuanceCaps {
  /** trial keys one client (the client address, see docs/auth.md#client-identity) may mint per UTC day */
  perClientPerDay: number;
  /** trial keys the whole deployment mints per UTC day */
  globalPerDay: number;
}

export const DEFAULT_TRIAL_CAPS: TrialIssuanceCaps = { perClientPerDay: 5, globalPerDay: 1000 };

export function trialExpiry(nowMs: number): string {
  return new Date(nowMs + TRIAL_TTL_DAYS * 86_400_000).toISOString();
}

/** UTC day bucket used by the daily issuance caps, e.g. `2026-11-21`. */
export function utcDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Seconds until the next UTC midnight, when the daily caps reset. */
export function secondsUntilNextUtcDay(nowMs: number): number {
  const next = Math.floor(nowMs / 86_400_000 + 1) * 86_400_000;
  return Math.max(1, Math.ceil((next - nowMs) / 1000));
}
