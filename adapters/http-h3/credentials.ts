/**
 * Credential parsing belongs to HTTP: the core's AuthGate receives the presented key as a string (or null) and
 * never sees a header. `x-api-key` wins over `Authorization: Bearer` (docs/auth.md).
 */

/** Read access to request headers (lower-case names), satisfied by the fetch `Headers` class. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** The key the request presents, or null when it sends neither header (or a non-Bearer authorization). */
export function presentedKey(headers: HeaderReader): string | null {
  const direct = headers.get('x-api-key');
  if (direct !== null && direct.trim() !== '') return direct.trim();
  const authorization = headers.get('authorization');
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : null;
}
