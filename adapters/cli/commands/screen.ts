/**
 * `tenet screen <jurisdiction> --household <file>|- [--programs <ids>] [--questions <n>] [--assume-defaults]
 * [--rules <dir>] [--json] [--chart|--no-chart] [--chart-to <amount>]`: POST /v1/screen (docs/screening.md) computed
 * locally by the embedding API over the bundled rules (or --rules). Prints a table of the programs (status, amount and
 * period, deciding rule), the totals and the next questions, then, on a terminal or with --chart, a chart of the
 * monthly total over earnings from the combined sweep (screenSweep) with the cliffs marked; --json prints the answer
 * as the API's data (no chart).
 * Exit status: 0 done, 1 the screen was refused (its code and message), 2 a bad flag or unreadable household file.
 */
import type { Command } from 'commander';
import { MAX_SCREEN_QUESTIONS } from '../../../core/api/schemas/screen.js';
import { ServiceError } from '../../../core/domain/errors.js';
import { createRuleService, type RuleService } from '../../embedding/rule-service.js';
import { screenChart } from '../screen-chart.js';
import { UsageError } from '../errors.js';
import { readJsonObject } from '../json-object-file.js';
import { jsonDocument } from '../output.js';
import { screenText } from '../screen-text.js';

export interface ScreenCommandOptions {
  household: string;
  programs?: string;
  questions?: string;
  assumeDefaults?: boolean;
  rules?: string;
  json?: boolean;
  /** Draw the chart (default: when stdout is a terminal and --json is not given). */
  chart?: boolean;
  chartTo?: string;
}

/** The chart's range ends at this monthly amount unless --chart-to says otherwise. */
export const CHART_TO = 6000;

/** --chart-to as a positive amount in whole cents, checked before any rules load. */
function chartTo(text: string | undefined): number {
  if (text === undefined) return CHART_TO;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 100_000 || Math.round(n * 100) / 100 !== n) throw new UsageError(`--chart-to must be an amount above 0 and at most 100000, in whole cents (got "${text}")`);
  return n;
}

/** --questions as a count 0..MAX_SCREEN_QUESTIONS, checked before any rules load. */
function questionCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > MAX_SCREEN_QUESTIONS) throw new UsageError(`--questions must be a whole number 0-${MAX_SCREEN_QUESTIONS} (got "${text}")`);
  return n;
}

function programList(text: string | undefined): string[] | undefined {
  const ids = text?.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (text !== undefined && (ids === undefined || ids.length === 0)) throw new UsageError('--programs must name at least one program id');
  return ids;
}

/** The request the flags describe (every flag checked before the rules load). */
export function screenRequest(jurisdiction: string, options: ScreenCommandOptions): Record<string, unknown> {
  const questions = questionCount(options.questions);
  const programs = programList(options.programs);
  const household = readJsonObject(options.household, { prefix: '--household: ', shape: 'a JSON household object' });
  return {
    jurisdiction,
    household,
    ...(programs ? { programs } : {}),
    ...(questions !== undefined ? { questions } : {}),
    ...(options.assumeDefaults ? { assume_defaults: true } : {}),
    // The text form prints no trace; --json keeps the API's default (the full trace).
    ...(options.json ? {} : { trace: 'none' }),
  };
}

/** Runs the screen (and, for the chart, the combined sweep over earnings) and returns the text to print. */
export async function runScreen(jurisdiction: string, options: ScreenCommandOptions): Promise<string> {
  const request = screenRequest(jurisdiction, options);
  const chart = options.chart === true && !options.json;
  const to = chartTo(options.chartTo);
  const service = await createRuleService(options.rules === undefined ? {} : { rulesPaths: [options.rules] });
  try {
    const answer = await service.screen(request);
    if (options.json) return jsonDocument(answer);
    return chart ? `${screenText(answer)}\n${await chartOf(service, request, to)}` : screenText(answer);
  } finally {
    await service.close();
  }
}

/** The chart of the total over earned_income of the default person, or why there is none (the screen still printed). */
async function chartOf(service: RuleService, request: Record<string, unknown>, to: number): Promise<string> {
  const { questions: _questions, trace: _trace, ...screen } = request;
  try {
    return screenChart(await service.screenSweep({ ...screen, assume_defaults: true, axis: { from: 0, to }, detail: 'total' }));
  } catch (error) {
    if (error instanceof ServiceError) return `No chart over earnings: ${error.message}\n`;
    throw error;
  }
}

export function registerScreen(program: Command): void {
  program
    .command('screen')
    .description('screen a household for every program of a jurisdiction locally: status, amount, deciding rule, totals (docs/screening.md)')
    .argument('<jurisdiction>', 'jurisdiction, e.g. us-tx')
    .requiredOption('--household <file>', 'household JSON file, or - for stdin (docs/household.md)')
    .option('--programs <ids>', 'comma-separated program ids (default: every screenable program of the jurisdiction)')
    .option('--questions <n>', `also rank the next n questions to ask (0-${MAX_SCREEN_QUESTIONS})`)
    .option('--assume-defaults', 'answer on the defaults of facts not given instead of undetermined')
    .option('--rules <dir>', 'RuleSpec repository root (default: the bundled rules)')
    .option('--json', 'print the answer as JSON (the API data payload, full trace)')
    .option('--chart', 'draw the chart of the monthly total over earnings (default when stdout is a terminal)')
    .option('--no-chart', 'do not draw the chart on a terminal')
    .option('--chart-to <amount>', `monthly earnings the chart ends at (default ${CHART_TO})`)
    .action(async (jurisdiction: string, options: ScreenCommandOptions) => {
      process.stdout.write(await runScreen(jurisdiction, { ...options, chart: options.chart ?? process.stdout.isTTY === true }));
    });
}
