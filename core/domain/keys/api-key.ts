/** API key records and their public projections. Only the sha256 hash of a raw key is ever stored. */
import type { EnvironmentKeyConfig } from '../config.js';

export type KeySource = 'environment' | 'store';
export type KeyKind = 'admin' | 'trial';
export type KeyStatus = 'active' | 'revoked';

export interface RateLimit {
  requests: number;
  window_seconds: number;
}

/** A key persisted in a key store (admin-issued or trial). */
export interface StoredKey {
  id: string;
  /** lowercase hex sha256 of the raw key */
  hash: string;
  /** first characters of the raw key, enough to recognise it, too few to use it */
  prefix: string;
  scopes: string[];
  kind: KeyKind;
  created_at: string;
  owner?: string;
  note?: string;
  expires_at?: string;
  rate_limit?: RateLimit;
  /** lifetime compute-unit quota (trial keys) */
  quota_cu?: number;
  revoked_at?: string;
}

/** ApiKeyMetadata as the spec defines it: never a key value, never a hash. */
export interface ApiKeyMetadata {
  id: string;
  source: KeySource;
  scopes: string[];
  status: KeyStatus;
  runtime_revoked: boolean;
  prefix?: string;
  rate_limit?: RateLimit;
  owner?: string;
  expires_at?: string;
  created_at?: string;
}

export const KEY_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{2,63}$/;

/**
 * How long a key's record is kept after its expiry: a late request still gets a clean 401 and the id stays
 * reserved; after that the store drops the record (Redis by key expiry, memory by sweeping).
 */
export const EXPIRED_KEY_GRACE_MS = 30 * 86_400_000;

/** Whether a key's record is past its expiry and the grace period, so a store no longer holds it. */
export function isRecordGone(expiresAt: string | undefined, nowMs: number): boolean {
  return expiresAt !== undefined && isExpired(expiresAt, nowMs - EXPIRED_KEY_GRACE_MS);
}

export function isExpired(expiresAt: string | undefined, nowMs: number): boolean {
  if (expiresAt === undefined) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= nowMs;
}

export function storedKeyMetadata(key: StoredKey): ApiKeyMetadata {
  const meta: ApiKeyMetadata = {
    id: key.id,
    source: 'store',
    scopes: [...key.scopes],
    status: key.revoked_at ? 'revoked' : 'active',
    runtime_revoked: Boolean(key.revoked_at),
    prefix: key.prefix,
    created_at: key.created_at,
  };
  if (key.rate_limit) meta.rate_limit = { ...key.rate_limit };
  if (key.owner !== undefined) meta.owner = key.owner;
  if (key.expires_at !== undefined) meta.expires_at = key.expires_at;
  return meta;
}

export function environmentKeyMetadata(key: EnvironmentKeyConfig, runtimeRevoked: boolean): ApiKeyMetadata {
  const meta: ApiKeyMetadata = {
    id: key.id,
    source: 'environment',
    scopes: [...key.scopes],
    status: runtimeRevoked ? 'revoked' : 'active',
    runtime_revoked: runtimeRevoked,
  };
  if (key.rate_limit) meta.rate_limit = { ...key.rate_limit };
  if (key.owner !== undefined) meta.owner = key.owner;
  if (key.expires_at !== undefined) meta.expires_at = key.expires_at;
  return meta;
}
