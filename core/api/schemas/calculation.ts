/** Schemas of the calculation surface (spec "Household and calculation"); the OpenAPI document is built from them. */
import * as v from 'valibot';
import { LIMITS } from '../../usecases/calculate/request.js';
import { MAX_PARAMETER_OVERRIDES } from '../../engine/package/parameter-overrides.js';
import { MAX_OVERRIDE_VERSIONS } from '../../engine/package/override-values.js';

const identifier = (what: string) =>
  v.pipe(
    v.string('must be a string'),
    v.minLength(1, `must be 1-${LIMITS.idLength} characters`),
    v.maxLength(LIMITS.idLength, `must be 1-${LIMITS.idLength} characters`),
    v.description(what),
  );

export const HouseholdSchema = v.pipe(
  v.record(v.string(), v.unknown(), 'must be an object'),
  v.description(
    'Free-form household. Conventions: people, spm_units (the first unit feeds the inputs), facts, period (YYYY-MM), entities (entity -> id -> input), relations. Input names as package detail lists them, including household_aliases; omitted inputs take package defaults. A package input at the top level (beside facts) is a 400 naming where it belongs; other unknown top-level keys are ignored with a warning.',
  ),
);

export const CalculateRequestSchema = v.object({
  program_id: identifier('Program id, e.g. snap (GET /v1/runtime/packages lists them).'),
  jurisdiction: identifier('Jurisdiction id, e.g. us-co.'),
  household: HouseholdSchema,
  variables: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string('must be a string'), v.maxLength(LIMITS.variableLength, `must be at most ${LIMITS.variableLength} characters`)),
        'must be an array of strings',
      ),
      // An empty list would silently mean "every default output": refuse it and say how to ask for the defaults.
      v.minLength(1, "must hold at least 1 item; omit variables for the package's default_outputs"),
      v.maxLength(LIMITS.variables, `must hold at most ${LIMITS.variables} items`),
      v.description("Outputs to compute, by name or output alias (1-100); omit it for the package's default_outputs. An empty list is refused (400)."),
    ),
  ),
  parameter_overrides: v.optional(
    v.pipe(
      v.record(v.string(), v.unknown(), 'must be an object of parameter id to value'),
      v.maxEntries(MAX_PARAMETER_OVERRIDES, `must hold at most ${MAX_PARAMETER_OVERRIDES} parameters`),
      v.description(
        `Tenet extension: what-if parameter changes for this calculation only (docs/calculation.md "Parameter overrides"). Keys: a parameter of the package, by bare name or rule id (module#name) as package detail graph.rules (kind parameter) and trace rule_ids show it. Values: a value of the parameter's type (every version takes it), an object of table key to value for a table (merged into every version), or a list of 1-${MAX_OVERRIDE_VERSIONS} {effective_from, effective_to?, value} replacing the parameter's versions (a table's value is then the whole table). At most ${MAX_PARAMETER_OVERRIDES} parameters; a value that does not fit the parameter's type, currency decimal places or table keys, or an id that is not a parameter of the package, is a 400 naming it. The result's package_digest changes, parameter_overrides describes what ran, warnings say it is not current law, and trace entries that read a changed value list it in overridden_parameters. Only compiled packages accept overrides.`,
      ),
    ),
  ),
  trace: v.optional(
    v.pipe(
      v.picklist(['full', 'decisive', 'none'], 'must be one of full, decisive, none'),
      v.description(
        'Tenet extension: how much attribution trace the answer carries (docs/calculation.md "Trace sizes"). full (the default, as the API spec describes): every rule the evaluation computed. decisive: only the rules that decided the returned outputs and person outputs (a condition that failed or a short-circuiting operand stays; rules read only by a branch or operand that did not decide are left out). none: trace is [] and a warning says it was left out on request. outputs, person_outputs, assumptions and the other warnings are the same for all three.',
      ),
    ),
  ),
});

export const TraceEntrySchema = v.strictObject({
  rule_id: v.string(),
  variable: v.string(),
  entity: v.pipe(v.string(), v.description('Entity kind the value is for, as the package names it (Household, Person): the keys of household.entities.')),
  entity_id: v.pipe(
    v.string(),
    v.description("Id of that entity: the unit's id (household) or a person's key in household.people (e.g. child_1); for entities a package generates from a count, the id from its id_template (person-1, ...)."),
  ),
  value: v.unknown(),
  sources: v.array(v.string()),
  overridden_parameters: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          rule_id: v.string(),
          key: v.optional(v.pipe(v.number(), v.description('The table key read (tables only).'))),
          value: v.pipe(v.unknown(), v.description('The overridden value the rule used.')),
          effective_from: v.pipe(v.string(), v.description('Start of the (overridden) version read.')),
          overridden: v.literal(true),
        }),
      ),
      v.description("Tenet extension, only with the request's parameter_overrides: the parameter reads of this rule that used an overridden value."),
    ),
  ),
});

const OverrideVersionSchema = v.strictObject({
  effective_from: v.string(),
  effective_to: v.optional(v.string()),
  value: v.pipe(v.unknown(), v.description('A value, or for a table an object of key to value.')),
});

