/** Calculation months are `YYYY-MM` with a real month number. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD_PATTERN.test(value);
}

/** First day of the month as `YYYY-MM-DD`. */
export function periodStart(period: string): string {
  return `${period}-01`;
}

/** Last day of the month as `YYYY-MM-DD`. */
export function periodEnd(period: string): string {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}

/** US federal fiscal year of a month: October starts the next year's fiscal year. */
export function fiscalYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= 10 ? year + 1 : year;
}

/** A calculation month as dates, the form the engine takes a period in (its `Period` of kind month). */
export interface MonthRange {
  readonly kind: 'month';
  readonly start: string;
  readonly end: string;
}

/** The month's first and last day: the one parse of a calculation month (household mapping makes it). */
export function monthRange(period: string): MonthRange {
  return { kind: 'month', start: periodStart(period), end: periodEnd(period) };
}
