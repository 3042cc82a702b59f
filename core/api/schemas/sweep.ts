/** Schemas of POST /v1/calculate/sweep (docs/sweep.md), a Tenet extension; the OpenAPI document is built from them. */
import * as v from 'valibot';
import { SWEEP_LIMITS } from '../../usecases/calculate/sweep-axis.js';
import { AnswerProvenanceEntries, AssumptionSchema, CalculateRequestSchema, CalculationMonthSchema, ParameterOverridesAppliedSchema } from './calculation.js';

const Name = v.pipe(v.string('must be a string'), v.minLength(1, 'must be 1-200 characters'), v.maxLength(200, 'must be 1-200 characters'));
const ExactNumber = v.pipe(v.union([v.number(), v.string()]), v.description('A JSON number, or a decimal string where a JSON number cannot carry the exact value.'));

const MAGNITUDE = `must be at most ${SWEEP_LIMITS.magnitude} in magnitude (the limit of a household input)`;
const AxisBound = v.pipe(v.number('must be a number'), v.finite('must be finite'), v.minValue(-SWEEP_LIMITS.magnitude, MAGNITUDE), v.maxValue(SWEEP_LIMITS.magnitude, MAGNITUDE));

export const SweepAxisSchema = v.pipe(
  v.strictObject({
    input: v.pipe(Name, v.description('A numeric input by name or alias, e.g. earned_income.')),
    from: v.pipe(AxisBound, v.description(`Start of the range (included): whole cents for money, a whole number for an integer input; at most ${SWEEP_LIMITS.magnitude} in magnitude.`)),
    to: v.pipe(AxisBound, v.description(`End of the range (included); greater than from; at most ${SWEEP_LIMITS.magnitude} in magnitude.`)),
    person: v.optional(v.pipe(Name, v.description("A person's key in household.people: sweep that person's input instead of the household's."))),
  }),
  v.description(`The input swept and its range. Money is swept in cents, integers in whole steps; at most ${SWEEP_LIMITS.gridSteps} steps.`),
);

/** A sweep answers segments, not a trace: the calculate request's `trace` choice does not apply to it. */
const { trace: _noTrace, ...SweptRequestEntries } = CalculateRequestSchema.entries;

export const SweepRequestSchema = v.object({
  ...SweptRequestEntries,
  axis: SweepAxisSchema,
  outputs: v.optional(
    v.pipe(
      v.array(Name, 'must be an array of strings'),
      v.minLength(1, "must hold at least 1 item; omit outputs for the package's default_outputs"),
      v.maxLength(SWEEP_LIMITS.outputs, `must hold at most ${SWEEP_LIMITS.outputs} items`),
      v.description(`Outputs to describe, by name or output alias (1-${SWEEP_LIMITS.outputs}); omit for the package's default_outputs. variables is accepted instead, not beside it.`),
    ),
  ),
});

export const SweepSegmentSchema = v.strictObject({
  from: v.pipe(ExactNumber, v.description('First input value of the segment (included).')),
  to: v.pipe(ExactNumber, v.description('Last input value of the segment (included); the next segment starts one step (one cent) later.')),
  value: v.pipe(v.unknown(), v.description('The output at from (a judgment as true/false/null).')),
  slope: v.pipe(ExactNumber, v.description('Change of the output per unit of the input over the segment; 0 for a step. For a benefit, minus the marginal rate.')),
});

export const SweepBreakpointSchema = v.strictObject({
  at: v.pipe(ExactNumber, v.description('The first input value (to the cent) at which the output takes `after`.')),
  before: v.pipe(v.unknown(), v.description('The output one step (one cent) below at.')),
  after: v.pipe(v.unknown(), v.description('The output at at.')),
  rule_id: v.pipe(v.nullable(v.string()), v.description('The rule whose decision causes the break: an income limit, a rounding step, a minimum benefit, a cap.')),
  sources: v.pipe(v.array(v.string()), v.description("That rule's legal sources, as trace entries list them.")),
});

export const SweepResponseSchema = v.strictObject({
  ...AnswerProvenanceEntries,
  package_digest: v.pipe(v.string(), v.description('sha256:<hex> of the compiled program that was swept.')),
  period: CalculationMonthSchema,
  axis: v.strictObject({
    input: v.pipe(v.string(), v.description('The canonical input swept.')),
    person: v.optional(v.string()),
    from: v.number(),
    to: v.number(),
    step: v.pipe(v.number(), v.description('Grid step: 0.01 for money (and other decimals), 1 for integers.')),
  }),
  outputs: v.pipe(
    v.record(v.string(), v.strictObject({ segments: v.array(SweepSegmentSchema), breakpoints: v.array(SweepBreakpointSchema) })),
    v.description('Keyed by the output name as requested: the exact piecewise-linear description over the range; one breakpoint between each two segments.'),
  ),
  warnings: v.pipe(v.array(v.string()), v.minLength(1), v.description('Warnings of a calculation of the household at the start of the range.')),
  assumptions: v.pipe(v.array(AssumptionSchema), v.description('Assumptions of a calculation of the household at the start of the range.')),
  parameter_overrides: v.optional(ParameterOverridesAppliedSchema),
});
