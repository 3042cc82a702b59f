/**
 * An independent reference for free and reduced-price school meal eligibility (42 U.S.C. 1758(b); 7 CFR 245), used
 * by the generator for the samples' expected outputs and by the tests. It does not use the rule engine: it works the
 * Income Eligibility Guidelines the way the Federal Register notices describe them (the HHS guideline for the
 * household size times 1.30 or 1.85, rounded up to the next whole dollar; the monthly column is the annual one divided
 * by 12, rounded up; the tables print sizes 1-8 and an amount to add for each member beyond 8, itself rounded the same way).
 */

/** The school year (July 1 - June 30) a month falls in, as the calendar year of the guidelines it uses. */
export function schoolYearEntry(data, period) {
  const day = `${period}-01`;
  const entries = data.school_years.filter((y) => y.from <= day);
  if (!entries.length) throw new Error(`${period} is before the first encoded school year (${data.school_years[0].from})`);
  return entries.at(-1);
}

/** One column of the published table: annual and monthly limits for a household size at a rate (1.30 or 1.85). */
export function iegLimits(first, add, size, rate) {
  const rows = Math.min(size, 8);
  const extra = Math.max(size - 8, 0);
  // Integer cents avoid binary rounding in guideline x rate (every guideline is a whole dollar, rates have 2 decimals).
  const ceilRate = (dollars) => Math.ceil((dollars * Math.round(rate * 100)) / 100);
  const annualRow = ceilRate(first + (rows - 1) * add);
  const annualAdd = ceilRate(add);
  return {
    annual: annualRow + extra * annualAdd,
    monthly: Math.ceil(annualRow / 12) + extra * Math.ceil(annualAdd / 12),
  };
}

/**
 * The household's tier for a child with no individual categorical status: free (SNAP, TANF or FDPIR receipt, or
 * monthly income at or below the free monthly limit), reduced_price, or paid.
 */
export function householdTier({ first, add, size, monthlyIncome, categorical }) {
  const free = iegLimits(first, add, size, 1.3);
  const reduced = iegLimits(first, add, size, 1.85);
  const tier = categorical || monthlyIncome <= free.monthly ? 'free' : monthlyIncome <= reduced.monthly ? 'reduced_price' : 'paid';
  return { tier, free, reduced, guideline: first + (size - 1) * add };
}
