/**
 * Schemas of POST /v1/screen/sweep (docs/screening.md "Cliffs across programs"), a Tenet extension: a screen's
 * request plus an axis; the answer describes the monthly total and each program's status and amount exactly over it.
 */
import * as v from 'valibot';
import { SCREEN_SWEEP_LIMITS } from '../../usecases/screen/sweep-limits.js';
import { AssumptionSchema, CalculationMonthSchema } from './calculation.js';
import { ScreenRequestSchema } from './screen.js';
import { SweepSegmentSchema } from './sweep.js';

const Name = v.pipe(v.string('must be a string'), v.minLength(1, 'must be 1-200 characters'), v.maxLength(200, 'must be 1-200 characters'));
const ExactNumber = v.pipe(v.union([v.number(), v.string()]), v.description('A JSON number, or a decimal string where a JSON number cannot carry the exact value (a twelfth of an annual amount).'));
const MAGNITUDE = `must be at most ${SCREEN_SWEEP_LIMITS.magnitude} in magnitude (the limit of a household input)`;
const AxisBound = v.pipe(v.number('must be a number'), v.finite('must be finite'), v.minValue(-SCREEN_SWEEP_LIMITS.magnitude, MAGNITUDE), v.maxValue(SCREEN_SWEEP_LIMITS.magnitude, MAGNITUDE));

export const ScreenSweepAxisSchema = v.pipe(
  v.strictObject({
    input: v.optional(v.pipe(Name, v.description("A numeric input by name or alias; omit for earned_income of a person (axis.person, else the first person with earned_income above 0, else the first aged 18 or more, else the first listed)."))),
    person: v.optional(v.pipe(Name, v.description("A person's key in household.people: sweep that person's input instead of the household's."))),
    from: v.pipe(AxisBound, v.description('Start of the range (included): whole cents for money, a whole number for an integer input.')),
    to: v.pipe(AxisBound, v.description(`End of the range (included); greater than from; at most ${SCREEN_SWEEP_LIMITS.gridSteps} steps from it.`)),
  }),
  v.description('The input swept and its range (money in cents, integers in whole steps).'),
);

/** A screen's request without `questions` and `trace` (a sweep answers segments), plus the axis. */
const { questions: _noQuestions, trace: _noTrace, ...ScreenEntries } = ScreenRequestSchema.entries;

export const ScreenSweepRequestSchema = v.object({
  ...ScreenEntries,
  axis: ScreenSweepAxisSchema,
  detail: v.optional(
    v.pipe(
      v.picklist(['full', 'total'], 'must be "full" or "total"'),
      v.description(
        '"full" (default): every description. "total": what a chart draws, as exact: total.segments, the cliffs and each program\'s status; the total\'s breakpoints counted by program and rule (total.breakpoint_causes) instead of listed, and no program `amount` (a family\'s answer over 0-6,000 a month falls from about 5 MB to about 1 MB).',
      ),
    ),
  ),
});

const RuleRef = v.pipe(v.nullable(v.string()), v.description('rule_id of the rule whose decision causes the break; its sources are in `rules`.'));

const ProgramBreakpointSchema = v.strictObject({
  at: v.pipe(ExactNumber, v.description('The first input value (to the cent) at which the value is `after`.')),
  before: v.pipe(v.unknown(), v.description('The value one step below at.')),
  after: v.pipe(v.unknown(), v.description('The value at at.')),
  rule_id: RuleRef,
});

const DescriptionSchema = v.strictObject({ segments: v.array(SweepSegmentSchema), breakpoints: v.array(ProgramBreakpointSchema) });

const StatusSegmentSchema = v.strictObject({
  from: ExactNumber,
  to: ExactNumber,
  value: v.picklist(['eligible', 'ineligible']),
});

const CauseSchema = v.strictObject({ program_id: v.string(), rule_id: RuleRef });

