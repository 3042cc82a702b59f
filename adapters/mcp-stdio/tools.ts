/**
 * The 14 tools of the spec's table. Each forwards to exactly one endpoint: `request(args)` builds the method,
 * the percent-encoded path and the body; scopes are whatever that endpoint requires.
 */
import * as z from 'zod';
import type { ApiRequest } from './api-client.js';

const id = (what: string) => z.string().min(1).max(120).describe(what);
const ruleId = z.string().min(1).describe('A stable rule id or a citation path (slashes allowed), as search_rules returns them.');

const Household = z
  .record(z.string(), z.unknown())
  .describe(
    'Free-form household. Conventions: people (person id -> inputs), spm_units, facts (flat overrides), period (YYYY-MM), entities, relations. Input names as get_runtime_package lists them (including household_aliases); omitted inputs take package defaults.',
  );
const Variables = z.array(z.string().max(200)).max(100).describe("Outputs to compute, by name or alias (at most 100); default: the package's default_outputs.");

const ParameterOverrides = z
  .record(z.string(), z.unknown())
  .describe(
    'What-if parameter changes for this calculation only (at most 20): parameter id (bare name or module#name, as the package graph and trace rule_ids show it) -> a value of its type, an object of table key -> value, or a list of {effective_from, effective_to?, value}. The result is not current law: its package_digest changes and its warnings say so.',
  );

const CalculateRequest = z.object({
  program_id: id('Program id, e.g. snap.'),
  jurisdiction: id('Jurisdiction id, e.g. us-co.'),
  household: Household,
  variables: Variables.optional(),
  parameter_overrides: ParameterOverrides.optional(),
});

const seg = encodeURIComponent;

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** zod raw shape of the arguments (undefined: no arguments). */
  input?: z.ZodRawShape;
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
    input: { jurisdiction: id('Jurisdiction id, e.g. us-co.'), program_id: id('Program id, e.g. snap.') },
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/runtime/packages/${seg(a.jurisdiction)}/${seg(a.program_id)}` }),
  },
  {
    name: 'search_rules',
    title: 'Search rules',
    description: 'Full-text search over rule ids, citation paths, names, summaries and symbols; every token of two or more characters must match. jurisdiction and program_id filter exactly.',
    input: {
      query: z.string().min(2).max(500).describe('Search text, 2-500 characters.'),
      jurisdiction: z.string().max(120).optional().describe('Exact jurisdiction filter, e.g. us-co.'),
      program_id: z.string().max(120).optional().describe('Exact program filter, e.g. snap.'),
      limit: z.number().int().min(1).max(50).default(20).describe('Maximum results, 1-50 (default 20).'),
    },
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/search', body: a }),
  },
  {
    name: 'get_rule',
    title: 'Get rule',
    description: 'One rule: summary, symbols, dependencies, dependents, version and provenance.',
    input: { rule_id: ruleId },
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}` }),
  },
  {
    name: 'get_rule_sources',
    title: 'Rule sources',
    description: 'The legal sources of a rule (citations, URLs, quotes).',
    input: { rule_id: ruleId },
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}/sources` }),
  },
  {
    name: 'get_rule_dependencies',
    title: 'Rule dependencies',
    description: 'The rule ids a rule depends on and the rule ids depending on it.',
    input: { rule_id: ruleId },
    readOnly: true,
    request: (a) => ({ method: 'GET', path: `/v1/rules/${seg(a.rule_id)}/dependencies` }),
  },
  {
    name: 'calculate_household',
    title: 'Calculate for a household',
    description: 'Calculates outputs for one household with an attribution trace citing the rules and sources. Experimental: a non-empty warnings array means the result is not an authoritative determination.',
    input: CalculateRequest.shape,
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/calculate', body: a }),
  },
  {
    name: 'calculate_batch',
    title: 'Calculate a batch',
    description: 'Up to 25 calculations at once; results are positional and a failing entry does not fail the others.',
    input: { requests: z.array(CalculateRequest).min(1).max(25).describe('1-25 calculation requests.') },
    readOnly: true,
    request: (a) => ({ method: 'POST', path: '/v1/calculate/batch', body: a }),
  },
  {
    name: 'submit_calculation_job',
    title: 'Submit a calculation job',
    description: 'Submits up to 50 calculations as an asynchronous job; poll it with get_calculation_job (records are kept 24 hours).',
    input: { requests: z.array(CalculateRequest).min(1).max(50).describe('1-50 calculation requests.') },
    readOnly: false,
    request: (a) => ({ method: 'POST', path: '/v1/jobs/calculate', body: a }),
  },
  {
    name: 'get_calculation_job',
    title: 'Get a calculation job',
    description: 'Status and, once succeeded, the positional results of a job submitted with the same key.',
    input: { job_id: z.string().min(1).describe('The job_id submit_calculation_job returned.') },
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
