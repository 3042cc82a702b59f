/**
 * Raw key format and hashing. A raw key is `tnt_` followed by 32 base64url characters (192 random bits).
 * The caller supplies the random bytes so this module stays deterministic and testable.
 */
import { hash, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'tnt_';
export const KEY_RANDOM_BYTES = 24;
/** How many leading characters of a key are kept as its recognisable `prefix`. */
export const KEY_DISPLAY_PREFIX_LENGTH = 12;
const KEY_SHAPE = /^tnt_[A-Za-z0-9_-]{32}$/;

export function formatKey(random: Uint8Array): string {
  if (random.length < 16) throw new RangeError('a key needs at least 128 random bits');
  return KEY_PREFIX + Buffer.from(random).toString('base64url');
}

/** sha256 hex of the key's UTF-8 bytes (one-shot `hash`: no Hash object per request). */
export function hashKey(raw: string): string {
  return hash('sha256', raw, 'hex');
}

export function displayPrefix(raw: string): string {
  return raw.slice(0, KEY_DISPLAY_PREFIX_LENGTH);
}

/** True when the text looks like a key this service issues (used to keep raw keys out of logs and stores). */
export function looksLikeIssuedKey(text: string): boolean {
  return KEY_SHAPE.test(text);
}

/** Constant-time comparison of two lowercase hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
