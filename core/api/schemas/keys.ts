/** Schemas of the key, trial, kill-switch, audit and usage endpoints (spec: "Keys, usage, audit, analytics"). */
import * as v from 'valibot';
import { KEY_ID_PATTERN } from '../../domain/keys/api-key.js';
import { grantableScopes, unknownScopesMessage } from '../../domain/keys/scopes.js';
import { KILL_REASON_MAX, KILL_SWITCHES } from '../../domain/keys/kill-switch.js';
import { TRIAL_LABEL_MAX } from '../../domain/keys/trial-policy.js';
import { MONTH_PATTERN } from '../../domain/keys/usage-month.js';

const DateTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z'));

export const RateLimitSchema = v.strictObject({
  requests: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be >= 1'), v.maxValue(1_000_000_000, 'must be <= 1000000000')),
  window_seconds: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be >= 1'), v.maxValue(31_536_000, 'must be <= 31536000 (one year)')),
});

/** A scope no route checks would make a key that gets 403 everywhere: refused, naming the valid ones. */
const GrantableScope = v.picklist(grantableScopes() as [string, ...string[]], (issue) =>
  typeof issue.input === 'string' ? unknownScopesMessage([issue.input]) : `must be a scope string, one of ${grantableScopes().join(', ')}`,
);

export const IssueKeyRequestSchema = v.strictObject({
  id: v.pipe(v.string('must be a string'), v.regex(KEY_ID_PATTERN, 'must be 3-64 characters of lowercase letters, digits, - or _, starting with a letter or digit')),
  scopes: v.pipe(
    v.array(GrantableScope, 'must be an array of scope strings'),
    v.minLength(1, 'must hold at least one scope'),
    v.maxLength(32, 'must hold at most 32 scopes'),
  ),
  owner: v.optional(v.pipe(v.string('must be a string'), v.maxLength(120, 'must be at most 120 characters'))),
  note: v.optional(v.pipe(v.string('must be a string'), v.maxLength(500, 'must be at most 500 characters'))),
  expires_at: v.optional(DateTime),
  rate_limit: v.optional(RateLimitSchema),
});

const KeyStatusSchema = v.picklist(['active', 'revoked']);

export const IssuedKeySchema = v.strictObject({
  key: v.string(),
  entry: v.strictObject({
    id: v.string(),
    prefix: v.string(),
    scopes: v.array(v.string()),
    status: KeyStatusSchema,
    created_at: v.string(),
    owner: v.optional(v.string()),
    note: v.optional(v.string()),
    expires_at: v.optional(v.string()),
    rate_limit: v.optional(RateLimitSchema),
  }),
  durable: v.boolean(),
  warning: v.string(),
});

export const ApiKeyMetadataSchema = v.strictObject({
  id: v.string(),
  source: v.picklist(['environment', 'store']),
  scopes: v.array(v.string()),
  status: KeyStatusSchema,
  runtime_revoked: v.boolean(),
  prefix: v.optional(v.string()),
  rate_limit: v.optional(RateLimitSchema),
  owner: v.optional(v.string()),
  expires_at: v.optional(v.string()),
  created_at: v.optional(v.string()),
});

export const KeyListSchema = v.strictObject({ keys: v.array(ApiKeyMetadataSchema), store: v.string() });

export const KeyIdParamsSchema = v.strictObject({ key_id: v.string() });

export const RevokeResultSchema = v.strictObject({ id: v.string(), revoked: v.boolean(), durable: v.boolean(), note: v.string() });

export const TrialKeyRequestSchema = v.optional(
  v.strictObject({
    label: v.optional(v.pipe(v.string('must be a string'), v.maxLength(TRIAL_LABEL_MAX, `must be at most ${TRIAL_LABEL_MAX} characters`))),
  }),
);

export const TrialKeySchema = v.strictObject({
  key: v.string(),
  key_id: v.string(),
  scopes: v.array(v.string()),
  expires_at: v.string(),
  rate_limit: RateLimitSchema,
  quota_cu: v.pipe(v.number(), v.integer(), v.minValue(1)),
  ttl_days: v.number(),
  durable: v.boolean(),
  warning: v.string(),
});

export const RetryAfterDataSchema = v.object({ retry_after_seconds: v.number() });

const KillSwitchStateSchema = v.strictObject({
  engaged: v.boolean(),
  reason: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
  updated_by: v.nullable(v.string()),
});

export const KillSwitchViewSchema = v.strictObject({
  switches: v.strictObject({ trial_traffic: KillSwitchStateSchema, trial_mint: KillSwitchStateSchema }),
  store: v.string(),
});

export const KillSwitchRequestSchema = v.strictObject({
  switch: v.picklist(KILL_SWITCHES, 'must be trial_traffic or trial_mint'),
  engaged: v.boolean('must be a boolean'),
  reason: v.pipe(v.string('must be a string'), v.minLength(1, `must be 1-${KILL_REASON_MAX} characters`), v.maxLength(KILL_REASON_MAX, `must be 1-${KILL_REASON_MAX} characters`)),
});

export const AuditEntrySchema = v.strictObject({
  at: v.string(),
  action: v.string(),
  target: v.string(),
  actor: v.nullable(v.string()),
  client: v.nullable(v.string()),
  request_id: v.string(),
  detail: v.optional(v.record(v.string(), v.unknown())),
});

export const AuditListSchema = v.strictObject({ entries: v.array(AuditEntrySchema), store: v.string() });

export const UsageQuerySchema = v.object({
  month: v.optional(v.pipe(v.string('must be a single value'), v.regex(MONTH_PATTERN, 'must match ^[0-9]{4}-(0[1-9]|1[0-2])$, e.g. 2026-11'))),
});

export const UsageSchema = v.strictObject({
  month: v.string(),
  usage: v.array(v.strictObject({ api_key_id: v.string(), requests: v.number() })),
  store: v.string(),
});
