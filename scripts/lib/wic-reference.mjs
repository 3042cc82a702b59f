/**
 * An independent WIC calculator for the expected values of the generated tests (not the rule engine): the income
 * eligibility guidelines as the Federal Register notices publish them (7 CFR 246.7(d)(1)), the category of a person
 * (7 CFR 246.2, 246.7(c)) and a person's eligibility. Decimal arithmetic is exact for these figures (whole dollars
 * times 1.85 has at most two decimals), so plain numbers and Math.ceil suffice.
 */

const RATE = 1.85;
/** The notices list family sizes 1-8 and an amount for each additional member. */
const LISTED_SIZES = 8;

/** The guideline year WIC uses in the month `period` (YYYY-MM): the year switches on July 1. */
export function wicGuidelineYear(data, period) {
  let year;
  for (const s of data.income_guideline_years) if (`${period}-01` >= s.from) year = s.year;
  if (year === undefined) throw new Error(`no WIC guideline year for ${period}`);
  return year;
}

const cents = (x) => Math.round(x * 100) / 100;
const annualFor = (first, add, size) => Math.ceil(cents((first + (size - 1) * add) * RATE));

/** The published table row for a family size: annual and monthly limits, sizes above 8 by the each-additional amounts. */
export function wicLimits(guidelines, area, year, size) {
  const [first, add] = guidelines[year][area];
  const addAnnual = Math.ceil(cents(add * RATE));
  const addMonthly = Math.ceil(addAnnual / 12);
  const listed = Math.min(size, LISTED_SIZES);
  const extra = Math.max(size - LISTED_SIZES, 0);
  const annual = annualFor(first, add, listed);
  return { annual: annual + extra * addAnnual, monthly: Math.ceil(annual / 12) + extra * addMonthly, addAnnual, addMonthly };
}

/** The WIC category of a person (7 CFR 246.2 definitions; 246.7(c)). */
export function wicCategory(p) {
  if (p.is_pregnant) return 'pregnant';
  const months = p.months_postpartum;
  if (p.is_breastfeeding && (months === undefined || months < 12)) return 'breastfeeding';
  if (months !== undefined && months < 6) return 'postpartum';
  if (p.age < 1) return 'infant';
  if (p.age < 5) return 'child';
  return 'none';
}
