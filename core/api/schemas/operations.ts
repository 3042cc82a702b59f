/** Schemas of the analytics, validation-run and migration-ledger endpoints (spec: "Keys, usage, audit, analytics"). */
import * as v from 'valibot';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Millis = v.pipe(v.number(), v.minValue(0));

export const AnalyticsQuerySchema = v.strictObject({
  scope: v.optional(v.picklist(['local', 'global'], 'must be local or global'), 'local'),
});

export const AnalyticsSnapshotSchema = v.strictObject({
  instance_id: v.string(),
  collected_since: v.string(),
  generated_at: v.string(),
  totals: v.strictObject({ requests: Count, by_status: v.record(v.pipe(v.string(), v.regex(/^[1-5][0-9]{2}$/)), Count) }),
  auth_events: v.strictObject({
    unauthorized: Count,
    insufficient_scope: Count,
    rate_limited: Count,
    auth_throttled: Count,
    auth_misconfigured: Count,
  }),
  store_errors: Count,
  routes: v.array(
    v.strictObject({
      route: v.string(),
      requests: Count,
      success: Count,
      client_errors: Count,
      server_errors: Count,
      avg_duration_ms: Millis,
      max_duration_ms: Millis,
      latency_buckets: v.strictObject({ le_25ms: Count, le_100ms: Count, le_500ms: Count, le_2000ms: Count, gt_2000ms: Count }),
    }),
  ),
  keys: v.array(v.strictObject({ api_key_id: v.string(), requests: Count, rate_limited: Count, last_used_at: v.string() })),
});

export const GlobalAnalyticsSchema = v.strictObject({
  scope: v.literal('global'),
  store: v.string(),
  instances: v.array(AnalyticsSnapshotSchema),
});

const FreeObject = v.record(v.string(), v.unknown());
const NullableText = (max: number) => v.nullable(v.pipe(v.string('must be a string or null'), v.maxLength(max, `must be at most ${max} characters`)));

export const ValidationRunRequestSchema = v.strictObject({
  kind: v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(120, 'must be at most 120 characters')),
  rows: v.array(v.record(v.string(), v.unknown(), 'must be an object'), 'must be an array of objects'),
  cases: v.optional(v.array(v.record(v.string(), v.unknown(), 'must be an object'), 'must be an array of objects')),
  api_version: v.optional(NullableText(120)),
  base_url: v.optional(NullableText(2000)),
  model_versions: v.optional(v.nullable(v.record(v.string(), v.unknown(), 'must be an object or null'))),
});

export const ValidationRunSummarySchema = v.strictObject({
  id: v.string(),
  kind: v.string(),
  recorded_at: v.string(),
  api_version: v.nullable(v.string()),
  contract_hash: v.string(),
  base_url: v.nullable(v.string()),
  model_versions: v.nullable(FreeObject),
  totals: v.strictObject({ variables: Count, covered: Count, parity_match: Count, parity_diff: Count, drift_diff: Count, uncovered: Count }),
  avg_case_latency_ms: v.nullable(Count),
});

export const ValidationRunListSchema = v.strictObject({ runs: v.array(ValidationRunSummarySchema) });

/** The full record: the summary plus the rows and cases as published (free-form objects). */
export const ValidationRunRecordSchema = v.object({
  ...ValidationRunSummarySchema.entries,
  rows: v.array(FreeObject),
  cases: v.array(FreeObject),
});

export const RunIdParamsSchema = v.strictObject({
  run_id: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(128, 'must be at most 128 characters')),
});

export const MigrationLedgerSchema = FreeObject;
