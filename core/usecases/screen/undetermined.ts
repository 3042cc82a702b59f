/**
 * What the variants of a household tell (docs/screening.md): a program whose status changes when a fact it assumed
 * takes another plausible value is `undetermined`, with the range of its amounts; and the facts not given, ranked by
 * how much the monthly total could change, are the next questions to ask.
 */
import type { Assumption } from '../../domain/household/assumptions.js';
import type { ShapeIndex } from '../../domain/household/shape.js';
import type { ScreenExecution, ScreenMember, ScreenProgramResult, ScreenQuestion, ScreenStatus } from '../../ports/screener.js';
import { amountOf, statusOf } from './program-result.js';
import { monthlyTotal } from './totals.js';
import { inputOf, type Variant } from './variants.js';

export interface VariantOutcome {
  variant: Variant;
  execution: ScreenExecution;
}

const factKey = (input: string, entityId: string): string => `${entityId}\u0000${input}`;

/** Marks undetermined each program whose status differs over the variants of the facts it assumed. */
export function settleUndetermined(members: readonly ScreenMember[], results: ScreenProgramResult[], assumptions: readonly Assumption[][], outcomes: readonly VariantOutcome[]): void {
  members.forEach((member, i) => {
    const result = results[i];
    if (result.error || assumptions[i].length === 0) return;
    const assumed = new Set(assumptions[i].map((a) => factKey(a.input, a.entity_id)));
    const relevant = outcomes.filter((o) => assumed.has(factKey(o.variant.input, o.variant.entity_id)));
    const statuses = new Set<ScreenStatus>([result.status]);
    const amounts: Array<number | null> = [result.amount];
    const deciding = new Set<string>();
    for (const outcome of relevant) {
      const status = statusOf(member, outcome.execution.members[i]);
      if (status === undefined) continue;
      if (status !== result.status) deciding.add(outcome.variant.where);
      statuses.add(status);
      amounts.push(amountOf(member, outcome.execution.members[i]));
    }
    if (statuses.size < 2) return;
    const known = amounts.filter((a): a is number => a !== null);
    result.range = {
      min: known.length > 0 ? Math.min(...known) : null,
      max: known.length > 0 ? Math.max(...known) : null,
      statuses: [...statuses].sort(),
      facts: [...deciding],
    };
    result.status = 'undetermined';
  });
}

/** Each program's eligibility and amount in one execution, for totals. */
function outcomesOf(members: readonly ScreenMember[], execution: ScreenExecution) {
  return members.map((member, i) => ({
    kind: member.terms.kind,
    amount_period: member.terms.amount_period,
    amount: amountOf(member, execution.members[i]),
    eligible: statusOf(member, execution.members[i]) === 'eligible',
  }));
}

/** The facts not given, ranked: the widest range of the monthly total first, then a coverage change, then more programs. */
export function screenQuestions(
  members: readonly ScreenMember[],
  results: readonly ScreenProgramResult[],
  base: ScreenExecution,
  outcomes: readonly VariantOutcome[],
  index: ShapeIndex,
  max: number,
): ScreenQuestion[] {
  const baseline = outcomesOf(members, base);
  const byFact = new Map<string, VariantOutcome[]>();
  for (const outcome of outcomes) {
    const key = factKey(outcome.variant.input, outcome.variant.entity_id);
    byFact.set(key, [...(byFact.get(key) ?? []), outcome]);
  }
  const questions: ScreenQuestion[] = [];
  for (const tried of byFact.values()) {
    const { input, entity_id, where } = tried[0].variant;
    const totals = [monthlyTotal(baseline)];
    const affected = new Set<string>();
    let changesCoverage = false;
    for (const outcome of tried) {
      const values = outcomesOf(members, outcome.execution);
      totals.push(monthlyTotal(values));
      values.forEach((v, i) => {
        if (v.eligible === baseline[i].eligible && v.amount === baseline[i].amount) return;
        affected.add(results[i].program_id);
        // A benefit without a dollar amount (coverage, a service, WIC's food package) changed: flagged, as money cannot rank it.
        if ((v.kind === 'coverage' || v.kind === 'service' || v.amount === null) && v.eligible !== baseline[i].eligible) changesCoverage = true;
      });
    }
    if (affected.size === 0) continue;
    const description = inputOf(index, input)?.description;
    const whose = where.startsWith('household.people.') ? `${entity_id}: ` : '';
    questions.push({
      input,
      entity_id,
      where,
      question: `${whose}${description ?? `What is ${input}?`} Send it as ${where}.`,
      programs: [...affected],
      total_monthly: { min: Math.min(...totals), max: Math.max(...totals) },
      values: tried.map((o) => o.variant.value),
      changes_coverage: changesCoverage,
    });
  }
  const spread = (q: ScreenQuestion) => q.total_monthly.max - q.total_monthly.min;
  questions.sort((a, b) => spread(b) - spread(a) || Number(b.changes_coverage) - Number(a.changes_coverage) || b.programs.length - a.programs.length);
  return questions.slice(0, max);
}
