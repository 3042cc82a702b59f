/** Scope names and the one scope check every protected route goes through. */
import { closestMatch, didYouMean } from '../suggest.js';

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

/** Every scope a key may hold: `*` and the known scopes, for messages that list them. */
export function grantableScopes(): string[] {
  return [WILDCARD_SCOPE, ...KNOWN_SCOPES];
}

/** The scopes in `scopes` no route checks: a key holding only these could never be authorised. */
export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((scope) => !isGrantableScope(scope));
}

/** Names each unknown scope (with the closest valid one) and lists the valid scopes. */
export function unknownScopesMessage(unknown: readonly string[]): string {
  const named = unknown.map((scope) => `"${scope}"${didYouMean(closestMatch(scope, KNOWN_SCOPES))}`).join(', ');
  return `unknown scope${unknown.length === 1 ? '' : 's'} ${named}; valid scopes: ${grantableScopes().join(', ')}`;
}
