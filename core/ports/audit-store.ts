import type { AuditEntry } from '../domain/keys/audit.js';

/** Append-only audit trail with time-based retention. */
export interface AuditStore {
  /** Appends and drops entries older than `retainSinceMs`. */
  append(entry: AuditEntry, retainSinceMs: number): Promise<void>;
  /** Newest first, at most `limit`, none older than `retainSinceMs`. */
  newest(limit: number, retainSinceMs: number): Promise<AuditEntry[]>;
}
