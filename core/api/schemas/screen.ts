/** Schemas of the screening surface (POST /v1/screen; docs/screening.md), a Tenet extension. */
import * as v from 'valibot';
import { LIMITS } from '../../usecases/calculate/request.js';
import { AssumptionSchema, CalculationMonthSchema, HouseholdSchema, TraceEntrySchema } from './calculation.js';

/** Next questions a screen may return at most. */
export const MAX_SCREEN_QUESTIONS = 20;
/** Programs a screen may name. */
export const MAX_SCREEN_PROGRAMS = 50;

const id = (what: string) =>
  v.pipe(
    v.string('must be a string'),
    v.minLength(1, `must be 1-${LIMITS.idLength} characters`),
    v.maxLength(LIMITS.idLength, `must be 1-${LIMITS.idLength} characters`),
    v.description(what),
  );

export const ScreenRequestSchema = v.object({
  jurisdiction: id('Jurisdiction id, e.g. us-tx.'),
  household: HouseholdSchema,
  programs: v.optional(
    v.pipe(
      v.array(id('A program id, e.g. snap.'), 'must be an array of program ids'),
      v.minLength(1, 'must hold at least 1 program; omit programs to screen every program of the jurisdiction'),
      v.maxLength(MAX_SCREEN_PROGRAMS, `must hold at most ${MAX_SCREEN_PROGRAMS} programs`),
      v.description('Programs to screen; omit for every screenable program bundled for the jurisdiction (GET /v1/runtime/packages).'),
    ),
  ),
  assume_defaults: v.optional(
    v.pipe(
      v.boolean('must be true or false'),
      v.description('true: answer each program on the defaults of facts not given (listed in assumptions), as POST /v1/calculate does, instead of `undetermined` where such a fact decides the status.'),
    ),
  ),
  questions: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(0, `must be 0-${MAX_SCREEN_QUESTIONS}`),
      v.maxValue(MAX_SCREEN_QUESTIONS, `must be 0-${MAX_SCREEN_QUESTIONS}`),
      v.description('How many next questions to return, ranked by how much the monthly total could change (0 or absent: none).'),
    ),
  ),
  trace: v.optional(
    v.pipe(
      v.picklist(['full', 'decisive', 'none'], 'must be full, decisive or none'),
      v.description(
        'full (default): the one evaluation\'s whole trace, every program\'s rules once; decisive: only the rules that decided the outputs the screen reads (each program\'s default outputs, eligibility, amount, tests and links) and the person outputs, as decisive is on POST /v1/calculate; none: trace is [] and a warning says so. Programs, totals, assumptions and questions are the same for all three.',
      ),
    ),
  ),
});

const RuleSchema = v.strictObject({
  rule_id: v.string(),
  variable: v.string(),
  value: v.optional(v.unknown()),
  sources: v.array(v.string()),
});

const StatusSchema = v.picklist(['eligible', 'ineligible', 'undetermined']);

const ScreenProgramSchema = v.strictObject({
  program_id: v.string(),
  status: StatusSchema,
  amount: v.pipe(v.nullable(v.number()), v.description('The amount on the facts given and the defaults; null for coverage, a service, or a program that failed.')),
  amount_period: v.picklist(['month', 'year']),
  kind: v.pipe(v.picklist(['cash', 'near_cash', 'coverage', 'service']), v.description('cash and near_cash (food, phone) are summed in totals; coverage and service are listed apart.')),
  recipient: v.strictObject({ type: v.picklist(['household', 'person', 'tax_unit']), people: v.optional(v.array(v.string())) }),
  range: v.optional(
    v.pipe(
      v.strictObject({ min: v.nullable(v.number()), max: v.nullable(v.number()), statuses: v.array(StatusSchema), facts: v.array(v.string()) }),
      v.description('For undetermined: the smallest and largest amount and the statuses over the plausible values of the facts not given that decide it (facts: where to give them).'),
    ),
  ),
  decided_by: v.pipe(v.nullable(RuleSchema), v.description('The rule that decided the status: the first of the program\'s tests that did not hold, else its eligibility rule.')),
  amount_rule: v.optional(RuleSchema),
  links: v.array(v.strictObject({ program: v.string(), used: v.boolean(), rule: v.nullable(RuleSchema) })),
  outputs: v.record(v.string(), v.unknown()),
  person_outputs: v.optional(v.record(v.string(), v.record(v.string(), v.unknown()))),
  assumptions: v.array(AssumptionSchema),
  warnings: v.array(v.string()),
  package: v.strictObject({ program_id: v.string(), jurisdiction: v.string(), digest: v.string() }),
  error: v.optional(v.strictObject({ code: v.string(), message: v.string() })),
});

