/**
 * `tenet calculate <jurisdiction> [--program <id>] [--household <file>|-] [--output <names>] [--trace full|decisive|none]
 * [--rules <dir>] [--json]`: POST /v1/calculate computed locally by the embedding API over the bundled rules (or
 * --rules). Prints the outputs, person outputs, warnings and assumptions, then the trace as a table (as much of it as
 * --trace asks for: docs/calculation.md "Trace sizes"); --json prints the answer as the API's data.
 * Exit status: 0 done, 1 the calculation was refused (its code and message), 2 a bad flag or unreadable household file.
 */
import type { Command } from 'commander';
import type { CalculateResponse, TraceSize } from '../../../core/ports/calculator.js';
import { createRuleService } from '../../embedding/rule-service.js';
import { UsageError } from '../errors.js';
import { readJsonObject } from '../json-object-file.js';
import { fields, jsonDocument, table } from '../output.js';

export interface CalculateCommandOptions {
  program: string;
  household?: string;
  output?: string;
  trace: string;
  rules?: string;
  json?: boolean;
}

const TRACE_SIZES: readonly TraceSize[] = ['full', 'decisive', 'none'];

function traceSize(text: string): TraceSize {
  const size = TRACE_SIZES.find((s) => s === text);
  if (!size) throw new UsageError(`--trace must be one of ${TRACE_SIZES.join(', ')} (got "${text}")`);
  return size;
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The answer as text: heading, outputs, person outputs, warnings, assumptions and the trace table. */
function answerText(answer: CalculateResponse): string {
  const parts = [`${answer.jurisdiction}/${answer.program_id} ${answer.period}; package ${answer.package_digest.slice(0, 19)}\n`];
  parts.push(fields(Object.entries(answer.outputs).map(([name, value]) => [name, show(value)] as const)));
  for (const [person, values] of Object.entries(answer.person_outputs ?? {})) {
    parts.push(`${person}: ${Object.entries(values).map(([name, value]) => `${name} ${show(value)}`).join(', ')}\n`);
  }
  parts.push(`warnings:\n${answer.warnings.map((w) => `- ${w}\n`).join('')}`);
  if (answer.assumptions.length > 0) parts.push(`assumptions:\n${answer.assumptions.map((a) => `- ${a.entity_id} ${a.input} = ${show(a.assumed_value)}\n`).join('')}`);
  if (answer.trace.length > 0) {
    parts.push(table(['variable', 'entity', 'value', 'rule'], answer.trace.map((e) => [e.variable, e.entity_id, show(e.value), e.rule_id])));
  }
  return parts.join('\n');
}

/** Runs the calculation and returns the text to print. */
export async function runCalculate(jurisdiction: string, options: CalculateCommandOptions): Promise<string> {
  const trace = traceSize(options.trace);
  const given = options.household === undefined ? undefined : readJsonObject(options.household, { prefix: '--household: ', shape: 'a JSON household object' });
  const service = await createRuleService(options.rules === undefined ? {} : { rulesPaths: [options.rules] });
  try {
    const household = given ?? (service.getPackage(jurisdiction, options.program) as { sample_household?: Record<string, unknown> }).sample_household ?? {};
    const variables = options.output?.split(',').map((o) => o.trim()).filter((o) => o !== '');
    const request = { program_id: options.program, jurisdiction, household, trace, ...(variables && variables.length > 0 ? { variables } : {}) };
    // The embedding API gives the route's data, a CalculateResponse (its type there is the loose JSON form).
    const answer = (await service.calculate(request)) as unknown as CalculateResponse;
    return options.json ? jsonDocument(answer) : answerText(answer);
  } finally {
    await service.close();
  }
}

export function registerCalculate(program: Command): void {
  program
    .command('calculate')
    .description('calculate a household locally, with as much trace as asked for (docs/calculation.md)')
    .argument('<jurisdiction>', 'package jurisdiction, e.g. us-co')
    .option('--program <id>', 'program id', 'snap')
    .option('--household <file>', "household JSON file, or - for stdin (default: the package's sample household)")
    .option('--output <names>', 'comma-separated outputs (default: the package default_outputs)')
    .option('--trace <size>', 'full (every rule computed), decisive (the rules that decided) or none', 'full')
    .option('--rules <dir>', 'RuleSpec repository root (default: the bundled rules)')
    .option('--json', 'print the answer as JSON (the API data payload)')
    .action(async (jurisdiction: string, options: CalculateCommandOptions) => {
      process.stdout.write(await runCalculate(jurisdiction, options));
    });
}
