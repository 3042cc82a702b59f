/** Schemas of the parity surface (spec "Parity"); additional properties are allowed on cases and results. */
import * as v from 'valibot';
import { CalculateRequestSchema, TraceEntrySchema } from './calculation.js';

const JsonObject = v.record(v.string(), v.unknown());

export const ParityCaseSchema = v.looseObject({
  id: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  program_id: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  jurisdiction: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  runtime_supported: v.boolean('must be a boolean'),
  axiom_request: CalculateRequestSchema,
  expected_axiom_outputs: v.record(v.string(), v.unknown(), 'must be an object keyed by variable'),
  description: v.optional(v.nullable(v.string('must be a string or null'))),
  variables: v.optional(v.array(v.string(), 'must be an array of strings')),
  trace_variables: v.optional(v.array(v.string(), 'must be an array of strings')),
  notes: v.optional(v.array(v.string(), 'must be an array of strings')),
  external_comparisons: v.optional(v.array(JsonObject, 'must be an array of objects')),
  tolerance: v.optional(
    v.looseObject({ amount: v.optional(v.pipe(v.number('must be a number'), v.finite('must be finite'), v.minValue(0, 'must be >= 0'))) }, 'must be an object'),
  ),
});

const DifferenceSchema = v.object({
  variable: v.string(),
  expected: v.unknown(),
  actual: v.unknown(),
  delta: v.optional(v.number()),
});

const ParityStatusSchema = v.picklist(['matching', 'different', 'errored']);

export const ParityRunResultSchema = v.looseObject({
  id: v.string(),
  program_id: v.string(),
  jurisdiction: v.string(),
  status: ParityStatusSchema,
  description: v.optional(v.nullable(v.string())),
  outputs: v.optional(JsonObject),
  expected_outputs: v.optional(JsonObject),
  trace_outputs: v.optional(JsonObject),
  calculation_trace: v.optional(v.array(TraceEntrySchema)),
  notes: v.optional(v.array(v.string())),
  comparison: v.optional(
    v.object({
      status: v.picklist(['matching', 'different']),
      changed: v.array(DifferenceSchema),
      missing: v.array(DifferenceSchema),
      extra: v.array(DifferenceSchema),
    }),
  ),
  runtime: v.optional(v.object({ id: v.string(), mode: v.picklist(['fixture', 'compiled']) })),
  warnings: v.optional(v.array(v.string())),
  error: v.optional(v.object({ code: v.string(), message: v.string() })),
});

export const ParityCasesResponseSchema = v.strictObject({ cases: v.array(ParityCaseSchema) });

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ParityRunResponseSchema = v.strictObject({
  summary: v.strictObject({ total: Count, matching: Count, different: Count, errored: Count, skipped: Count }),
  results: v.array(ParityRunResultSchema),
  skipped_cases: v.array(
    v.strictObject({ id: v.string(), description: v.nullable(v.string()), program_id: v.string(), jurisdiction: v.string(), reason: v.string() }),
  ),
});
