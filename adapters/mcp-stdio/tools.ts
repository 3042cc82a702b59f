/**
 * The 14 tools of the spec's table. Each forwards to exactly one endpoint: `request(args)` builds the method,
 * the percent-encoded path and the body; scopes are whatever that endpoint requires.
 */
import * as v from 'valibot';
import { batchRequestSchema, CalculateRequestSchema, JobParamsSchema } from '../../core/api/schemas/calculation.js';
import { PackageParamsSchema, RuleParamsSchema, SearchRequestSchema } from '../../core/api/schemas/read.js';
import { LIMITS } from '../../core/usecases/calculate/request.js';
import type { ApiRequest } from './api-client.js';

/**
 * search_rules takes the API's search request with the spec's MCP argument table on top: `query` 2-500
 * characters and `limit` an integer 1-50, default 20 (the API itself clamps any number).
 */
const SearchArguments = v.object({
  ...SearchRequestSchema.entries,
  query: v.pipe(v.string('must be a string'), v.minLength(2, 'must be 2-500 characters'), v.maxLength(500, 'must be 2-500 characters'), v.description('Search text, 2-500 characters.')),
  limit: v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be 1-50'), v.maxValue(50, 'must be 1-50'), v.description('Maximum results, 1-50 (default 20).')),
    20,
  ),
});

const seg = encodeURIComponent;

/** A tool's arguments: an object schema (JSON Schema for tools/list is generated from it; see server.ts). */
export type ToolInput = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /**
   * The arguments' schema (undefined: no arguments): the API's own valibot request schema wherever the
   * arguments are the request (core/api/schemas), so tools/list, the adapter's check and the API agree.
   */
  input?: ToolInput;
  /** Whether the call only reads (false for job submission, which creates a job record). */
  readOnly: boolean;
  request(args: Record<string, any>): ApiRequest;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'get_capabilities',
    title: 'Capabilities',
    description: 'What this deployment serves: API version, endpoints, rule repository status, executable runtime packages and one sample calculation request per package. Start here.',
    readOnly: true,
    request: () => ({ method: 'GET', path: '/v1/capabilities' }),
  },
  {
    name: 'list_programs',
    title: 'List programs',
    description: 'Programs (e.g. SNAP per state) with jurisdiction, rule count and status. A listed program is searchable; executability is given by the runtime packages.',
    readOnly: true,
    request: () => ({ method: 'GET', path: '/v1/programs' }),
  },
  {
    name: 'list_runtime_packages',
    title: 'List runtime packages',
    description: 'Executable calculation packages (program and jurisdiction) with their default outputs.',
    readOnly: true,
    request: () => ({ method: 'GET', path: '/v1/runtime/packages' }),
  },
  {
    name: 'get_runtime_package',
    title: 'Runtime package detail',
    description: 'Inputs, entities, outputs, aliases, default period and a sample request of one executable package. Read it before building a household.',
    input: PackageParamsSchema,
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/runtime/packages/${seg(a.jurisdiction)}/${seg(a.program_id)}` }),
  },
  {
    name: 'search_rules',
    title: 'Search rules',
    description: 'Full-text search over rule ids, citation paths, names, summaries and symbols; every token of two or more characters must match. jurisdiction and program_id filter exactly.',
    input: SearchArguments,
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/search', body: a }),
  },
  {
    name: 'get_rule',
    title: 'Get rule',
    description: 'One rule: summary, symbols, dependencies, dependents, version and provenance.',
    input: RuleParamsSchema,
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}` }),
  },
  {
    name: 'get_rule_sources',
    title: 'Rule sources',
    description: 'The legal sources of a rule (citations, URLs, quotes).',
    input: RuleParamsSchema,
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}/sources` }),
  },
  {
    name: 'get_rule_dependencies',
    title: 'Rule dependencies',
    description: 'The rule ids a rule depends on and the rule ids depending on it.',
    input: RuleParamsSchema,
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}/dependencies` }),
  },
  {
    name: 'calculate_household',
    title: 'Calculate for a household',
    description: 'Calculates outputs for one household with an attribution trace citing the rules and sources. Experimental: a non-empty warnings array means the result is not an authoritative determination.',
    input: CalculateRequestSchema,
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/calculate', body: a }),
  },
  {
    name: 'calculate_batch',
    title: 'Calculate a batch',
    description: 'Up to 25 calculations at once; results are positional and a failing entry does not fail the others.',
    input: batchRequestSchema(LIMITS.batch),
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/calculate/batch', body: a }),
  },
  {
    name: 'submit_calculation_job',
    title: 'Submit a calculation job',
    description: 'Submits up to 50 calculations as an asynchronous job; poll it with get_calculation_job (records are kept 24 hours).',
    input: batchRequestSchema(LIMITS.job),
    readOnly: false,
    request: (a) => ({ method: 'POST', path: '/v1/jobs/calculate', body: a }),
  },
  {
    name: 'get_calculation_job',
    title: 'Get a calculation job',
    description: 'Status and, once succeeded, the positional results of a job submitted with the same key.',
    input: JobParamsSchema,
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/jobs/${seg(a.job_id)}` }),
  },
  {
    name: 'list_parity_cases',
    title: 'List parity cases',
    description: 'Households with the outputs the calculation is expected to produce (needs a key with admin:parity).',
    readOnly: true,
    request: () => ({ method: 'GET', path: '/v1/parity/cases' }),
  },
  {
    name: 'run_parity_cases',
    title: 'Run parity cases',
    description: 'Runs every runtime-supported parity case and reports matching, different and errored cases (needs admin:parity).',
    readOnly: true,
    request: () => ({ method: 'POST', path: '/v1/parity/run' }),
  },
];
