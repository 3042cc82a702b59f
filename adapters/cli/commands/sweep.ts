/**
 * `tenet sweep <jurisdiction> --to <n> [--from <n>] [--input <name>] [--person <id>] [--program <id>]
 * [--household <file>|-] [--output <names>] [--rules <dir>] [--json] [--chart|--no-chart]`: the exact sweep of
 * POST /v1/calculate/sweep (docs/sweep.md), computed locally by the embedding API over the bundled rules (or
 * --rules). Prints per output a table of its breakpoints (runs of equal steps by one rule on one row) and, on a
 * terminal (or --chart), a text chart of the first numeric output; --json prints the answer as the API's data.
 * Exit status: 0 done, 1 the sweep was refused (its code and message), 2 a bad flag or unreadable household file.
 */
import type { Command } from 'commander';
import { createRuleService } from '../../embedding/rule-service.js';
import { UsageError } from '../errors.js';
import { readJsonObject } from '../json-object-file.js';
import { jsonDocument } from '../output.js';
import { sweepChart } from '../sweep-chart.js';
import { sweepTable } from '../sweep-table.js';

export interface SweepCommandOptions {
  program: string;
  input: string;
  from: string;
  to: string;
  person?: string;
  household?: string;
  output?: string;
  rules?: string;
  json?: boolean;
  chart?: boolean;
}

function amount(flag: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} must be a number (got "${text}")`);
  return n;
}

/** Runs the sweep and returns the text to print. */
export async function runSweep(jurisdiction: string, options: SweepCommandOptions, terminal: boolean): Promise<string> {
  const from = amount('--from', options.from);
  const to = amount('--to', options.to);
  const given = options.household === undefined ? undefined : readJsonObject(options.household, { prefix: '--household: ', shape: 'a JSON household object' });
  const service = await createRuleService(options.rules === undefined ? {} : { rulesPaths: [options.rules] });
  try {
    const household = given ?? (service.getPackage(jurisdiction, options.program) as { sample_household?: Record<string, unknown> }).sample_household ?? {};
    const outputs = options.output?.split(',').map((o) => o.trim()).filter((o) => o !== '');
    const axis = { input: options.input, from, to, ...(options.person !== undefined ? { person: options.person } : {}) };
    const answer = await service.sweep({ program_id: options.program, jurisdiction, household, axis, ...(outputs && outputs.length > 0 ? { outputs } : {}) });
    if (options.json) return jsonDocument(answer);
    const names = Object.keys(answer.outputs);
    const chart = (options.chart ?? terminal) ? names.map((n) => sweepChart(n, answer.outputs[n])).find((c) => c !== undefined) : undefined;
    const heading = `${answer.jurisdiction}/${answer.program_id} ${answer.period}, ${answer.axis.input}${answer.axis.person ? ` of ${answer.axis.person}` : ''} from ${answer.axis.from} to ${answer.axis.to} (step ${answer.axis.step}); package ${answer.package_digest.slice(0, 19)}\n`;
    return [heading, ...(chart ? [chart] : []), ...names.map((n) => sweepTable(n, answer.outputs[n]))].join('\n');
  } finally {
    await service.close();
  }
}

export function registerSweep(program: Command): void {
  program
    .command('sweep')
    .description('describe outputs exactly as one input varies: segments, breakpoints and the rules that cause them (docs/sweep.md)')
    .argument('<jurisdiction>', 'package jurisdiction, e.g. us-co')
    .requiredOption('--to <amount>', 'end of the range (included)')
    .option('--from <amount>', 'start of the range (included)', '0')
    .option('--input <name>', 'the numeric input to sweep, by name or alias', 'earned_income')
    .option('--person <id>', "sweep this person's input (a key of household.people)")
    .option('--program <id>', 'program id', 'snap')
    .option('--household <file>', "household JSON file, or - for stdin (default: the package's sample household)")
    .option('--output <names>', 'comma-separated outputs (default: the package default_outputs)')
    .option('--rules <dir>', 'RuleSpec repository root (default: the bundled rules)')
    .option('--json', 'print the answer as JSON (the API data payload)')
    .option('--chart', 'draw the text chart even when stdout is not a terminal')
    .option('--no-chart', 'never draw the chart')
    .action(async (jurisdiction: string, options: SweepCommandOptions) => {
      process.stdout.write(await runSweep(jurisdiction, options, process.stdout.isTTY === true));
    });
}