/** A smallest or largest value over a fact's range and the smallest value of the fact at which it is reached. */
const ExtremeSchema = v.strictObject({ value: v.number(), at: v.number() });

const QuestionSweepSchema = v.strictObject({
  from: v.number(),
  to: v.number(),
  step: v.pipe(v.number(), v.description('0.01 for money, 1 for an integer.')),
  basis: v.pipe(v.string(), v.description('Why this range, in words.')),
  exact: v.pipe(v.boolean(), v.description('true: described exactly over the whole range; false: not swept (reason), the two ends of the range were screened.')),
  reason: v.optional(v.string()),
  total_monthly: v.optional(v.pipe(v.strictObject({ min: ExtremeSchema, max: ExtremeSchema }), v.description('The monthly total (to the cent) at its smallest and largest over the range, each at the smallest value of the fact reaching it.'))),
  programs: v.optional(
    v.array(
      v.strictObject({
        program_id: v.string(),
        statuses: v.pipe(v.array(v.strictObject({ status: v.picklist(['eligible', 'ineligible']), at: v.number() })), v.description('Each status over the range, from the smallest value at which it holds.')),
        amount: v.pipe(v.nullable(v.strictObject({ min: ExtremeSchema, max: ExtremeSchema })), v.description("The program's amount output over the range, whatever its status; null without an amount.")),
      }),
    ),
  ),
  summary: v.pipe(v.string(), v.description('What the sweep found, in words.')),
});

const SumsSchema = v.strictObject({ cash: v.number(), near_cash: v.number(), total: v.number() });

export const ScreenResponseSchema = v.strictObject({
  jurisdiction: v.string(),
  period: CalculationMonthSchema,
  package_digest: v.pipe(v.string(), v.description('sha256:<hex> of the merged package that ran (every screened program\'s rules).')),
  programs: v.array(ScreenProgramSchema),
  totals: v.strictObject({
    monthly: SumsSchema,
    annual: SumsSchema,
    coverage: v.array(v.string()),
    services: v.array(v.string()),
    without_amount: v.pipe(v.array(v.string()), v.description('Eligible cash or near-cash programs whose amount no package encodes (e.g. WIC).')),
    undetermined: v.array(v.string()),
  }),
  assumptions: v.array(AssumptionSchema),
  warnings: v.pipe(v.array(v.string()), v.minLength(1)),
  questions: v.optional(
    v.array(
      v.strictObject({
        input: v.string(),
        entity_id: v.string(),
        where: v.string(),
        question: v.string(),
        programs: v.array(v.string()),
        total_monthly: v.strictObject({ min: v.number(), max: v.number() }),
        values: v.pipe(
          v.array(v.unknown()),
          v.description("The other values screened: a boolean's other value, a closed list's other values, an amount's or count's values where its exact sweep found an extreme or a status (else the two ends of its range)."),
        ),
        changes_coverage: v.boolean(),
        sweep: v.optional(v.pipe(QuestionSweepSchema, v.description('For an amount or a count: the documented range it was swept over exactly, and the smallest and largest monthly total and each program affected over it, with the value at which each is reached (docs/screening.md "What to ask next").'))),
      }),
    ),
  ),
  probed_facts: v.optional(
    v.pipe(
      v.array(v.strictObject({ input: v.string(), entity_id: v.string(), where: v.string(), values: v.array(v.number()), reason: v.string() })),
      v.description('Amounts and counts not given that were tried only at the two ends of their range (values), not swept, and why: no questions were asked, the fact is not among those asked, or its sweep could not be made. A status or total that changes only inside the range is not found for them.'),
    ),
  ),
  trace: v.array(TraceEntrySchema),
});
