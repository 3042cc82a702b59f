/** POST /v1/admin/keys: mint a store key; the raw key is returned once and only its hash is stored. */
import { ServiceError } from '../../domain/errors.js';
import type { RateLimit, StoredKey } from '../../domain/keys/api-key.js';
import { displayPrefix, formatKey, hashKey, KEY_RANDOM_BYTES } from '../../domain/keys/key-material.js';
import { recordAudit } from './audit-trail.js';
import type { ActionContext, KeysDeps } from './context.js';

export interface IssueKeyInput {
  id: string;
  scopes: string[];
  owner?: string;
  note?: string;
  expires_at?: string;
  rate_limit?: RateLimit;
}

export interface IssuedKey {
  key: string;
  entry: {
    id: string;
    prefix: string;
    scopes: string[];
    status: 'active' | 'revoked';
    created_at: string;
    owner?: string;
    note?: string;
    expires_at?: string;
    rate_limit?: RateLimit;
  };
  durable: boolean;
  warning: string;
}

export function issuanceWarning(durable: boolean): string {
  const once = 'Store this key now: it is shown only once and cannot be recovered.';
  return durable ? once : `${once} It lives in this instance's memory and is lost when the process restarts.`;
}

export async function issueAdminKey(deps: KeysDeps, input: IssueKeyInput, ctx: ActionContext): Promise<IssuedKey> {
  const now = deps.now();
  if (input.expires_at !== undefined && Date.parse(input.expires_at) <= now) {
    throw new ServiceError('invalid_request', 'expires_at: must be in the future');
  }
  if (deps.registry.isEnvironmentKeyId(input.id)) throw new ServiceError('key_id_conflict');
  const raw = formatKey(deps.random(KEY_RANDOM_BYTES));
  const scopes = [...new Set(input.scopes)];
  const record: StoredKey = { id: input.id, hash: hashKey(raw), prefix: displayPrefix(raw), scopes, kind: 'admin', created_at: new Date(now).toISOString() };
  if (input.owner !== undefined) record.owner = input.owner;
  if (input.note !== undefined) record.note = input.note;
  if (input.expires_at !== undefined) record.expires_at = new Date(Date.parse(input.expires_at)).toISOString();
  if (input.rate_limit) record.rate_limit = { ...input.rate_limit };

  if ((await deps.stores.keys.create(record)) === 'conflict') throw new ServiceError('key_id_conflict');
  deps.registry.forgetHash(record.hash);

  const detail: Record<string, unknown> = { scopes };
  if (record.owner !== undefined) detail.owner = record.owner;
  if (record.expires_at !== undefined) detail.expires_at = record.expires_at;
  if (record.rate_limit) detail.rate_limit = record.rate_limit;
  await recordAudit(deps, ctx, 'key.issue', record.id, detail);

  const { hash: _hash, kind: _kind, quota_cu: _quota, revoked_at: _revoked, ...entry } = record;
  const durable = deps.stores.health.durable;
  return { key: raw, entry: { ...entry, status: 'active' }, durable, warning: issuanceWarning(durable) };
}
