/** Calculation months are `YYYY-MM` with a real month number. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD_PATTERN.test(value);
}

/** First day of the month as `YYYY-MM-DD`. */
export function periodStart(period: string): string {
  return `${period}-01`;
}

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Last day of the month as `YYYY-MM-DD` (Gregorian leap years; the period is a valid `YYYY-MM`). */
export function periodEnd(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return `${period}-${month === 2 && leap ? 29 : MONTH_DAYS[month - 1]}`;
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