export const ParameterOverridesAppliedSchema = v.pipe(
  v.strictObject({
    current_law: v.literal(false),
    base_package_digest: v.pipe(v.string(), v.description('Digest of the published package the overrides were applied to.')),
    parameters: v.array(
      v.strictObject({
        rule_id: v.string(),
        name: v.string(),
        versions: v.pipe(v.array(OverrideVersionSchema), v.description("The parameter's versions as this calculation used them.")),
      }),
    ),
  }),
  v.description("Tenet extension, only with the request's parameter_overrides: the result is not current law; which parameters changed and their versions as used."),
);

export const AssumptionSchema = v.strictObject({
  input: v.pipe(v.string(), v.description('The input as a household names it (the package alias), e.g. citizenship_status.')),
  entity: v.pipe(v.string(), v.description('Entity kind the default was used for (Household, Person).')),
  entity_id: v.pipe(v.string(), v.description("The entity's id: household, or the person's key in household.people.")),
  assumed_value: v.pipe(v.unknown(), v.description('The default used.')),
  message: v.pipe(v.string(), v.description('Why the default matters (with the provision) and where to give the fact.')),
});

/** The runtime that answered: its id and whether it runs compiled rules or a recorded fixture. */
export const RuntimeRefSchema = v.strictObject({ id: v.string(), mode: v.picklist(['fixture', 'compiled']) });

/** The fields a calculation's answer (and a sweep's) starts with: what answered, for which program and where. */
export const AnswerProvenanceEntries = {
  engine: v.string(),
  runtime: RuntimeRefSchema,
  program_id: v.string(),
  jurisdiction: v.string(),
};

export const CalculationMonthSchema = v.pipe(v.string(), v.description('The calculation month used (YYYY-MM).'));

export const CalculateResponseSchema = v.strictObject({
  ...AnswerProvenanceEntries,
  package_digest: v.pipe(
    v.string(),
    v.description('sha256:<hex> of what ran: the compiled program (rules, parameters, package metadata) or the recorded fixture package.'),
  ),
  period: CalculationMonthSchema,
  outputs: v.record(v.string(), v.unknown()),
  person_outputs: v.optional(
    v.pipe(
      v.record(v.string(), v.record(v.string(), v.unknown())),
      v.description(
        'Tenet extension, only from a package decided per person (its package detail lists person_outputs): person id (the key in household.people) -> output name -> value, for each listed person the evaluation reached. The default outputs reach every person output; a request naming other variables may leave people or names out. Judgments are JSON booleans.',
      ),
    ),
  ),
  trace: v.array(TraceEntrySchema),
  warnings: v.pipe(v.array(v.string()), v.minLength(1)),
  assumptions: v.pipe(
    v.array(AssumptionSchema),
    v.description(
      'Tenet extension. Defaults the calculation relied on for facts the household did not give and that could change its outcome (the package marks them material; a person fact only for people its rule can reach; a resource fact not when the household is categorically eligible). Empty when nothing material was assumed. Each entry also appears, summarised, in warnings.',
    ),
  ),
  parameter_overrides: v.optional(ParameterOverridesAppliedSchema),
});

export function batchRequestSchema(max: number) {
  return v.object({
    requests: v.pipe(
      v.array(CalculateRequestSchema, 'must be an array of calculation requests'),
      v.minLength(1, `must hold 1-${max} entries`),
      v.maxLength(max, `must hold 1-${max} entries`),
    ),
  });
}

export const BatchResultSchema = v.union([
  v.strictObject({ status: v.literal('ok'), result: CalculateResponseSchema }),
  v.strictObject({
    status: v.literal('error'),
    error: v.strictObject({ code: v.picklist(['unsupported_program', 'invalid_household', 'runtime_error']), message: v.string() }),
  }),
]);

export const BatchResponseSchema = v.strictObject({
  summary: v.strictObject({ total: v.number(), succeeded: v.number(), failed: v.number() }),
  results: v.array(BatchResultSchema),
});

const JobStatusSchema = v.picklist(['pending', 'running', 'succeeded', 'failed']);

export const JobSubmissionSchema = v.strictObject({
  job_id: v.string(),
  status: JobStatusSchema,
  total: v.number(),
  status_url: v.string(),
  durable: v.boolean(),
});

export const JobParamsSchema = v.object({
  job_id: v.pipe(
    v.string('must be a string'),
    v.minLength(1, 'must be 1-200 characters'),
    v.maxLength(200, 'must be 1-200 characters'),
    v.description('The job_id the submission returned.'),
  ),
});

export const JobRecordSchema = v.strictObject({
  id: v.string(),
  status: JobStatusSchema,
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  started_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  finished_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  total: v.number(),
  completed: v.pipe(
    v.number(),
    v.description(
      'Entries finished so far; equals total once succeeded. It never goes down: a job taken over from a dead instance (Redis store) reruns from its first entry, and completed stays at the count reached before until the rerun passes it.',
    ),
  ),
  api_key_id: v.nullable(v.string()),
  results: v.optional(v.array(BatchResultSchema)),
  error: v.optional(v.string()),
});
