/**
 * Schemas of the read surface (spec "Program and rule records", "Search", "Runtime packages", "Capabilities").
 * Response schemas are strict and list exactly the spec's fields; the OpenAPI document is generated from them.
 */
import * as v from 'valibot';
import { FILTER_MAX, QUERY_MAX, QUERY_MIN } from '../../domain/search/search-request.js';
import { DependencyStatusSchema } from './common.js';

// ---- rules and programs

export const RuleSummarySchema = v.strictObject({
  id: v.pipe(v.string(), v.description('Stable rule id, e.g. us:statutes/7/2017/a#snap_regular_month_allotment.')),
  citation_path: v.pipe(
    v.string(),
    v.description('The id with its `:` and `#` written as `/`, e.g. us/statutes/7/2017/a/snap_regular_month_allotment; also resolves as an id.'),
  ),
  name: v.string(),
  jurisdiction: v.string(),
  program_id: v.string(),
  document_class: v.pipe(v.string(), v.description('statute, regulation, policy or legislation, from the module root.')),
  status: v.picklist(['encoded', 'source-linked', 'planned']),
  source_count: v.pipe(v.number(), v.integer()),
});

export const ProvenanceSchema = v.strictObject({
  rulespec_repo: v.string(),
  rulespec_path: v.string(),
  rulespec_branch: v.string(),
  source_release: v.string(),
});

export const RuleDetailSchema = v.strictObject({
  ...RuleSummarySchema.entries,
  summary: v.pipe(v.string(), v.description('Plain-language summary.')),
  symbols: v.pipe(v.array(v.string()), v.description('Variables the rule defines or references.')),
  dependencies: v.pipe(v.array(v.string()), v.description('Ids of rules this rule depends on.')),
  dependents: v.pipe(v.array(v.string()), v.description('Ids of rules depending on this rule.')),
  version: v.pipe(v.string(), v.description('Effective date (YYYY-MM-DD) of the newest version, or `unversioned`.')),
  provenance: ProvenanceSchema,
});

export const SourceReferenceSchema = v.strictObject({
  id: v.string(),
  citation_path: v.string(),
  label: v.string(),
  url: v.nullable(v.string()),
  quote: v.nullable(v.string()),
  source_type: v.picklist(['official', 'derived', 'repository']),
});

export const ProgramSummarySchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  jurisdiction: v.string(),
  description: v.string(),
  rule_count: v.pipe(v.number(), v.integer()),
  status: v.picklist(['available', 'partial', 'planned']),
});

export const ProgramsResponseSchema = v.strictObject({ programs: v.array(ProgramSummarySchema) });
export const RuleResponseSchema = v.strictObject({ rule: RuleDetailSchema });
export const RuleSourcesResponseSchema = v.strictObject({ rule: RuleSummarySchema, sources: v.array(SourceReferenceSchema) });
export const RuleDependenciesResponseSchema = v.strictObject({
  rule: RuleSummarySchema,
  dependencies: v.array(v.string()),
  dependents: v.array(v.string()),
});

export const RuleParamsSchema = v.object({
  rule_id: v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(2000, 'must be at most 2000 characters'),
    v.description('A rule id or citation path. Percent-encode `#` (%23); slashes may be sent as is or as %2F.'),
  ),
});

// ---- search

export const SearchRequestSchema = v.object({
  query: v.pipe(
    v.string('must be a string'),
    v.description(`Trimmed, then ${QUERY_MIN}-${QUERY_MAX} characters. Every whitespace-separated token of two or more characters must match.`),
  ),
  jurisdiction: v.optional(v.pipe(v.string('must be a string'), v.maxLength(FILTER_MAX, `must be at most ${FILTER_MAX} characters`), v.description('Exact-match filter.'))),
  program_id: v.optional(v.pipe(v.string('must be a string'), v.maxLength(FILTER_MAX, `must be at most ${FILTER_MAX} characters`), v.description('Exact-match filter.'))),
  limit: v.optional(
    v.pipe(v.number('must be a number'), v.finite('must be a finite number'), v.description('Default 20; clamped to 1-50.')),
  ),
});

export const SearchResultsSchema = v.strictObject({
  query: v.pipe(v.string(), v.description('The trimmed query executed.')),
  results: v.array(RuleSummarySchema),
});

// ---- runtime packages

const ModeSchema = v.picklist(['fixture', 'compiled']);

export const SampleRequestSchema = v.strictObject({
  program_id: v.string(),
  jurisdiction: v.string(),
  household: v.record(v.string(), v.unknown()),
  variables: v.optional(v.array(v.string())),
});

export const RuntimePackageSummarySchema = v.strictObject({
  program_id: v.string(),
  jurisdiction: v.string(),
  runtime_id: v.string(),
  mode: ModeSchema,
  status: v.picklist(['ready', 'unavailable']),
  default_outputs: v.pipe(v.array(v.string()), v.description('Outputs computed when `variables` is omitted.')),
  output_count: v.optional(v.pipe(v.number(), v.integer())),
  entity_count: v.optional(v.pipe(v.number(), v.integer())),
  input_count: v.optional(v.pipe(v.number(), v.integer())),
});

