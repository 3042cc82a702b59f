/** Three prompts that chain the tools for common tasks; each returns one user message. */
import * as z from 'zod';

export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  args: Record<string, z.ZodString | z.ZodOptional<z.ZodString>>;
  text(args: Record<string, string | undefined>): string;
}

export const PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'explain_snap_calculation',
    title: 'Explain a SNAP calculation',
    description: 'Calculate SNAP for a described household in one jurisdiction and explain every step with its legal source.',
    args: {
      jurisdiction: z.string().describe('Jurisdiction id, e.g. us-co.'),
      household: z.string().describe('The household in plain words: members and ages, monthly income by kind, rent, utilities, medical or care costs.'),
    },
    text: (a) =>
      [
        `Explain the SNAP benefit for this household in ${a.jurisdiction}: ${a.household}`,
        '',
        `1. Call get_runtime_package with jurisdiction "${a.jurisdiction}" and program_id "snap" to learn the input names, entities and default period.`,
        '2. Build the household object from the description using exactly those input names (people keyed by person id; facts for household-level amounts). Say which inputs you assumed or left at their defaults.',
        '3. Call calculate_household with the household and no variables (the default outputs).',
        '4. Walk through the trace in order: gross income, deductions, net income, eligibility tests and the allotment. For each figure name the rule_id and cite its sources; call get_rule_sources for any rule whose source you quote.',
        '5. Repeat the warnings verbatim and state plainly that the result is experimental and not an eligibility determination.',
      ].join('\n'),
  },
  {
    name: 'find_rule_for_provision',
    title: 'Find the rule for a provision',
    description: 'Locate the encoded rule for a legal provision or concept and show its source text and what depends on it.',
    args: {
      provision: z.string().describe('A citation (e.g. 7 CFR 273.9(d)(6)) or a concept (e.g. excess shelter deduction).'),
      jurisdiction: z.string().optional().describe('Optional jurisdiction id to narrow the search, e.g. us-ca.'),
    },
    text: (a) =>
      [
        `Find the rule that encodes: ${a.provision}${a.jurisdiction ? ` (jurisdiction ${a.jurisdiction})` : ''}.`,
        '',
        `1. Call search_rules with a short query taken from the provision${a.jurisdiction ? ` and jurisdiction "${a.jurisdiction}"` : ''}. If nothing matches, retry with fewer or different words (every word must match).`,
        '2. Pick the best result and call get_rule with its id for the summary, symbols and provenance.',
        '3. Call get_rule_sources and quote the legal text with its citation and URL.',
        '4. Call get_rule_dependencies and list what the rule depends on and what depends on it.',
        'Answer with the rule id, citation path, a plain-language summary, the quoted source and the dependency lists; say so if no encoded rule covers the provision.',
      ].join('\n'),
  },
  {
    name: 'compare_household_across_states',
    title: 'Compare a household across states',
    description: 'Run one household through the SNAP packages of several jurisdictions and compare the results side by side.',
    args: {
      household: z.string().describe('The household in plain words (members, ages, monthly incomes, shelter and utility costs).'),
      jurisdictions: z.string().describe('Comma-separated jurisdiction ids, e.g. us-ca, us-tx, us-ny (at most 25).'),
    },
    text: (a) =>
      [
        `Compare SNAP for this household across ${a.jurisdictions}: ${a.household}`,
        '',
        '1. Call list_runtime_packages and keep the requested jurisdictions that have a snap package; name any that do not.',
        '2. Call get_runtime_package for one of them to learn the input names, and build one household object from the description.',
        '3. Call calculate_batch with one request per jurisdiction (program_id "snap", the same household).',
        '4. Present a table with one row per jurisdiction: eligibility, gross and net income, deductions, maximum allotment and allotment; then explain the largest differences using the trace (e.g. standard utility allowances, income limits under broad-based categorical eligibility).',
        'Report per-entry errors as they are, and note that results are experimental.',
      ].join('\n'),
  },
];
