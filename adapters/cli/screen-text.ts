/**
 * The text form of a screen answer (POST /v1/screen; docs/screening.md) for `tenet screen`: a heading, one row per
 * program (status, amount with its period, the rule that decided it, or the facts it depends on), the totals, and
 * the next questions asked for, each with the input to send.
 */
import type { ScreenProgramResult, ScreenQuestion, ScreenResponse } from '../../core/ports/screener.js';
import { fields, table } from './output.js';

const money = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** `455/month`; an undetermined program shows its range (`0..455/month`); coverage and services their kind. */
function amountText(p: ScreenProgramResult): string {
  const period = `/${p.amount_period}`;
  if (p.status === 'undetermined' && p.range && p.range.min !== null && p.range.max !== null) {
    return p.range.min === p.range.max ? `${money(p.range.min)}${period}` : `${money(p.range.min)}..${money(p.range.max)}${period}`;
  }
  if (p.amount === null) return p.kind;
  return `${money(p.amount)}${period}`;
}

/** The deciding rule; for an undetermined program the facts that would decide it; for a failed one its error. */
function reasonText(p: ScreenProgramResult): string {
  if (p.error) return `error ${p.error.code}: ${p.error.message}`;
  if (p.status === 'undetermined' && p.range) return `depends on ${p.range.facts.join(', ')}`;
  return p.decided_by?.rule_id ?? '';
}

function programsTable(programs: readonly ScreenProgramResult[]): string {
  return table(['program', 'status', 'amount', 'decided by'], programs.map((p) => [p.program_id, p.status, amountText(p), reasonText(p)]));
}

function totalsText(totals: ScreenResponse['totals']): string {
  const { monthly, annual } = totals;
  return fields([
    ['monthly', `${money(monthly.total)} (cash ${money(monthly.cash)}, near cash ${money(monthly.near_cash)})`],
    ['annual', `${money(annual.total)} (cash ${money(annual.cash)}, near cash ${money(annual.near_cash)})`],
    ['coverage', totals.coverage.join(', ')],
    ['services', totals.services.join(', ')],
    ['undetermined', totals.undetermined.join(', ')],
  ]);
}

/** One numbered entry per question: what to send and how much the total could move, then the question in words. */
function questionsList(questions: readonly ScreenQuestion[]): string {
  return questions
    .map((q, i) => {
      const coverage = q.changes_coverage ? '; coverage changes' : '';
      return `${i + 1}. ${q.where}: monthly total ${money(q.total_monthly.min)}..${money(q.total_monthly.max)} (${q.programs.join(', ')}${coverage})\n   ${q.question}\n`;
    })
    .join('');
}

/** The whole text `tenet screen` prints without --json. */
export function screenText(answer: ScreenResponse): string {
  const parts = [`${answer.jurisdiction} ${answer.period}; ${answer.programs.length} programs; package ${answer.package_digest.slice(0, 19)}\n`, programsTable(answer.programs), `totals:\n${totalsText(answer.totals)}`];
  if (answer.questions && answer.questions.length > 0) parts.push(`next questions:\n${questionsList(answer.questions)}`);
  if (answer.assumptions.length > 0) parts.push(`assumptions:\n${answer.assumptions.map((a) => `- ${a.entity_id} ${a.input} = ${JSON.stringify(a.assumed_value)}\n`).join('')}`);
  parts.push(`warnings:\n${answer.warnings.map((w) => `- ${w}\n`).join('')}`);
  return parts.join('\n');
}
