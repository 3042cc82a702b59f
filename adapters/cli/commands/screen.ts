/**
 * `tenet screen <jurisdiction> --household <file>|- [--programs <ids>] [--questions <n>] [--assume-defaults]
 * [--rules <dir>] [--json]`: POST /v1/screen (docs/screening.md) computed locally by the embedding API over the
 * bundled rules (or --rules). Prints a table of the programs (status, amount and period, deciding rule), the totals
 * and the next questions; --json prints the answer as the API's data. No chart of the total over earnings: the
 * combined sweep it would draw (screenSweep) is not built yet (docs/cli.md).
 * Exit status: 0 done, 1 the screen was refused (its code and message), 2 a bad flag or unreadable household file.
 */
import type { Command } from 'commander';
import { MAX_SCREEN_QUESTIONS } from '../../../core/api/schemas/screen.js';
import { createRuleService } from '../../embedding/rule-service.js';
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

/** Runs the screen and returns the text to print. */
export async function runScreen(jurisdiction: string, options: ScreenCommandOptions): Promise<string> {
  const request = screenRequest(jurisdiction, options);
  const service = await createRuleService(options.rules === undefined ? {} : { rulesPaths: [options.rules] });
  try {
    const answer = await service.screen(request);
    return options.json ? jsonDocument(answer) : screenText(answer);
  } finally {
    await service.close();
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
    .action(async (jurisdiction: string, options: ScreenCommandOptions) => {
      process.stdout.write(await runScreen(jurisdiction, options));
    });
}