// Extensions beyond the spec (docs/read-surface.md, "Package detail"): present only when the package's source states them.
const FieldDocsEntries = {
  description: v.optional(v.pipe(v.string(), v.description('What the value means, from the package source: a compose-spec docs extension, the output rule\'s description (else label), or a module\'s inputs: block. Absent when the source says nothing.'))),
  period: v.optional(v.pipe(v.string(), v.description('The span the value covers: `month`, `year` or `none`; corpus rules may state another RuleSpec period (e.g. `day`).'))),
  unit: v.optional(v.pipe(v.string(), v.description('e.g. `USD per month`, `count`, `boolean`, `text`, `years`; a corpus rule\'s own unit (e.g. `USD`).'))),
};

const PackageInputSchema = v.strictObject({
  name: v.string(),
  dtype: v.string(),
  default: v.optional(v.unknown()),
  values: v.optional(v.pipe(v.array(v.string()), v.description('The accepted values of an enumerated text input; any other value is refused with 400.'))),
  ...FieldDocsEntries,
});

const PackageOutputSchema = v.strictObject({ name: v.string(), legal_id: v.optional(v.string()), alias_for: v.optional(v.string()), ...FieldDocsEntries });

export const RuntimePackageDetailSchema = v.strictObject({
  ...RuntimePackageSummarySchema.entries,
  default_period: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/), v.description('YYYY-MM')),
  outputs: v.array(PackageOutputSchema),
  person_outputs: v.optional(
    v.pipe(
      v.array(PackageOutputSchema),
      v.description('Tenet extension, only for a package decided per person: the results a calculation answer reports for each listed person in person_outputs (docs/calculation.md "Person outputs").'),
    ),
  ),
  entities: v.array(
    v.strictObject({
      entity: v.string(),
      id_template: v.string(),
      count: v.optional(v.pipe(v.number(), v.integer())),
      count_from: v.optional(v.pipe(v.string(), v.description('Input variable that determines the entity count.'))),
      inputs: v.array(PackageInputSchema),
      relations: v.optional(v.array(v.strictObject({ name: v.string(), tuple: v.array(v.string()) }))),
    }),
  ),
  output_aliases: v.pipe(v.record(v.string(), v.string()), v.description('alias -> canonical output')),
  household_aliases: v.pipe(v.record(v.string(), v.string()), v.description('alias -> canonical input')),
  sample_request: SampleRequestSchema,
});

const nullableText = v.optional(v.nullable(v.string()));

export const ProgramGraphSchema = v.strictObject({
  rules: v.array(
    v.strictObject({
      legalId: v.string(),
      name: v.string(),
      fileLegalId: v.string(),
      kind: v.picklist(['derived', 'parameter']),
      entity: nullableText,
      dtype: nullableText,
      period: nullableText,
      unit: nullableText,
      source: nullableText,
      sourceUrl: nullableText,
      ruleDeps: v.array(v.string()),
      inputDeps: v.array(v.string()),
      relationDeps: v.array(v.string()),
      formula: nullableText,
    }),
  ),
  inputs: v.array(
    v.strictObject({ legalId: v.string(), name: v.string(), fileLegalId: v.string(), entity: v.string(), relationLegalId: v.optional(v.string()) }),
  ),
  relations: v.array(v.strictObject({ legalId: v.string(), name: v.string(), fileLegalId: v.string(), memberInputIds: v.array(v.string()) })),
  ownOutputs: v.array(v.string()),
  terminalOutputs: v.pipe(v.array(v.string()), v.description('Outputs nothing else consumes.')),
});

export const PackagesResponseSchema = v.strictObject({ packages: v.array(RuntimePackageSummarySchema) });
export const PackageResponseSchema = v.strictObject({ package: RuntimePackageDetailSchema });
export const GraphResponseSchema = v.strictObject({ graph: ProgramGraphSchema });

export const PackageParamsSchema = v.object({
  jurisdiction: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(FILTER_MAX, `must be at most ${FILTER_MAX} characters`)),
  program_id: v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(FILTER_MAX, `must be at most ${FILTER_MAX} characters`),
    v.description('Program id; ids with slashes (e.g. payroll/oasdi-wage-tax) may be sent as is or with %2F.'),
  ),
});

// ---- capabilities

export const CapabilitiesResponseSchema = v.strictObject({
  api_version: v.string(),
  environment: v.string(),
  openapi_url: v.string(),
  endpoints: v.strictObject({
    programs: v.string(),
    search: v.string(),
    rules: v.string(),
    calculate: v.string(),
    runtime_packages: v.string(),
    parity_cases: v.string(),
    parity_run: v.string(),
  }),
  repository: v.strictObject({ source: v.string(), status: DependencyStatusSchema, program_count: v.pipe(v.number(), v.integer()) }),
  runtime: v.strictObject({
    name: v.string(),
    status: DependencyStatusSchema,
    detail: v.optional(v.string()),
    package_count: v.pipe(v.number(), v.integer()),
    packages: v.array(RuntimePackageSummarySchema),
    sample_requests: v.array(v.strictObject({ program_id: v.string(), jurisdiction: v.string(), sample_request: SampleRequestSchema })),
  }),
});
