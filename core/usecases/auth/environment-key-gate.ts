import { createHash, timingSafeEqual } from 'node:crypto';
import type { EnvironmentKeyConfig } from '../../domain/config.js';
import { ServiceError } from '../../domain/errors.js';
import { hasScope, type AuthGate, type AuthOutcome, type AuthRequest } from '../../ports/auth-gate.js';
import type { DependencyHealth } from '../../ports/readiness.js';

interface HashedKey {
  entry: EnvironmentKeyConfig;
  digest: Buffer;
}

/**
 * The minimal AuthGate: SERVICE_API_KEYS entries only, no rate limits, no store.
 * The keys subsystem replaces it in the composition root (token AuthGate) with the full gate.
 */
export class EnvironmentKeyGate implements AuthGate {
  readonly #keys: HashedKey[];
  readonly #now: () => Date;

  constructor(keys: readonly EnvironmentKeyConfig[], now: () => Date = () => new Date()) {
    this.#keys = keys.map((entry) => ({ entry, digest: Buffer.from(entry.sha256, 'hex') }));
    this.#now = now;
  }

  async authenticate(request: AuthRequest): Promise<AuthOutcome> {
    if (this.#keys.length === 0) throw new ServiceError('auth_not_configured');
    const raw = request.presentedKey;
    if (raw === null) throw new ServiceError('unauthorized');
    const digest = createHash('sha256').update(raw, 'utf8').digest();
    // Compare against every entry so the time taken does not reveal which entry matched.
    let match: EnvironmentKeyConfig | undefined;
    for (const key of this.#keys) {
      if (timingSafeEqual(digest, key.digest) && match === undefined) match = key.entry;
    }
    if (match === undefined) throw new ServiceError('unauthorized');
    if (match.expires_at !== undefined && Date.parse(match.expires_at) <= this.#now().getTime()) throw new ServiceError('unauthorized');
    if (!hasScope(match.scopes, request.scope)) {
      throw new ServiceError('insufficient_scope', `The API key lacks the required scope: ${request.scope}.`);
    }
    const principal = { key_id: match.id, scopes: match.scopes, kind: 'environment' as const };
    return { principal: match.owner === undefined ? principal : { ...principal, owner: match.owner } };
  }

  async health(): Promise<DependencyHealth> {
    return this.#keys.length === 0
      ? { name: 'auth configuration', status: 'unavailable', detail: 'no API keys configured (SERVICE_API_KEYS is empty)' }
      : { name: 'auth configuration', status: 'ready', detail: `${this.#keys.length} environment key(s)` };
  }
}
