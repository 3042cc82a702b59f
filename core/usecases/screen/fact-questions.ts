/**
 * Amounts and counts not given, swept exactly where they are asked about (docs/screening.md "What to ask next"). The
 * facts are first ranked on their variants, an amount or a count at the two ends of its range (./variants.ts); each
 * amount or count among the questions asked is then swept exactly over that range (./fact-sweep.ts), in rank order
 * within a budget of evaluation steps, and screened at the values its sweep found in place of the two ends. The
 * amounts and counts left at their two ends are listed, with why, as probed.
 */
import type { Assumption } from '../../domain/household/assumptions.js';
import type { JsonValue, ShapeIndex } from '../../domain/household/shape.js';
import type { ProbedFact, ScreenablePackage, ScreenExecution, ScreenQuestion } from '../../ports/screener.js';
import { sweepFact, type FactSweep } from './fact-sweep.js';
import type { VariantOutcome } from './undetermined.js';
import { factKey, factRange, inputOf, plausibleValues, variantsAt, withFact, type Variant } from './variants.js';

/**
 * Evaluation steps all the sweeps of one screen may take together (a step costs about as much as a variant's
 * evaluation or a few of them; docs/screening.md gives the measure): a SNAP allotment rounded to whole dollars is a
 * staircase over a cost it deducts, so a cost can take hundreds of steps, and the questions must stay quick.
 */
export const SWEEP_STEP_BUDGET = 250;

/** What a screen computed its next questions on: the merged package, the household, its base evaluation. */
export interface FactContext {
  screen: ScreenablePackage;
  index: ShapeIndex;
  /** Each member's own shape, in the order of screen.members (which programs read a fact). */
  memberIndexes: readonly ShapeIndex[];
  household: Record<string, JsonValue>;
  base: ScreenExecution;
  assumed: readonly Assumption[];
}

export interface SweptOutcomes {
  outcomes: VariantOutcome[];
  sweeps: Map<string, FactSweep>;
}

/** The engine's words without its advice to a sweep's caller (a screen's caller chose no range). */
const reasonOf = (message: string): string => message.split('; narrow the range')[0];

/**
 * Sweeps the amounts and counts among `ranked` (the questions on the variants at the ends of each range), in order,
 * within SWEEP_STEP_BUDGET; each fact swept has its variants replaced by the values its sweep found (`evaluate`
 * evaluates them as the screen's other variants).
 */
export function sweepAsked(context: FactContext, outcomes: readonly VariantOutcome[], ranked: readonly ScreenQuestion[], evaluate: (variants: Variant[]) => VariantOutcome[]): SweptOutcomes {
  let budget = SWEEP_STEP_BUDGET;
  let result = [...outcomes];
  const sweeps = new Map<string, FactSweep>();
  for (const question of ranked) {
    const key = factKey(question.input, question.entity_id);
    const assumption = context.assumed.find((a) => factKey(a.input, a.entity_id) === key);
    const input = inputOf(context.index, question.input);
    const range = input ? factRange(input) : undefined;
    if (!assumption || !input || !range || typeof assumption.assumed_value !== 'number') continue;
    if (budget <= 0) {
      sweeps.set(key, { swept: false, range, reason: `the screen's ${SWEEP_STEP_BUDGET} sweep steps were spent on the questions ranked before it`, steps: 0 });
      continue;
    }
    const sweep = sweepFact(context.screen, context.index, context.memberIndexes, context.household, context.base, { input, entityId: question.entity_id, range }, budget);
    budget -= sweep.steps;
    sweeps.set(key, sweep.swept ? sweep : { ...sweep, reason: reasonOf(sweep.reason) });
    if (!sweep.swept) continue;
    result = [...result.filter((o) => factKey(o.variant.input, o.variant.entity_id) !== key), ...evaluate(variantsAt(assumption, context.household, sweep.values))];
  }
  return { outcomes: result, sweeps };
}

const cents = (x: number): number => Math.round(x * 100) / 100;

/** Each question about an amount or a count with what its sweep found, or why it was not swept, in fields and words. */
export function withSweeps(questions: readonly ScreenQuestion[], sweeps: ReadonlyMap<string, FactSweep>): ScreenQuestion[] {
  return questions.map((question) => {
    const sweep = sweeps.get(factKey(question.input, question.entity_id));
    if (!sweep) return question;
    const { from, to, step, basis } = sweep.range;
    if (!sweep.swept) {
      const summary = `Not swept (${sweep.reason}): tried at ${question.values.join(' and ')} besides the value assumed.`;
      return { ...question, sweep: { from, to, step, basis, exact: false, reason: sweep.reason, summary } };
    }
    const min = { ...sweep.total_monthly.min, value: cents(sweep.total_monthly.min.value) };
    const max = { ...sweep.total_monthly.max, value: cents(sweep.total_monthly.max.value) };
    const summary = `Swept exactly over ${from} to ${to} (${basis}): the monthly total is smallest, ${min.value}, at ${min.at} and largest, ${max.value}, at ${max.at}.`;
    const programs = sweep.programs.filter((p) => question.programs.includes(p.program_id));
    return { ...question, sweep: { from, to, step, basis, exact: true, total_monthly: { min, max }, programs, summary } };
  });
}

/** The amounts and counts assumed that were tried only at the two ends of their range, and why. */
export function probedFacts(context: Pick<FactContext, 'index' | 'household' | 'assumed'>, sweeps: ReadonlyMap<string, FactSweep>, asked: boolean): ProbedFact[] {
  const probed: ProbedFact[] = [];
  const seen = new Set<string>();
  for (const a of context.assumed) {
    const key = factKey(a.input, a.entity_id);
    const input = inputOf(context.index, a.input);
    const range = input ? factRange(input) : undefined;
    const sweep = sweeps.get(key);
    if (seen.has(key) || !range || typeof a.assumed_value !== 'number' || sweep?.swept) continue;
    seen.add(key);
    const reason = sweep ? sweep.reason : asked ? 'not among the questions asked' : 'no questions were asked';
    const values = plausibleValues(input, a.assumed_value) as number[];
    probed.push({ input: a.input, entity_id: a.entity_id, where: withFact(context.household, a.input, a.entity_id, a.assumed_value).where, values, reason });
  }
  return probed;
}

/** The warning that goes with a non-empty probed_facts. */
export function probedWarning(probed: readonly ProbedFact[]): string {
  const named = probed.slice(0, 6).map((p) => p.where.replace(/^household\./, ''));
  const more = probed.length > named.length ? ` and ${probed.length - named.length} more` : '';
  return `Amounts and counts not given were tried at the two ends of their range only, not swept (${named.join(', ')}${more}; see probed_facts): a status or total that changes only inside a range is not found. Ask for questions to sweep those that rank exactly.`;
}