const ScreenSweepProgramSchema = v.strictObject({
  program_id: v.string(),
  kind: v.picklist(['cash', 'near_cash', 'coverage', 'service']),
  amount_period: v.picklist(['month', 'year']),
  in_total: v.pipe(v.boolean(), v.description('Whether its amount counts in total (cash or near-cash with an amount: an annual amount as a twelfth).')),
  status: v.pipe(
    v.nullable(v.strictObject({ segments: v.array(StatusSegmentSchema), breakpoints: v.array(ProgramBreakpointSchema) })),
    v.description('eligible or ineligible over the axis, as a screen decides it; null when the program could not be computed (error).'),
  ),
  amount: v.optional(
    v.pipe(v.nullable(DescriptionSchema), v.description('The amount output over the axis (per amount_period; given whatever the status); null for coverage, a service, or a program without an encoded amount. Left out with detail "total".')),
  ),
  warnings: v.pipe(v.array(v.string()), v.description('The program\'s warnings in a screen at axis.from (an unverified figure it reads, a figure carried forward).')),
  undetermined_facts: v.optional(
    v.pipe(v.array(v.string()), v.description('Facts not given (where to send each) that decide this program at axis.from: a screen there finds it undetermined; the description is on their defaults.')),
  ),
  error: v.optional(v.strictObject({ code: v.string(), message: v.string() })),
});

export const ScreenSweepResponseSchema = v.strictObject({
  jurisdiction: v.string(),
  period: CalculationMonthSchema,
  package_digest: v.pipe(v.string(), v.description('sha256:<hex> of the merged package swept (every screened program\'s rules).')),
  axis: v.strictObject({
    input: v.pipe(v.string(), v.description('The input swept, as the request named it (earned_income when chosen by default).')),
    person: v.optional(v.string()),
    from: v.number(),
    to: v.number(),
    step: v.pipe(v.number(), v.description('Grid step: 0.01 for money, 1 for integers.')),
    defaulted: v.pipe(v.boolean(), v.description('true when axis.input was not given and the sweep chose earned_income of a person (listed in assumptions).')),
  }),
  total: v.pipe(
    v.strictObject({
      segments: v.array(SweepSegmentSchema),
      breakpoints: v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              at: ExactNumber,
              before: ExactNumber,
              after: ExactNumber,
              program_id: v.pipe(v.string(), v.description('The program whose amount or status changes here.')),
              rule_id: RuleRef,
              also: v.optional(v.pipe(v.array(CauseSchema), v.description('Other programs changing at the same value.'))),
            }),
          ),
          v.description('Every breakpoint of the total, between two of its segments; left out with detail "total".'),
        ),
      ),
      breakpoint_causes: v.optional(
        v.pipe(
          v.array(v.strictObject({ program_id: v.string(), rule_id: RuleRef, breakpoints: v.pipe(v.number(), v.description('How many of the total\'s breakpoints name this program and rule (first or in also).')) })),
          v.description('With detail "total" instead of breakpoints: each program and rule the breakpoints name, most first. The total has one breakpoint fewer than segments.'),
        ),
      ),
    }),
    v.description("The monthly total of cash and near-cash programs while eligible (an annual amount as a twelfth), exact and unrounded; a screen's totals.monthly.total is it rounded to the cent."),
  ),
  cliffs: v.pipe(
    v.array(
      v.strictObject({
        at: ExactNumber,
        program_id: v.string(),
        rule_id: RuleRef,
        before: v.picklist(['eligible', 'ineligible']),
        after: v.picklist(['eligible', 'ineligible']),
        total_before: ExactNumber,
        total_after: ExactNumber,
      }),
    ),
    v.description("Every change of a program's status over the axis (coverage and services included), in order, with the monthly total either side."),
  ),
  programs: v.array(ScreenSweepProgramSchema),
  rules: v.pipe(
    v.record(v.string(), v.strictObject({ sources: v.array(v.string()) })),
    v.description('Each rule named by a breakpoint or cliff, by rule_id, with its legal sources as trace entries list them (once here rather than on each of the breakpoints).'),
  ),
  assumptions: v.pipe(v.array(AssumptionSchema), v.description('Defaults relied on by a screen at axis.from, once; and the axis chosen when axis.input was not given.')),
  warnings: v.pipe(v.array(v.string()), v.minLength(1)),
});
