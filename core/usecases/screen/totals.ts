/**
 * A screen's totals (docs/screening.md): the eligible programs' amounts summed by kind, cash and near-cash apart
 * from coverage and services (which have no dollar amount). A monthly amount counts 12 times in the annual total; an
 * annual amount counts a twelfth in the monthly one, rounded to the cent. Undetermined programs are left out and
 * named, as are eligible programs whose amount no package encodes.
 */
import type { ScreenProgramResult, ScreenTotals } from '../../ports/screener.js';

const cents = (x: number): number => Math.round(x * 100) / 100;

export function screenTotals(programs: readonly ScreenProgramResult[]): ScreenTotals {
  const monthly = { cash: 0, near_cash: 0 };
  const annual = { cash: 0, near_cash: 0 };
  const totals: ScreenTotals = { monthly: { ...monthly, total: 0 }, annual: { ...annual, total: 0 }, coverage: [], services: [], without_amount: [], undetermined: [] };
  for (const program of programs) {
    if (program.status === 'undetermined') {
      totals.undetermined.push(program.program_id);
      continue;
    }
    if (program.status !== 'eligible') continue;
    if (program.kind === 'coverage') totals.coverage.push(program.program_id);
    else if (program.kind === 'service') totals.services.push(program.program_id);
    else if (program.amount === null) totals.without_amount.push(program.program_id);
    else {
      const perMonth = program.amount_period === 'month' ? program.amount : program.amount / 12;
      const perYear = program.amount_period === 'month' ? program.amount * 12 : program.amount;
      monthly[program.kind] += perMonth;
      annual[program.kind] += perYear;
    }
  }
  totals.monthly = { cash: cents(monthly.cash), near_cash: cents(monthly.near_cash), total: cents(monthly.cash + monthly.near_cash) };
  totals.annual = { cash: cents(annual.cash), near_cash: cents(annual.near_cash), total: cents(annual.cash + annual.near_cash) };
  return totals;
}

/** The monthly total of a set of results, undetermined ones counted at their computed amount (for ranking questions). */
export function monthlyTotal(programs: ReadonlyArray<Pick<ScreenProgramResult, 'kind' | 'amount' | 'amount_period'> & { eligible: boolean }>): number {
  let sum = 0;
  for (const p of programs) {
    if (!p.eligible || p.amount === null || p.kind === 'coverage' || p.kind === 'service') continue;
    sum += p.amount_period === 'month' ? p.amount : p.amount / 12;
  }
  return cents(sum);
}
