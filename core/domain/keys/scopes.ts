/** Scope names and the one scope check every protected route goes through. */

export const KNOWN_SCOPES = [
  'rules:read',
  'sources:read',
  'graphs:read',
  'calculate:run',
  'admin:parity',
  'admin:analytics',
  'admin:keys',
  'compat:external',
] as const;

export const WILDCARD_SCOPE = '*';
/** Scope a /v1 route needs when it names none. */
export const DEFAULT_SCOPE = 'rules:read';

export type KnownScope = (typeof KNOWN_SCOPES)[number];

export function isGrantableScope(scope: string): boolean {
  return scope === WILDCARD_SCOPE || (KNOWN_SCOPES as readonly string[]).includes(scope);
}

export function grants(held: readonly string[], required: string): boolean {
  return held.includes(WILDCARD_SCOPE) || held.includes(required);
}
