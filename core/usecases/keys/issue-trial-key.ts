/** POST /v1/keys/trial: public self-service trial keys, behind the trial_mint kill switch and daily caps. */
import { ServiceError } from '../../domain/errors.js';
import type { RateLimit, StoredKey } from '../../domain/keys/api-key.js';
import { displayPrefix, formatKey, hashKey, KEY_RANDOM_BYTES } from '../../domain/keys/key-material.js';
import {
  secondsUntilNextUtcDay,
  TRIAL_QUOTA_CU,
  TRIAL_RATE_LIMIT,
  TRIAL_SCOPES,
  TRIAL_TTL_DAYS,
  trialExpiry,
  utcDay,
} from '../../domain/keys/trial-policy.js';
import { FailedAuthThrottle } from '../auth/failed-auth-throttle.js';
import { recordAudit } from './audit-trail.js';
import type { ActionContext, KeysDeps } from './context.js';
import { issuanceWarning } from './issue-admin-key.js';

export interface TrialKey {
  key: string;
  key_id: string;
  scopes: string[];
  expires_at: string;
  rate_limit: RateLimit;
  quota_cu: number;
  ttl_days: number;
  durable: boolean;
  warning: string;
}

const DAY_COUNTER_TTL_SECONDS = 2 * 86_400;

export async function issueTrialKey(deps: KeysDeps, input: { label?: string }, ctx: ActionContext): Promise<TrialKey> {
  const now = deps.now();
  deps.killSwitches.invalidate();
  if ((await deps.killSwitches.read(now)).trial_mint.engaged) throw new ServiceError('trial_mint_disabled');
  // The spec: a client throttled for failed authentication gets 429 on every further request, minting included.
  await new FailedAuthThrottle(deps.stores.counters, deps.throttle).assertNotThrottled(ctx.client ?? 'unknown', now);
  await enforceCaps(deps, ctx.client ?? 'unknown', now);

  const raw = formatKey(deps.random(KEY_RANDOM_BYTES));
  const record: StoredKey = {
    id: `trial-${Buffer.from(deps.random(10)).toString('hex')}`,
    hash: hashKey(raw),
    prefix: displayPrefix(raw),
    scopes: [...TRIAL_SCOPES],
    kind: 'trial',
    created_at: new Date(now).toISOString(),
    expires_at: trialExpiry(now),
    rate_limit: { ...TRIAL_RATE_LIMIT },
    quota_cu: TRIAL_QUOTA_CU,
  };
  if (input.label !== undefined) record.note = input.label;
  if ((await deps.stores.keys.create(record)) === 'conflict') throw new ServiceError('internal_error', 'trial key id collision');
  deps.registry.forgetHash(record.hash);
  await recordAudit(deps, ctx, 'trial.issue', record.id, { scopes: record.scopes, expires_at: record.expires_at, quota_cu: TRIAL_QUOTA_CU });

  const durable = deps.stores.health.durable;
  return {
    key: raw,
    key_id: record.id,
    scopes: record.scopes,
    expires_at: record.expires_at as string,
    rate_limit: { ...TRIAL_RATE_LIMIT },
    quota_cu: TRIAL_QUOTA_CU,
    ttl_days: TRIAL_TTL_DAYS,
    durable,
    warning: issuanceWarning(durable),
  };
}

async function enforceCaps(deps: KeysDeps, client: string, now: number): Promise<void> {
  const day = utcDay(now);
  // The global counter only sees attempts that passed the per-client cap, so one noisy client cannot use it up.
  const perClient = await deps.stores.counters.increment(`trial:client:${day}:${client.slice(0, 100)}`, 1, DAY_COUNTER_TTL_SECONDS);
  if (perClient > deps.trialCaps.perClientPerDay) refuse('per-client', now);
  const global = await deps.stores.counters.increment(`trial:global:${day}`, 1, DAY_COUNTER_TTL_SECONDS);
  if (global > deps.trialCaps.globalPerDay) refuse('global', now);
}

function refuse(cap: 'per-client' | 'global', now: number): never {
  const retryAfter = secondsUntilNextUtcDay(now);
  throw new ServiceError('trial_issuance_limited', `Trial key issuance limit reached (${cap} daily cap).`, {
    data: { retry_after_seconds: retryAfter, cap },
    retryAfterSeconds: retryAfter,
  });
}
