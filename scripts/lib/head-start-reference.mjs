// Independent Head Start reference calculator for the expected values of the Head Start packages' tests. It does
// not use the rule engine: it re-states 45 CFR 1302.12(b)-(d) and the 1305.2 income definition in plain code from
// scripts/data/head-start.json and the shared guideline figures (scripts/data/lifeline.json), with the arithmetic
// written out.
import Decimal from 'decimal.js';

const D = (v) => new Decimal(v);
const fmt = (d) => D(d).toFixed(D(d).isInteger() ? 0 : 2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The guideline year Head Start uses on the first day of `period` (YYYY-MM). */
export function headStartGuidelineYear(hs, period) {
  const day = `${period}-01`;
  let year;
  for (const s of hs.guideline_switch) if (s.from <= day) year = s.year;
  return year;
}

/** first + (size - 1) x each additional, for calendar year `year` in `area`. */
export function povertyGuideline(guidelines, area, year, size) {
  const [first, add] = guidelines[String(year)][area];
  return D(first).plus(D(add).times(Math.max(size, 1) - 1));
}

/**
 * h: {period, area, size, monthlyIncome (Head Start income of the family per month), publicAssistance (TANF or SSI
 *     or SNAP), children: [{age, categorical (homeless or in foster care)}], pregnant (count of pregnant people)}
 */
export function computeHeadStart(hs, guidelines, h) {
  const year = headStartGuidelineYear(hs, h.period);
  const guideline = povertyGuideline(guidelines, h.area, year, h.size);
  const income = Decimal.max(D(h.monthlyIncome).times(12), 0);
  const incomeEligible = income.lte(guideline);
  const family = incomeEligible || Boolean(h.publicAssistance);
  const allowance = !family && income.gt(guideline) && income.lt(guideline.times(hs.rates.allowance_limit.value));
  const schoolAge = hs.ages.school_age.value;
  const preschool = (c) => c.age >= hs.ages.preschool_minimum.value && c.age < schoolAge;
  const infant = (c) => c.age < hs.ages.early_head_start_below.value;
  const children = h.children ?? [];
  const hsCount = children.filter((c) => preschool(c) && (family || c.categorical)).length;
  const ehsCount = children.filter((c) => infant(c) && (family || c.categorical)).length + (family ? h.pregnant ?? 0 : 0);
  const steps = [
    `${year} guideline (${h.area}, ${h.size}) = ${fmt(guideline)}`,
    `family income ${fmt(h.monthlyIncome)} x 12 = ${fmt(income)} ${incomeEligible ? '<=' : '>'} ${fmt(guideline)}: ${incomeEligible ? 'income-eligible' : 'not income-eligible'}`,
  ];
  if (!incomeEligible) steps.push(h.publicAssistance ? 'public assistance: the family qualifies' : allowance ? `below 130% (${fmt(guideline.times('1.3'))}): only the 1302.12(d) allowance` : 'no public assistance');
  return {
    year, guideline: Number(guideline), income: Number(income), incomeEligible, family, allowance,
    outputs: { head_start_eligible: hsCount > 0, early_head_start_eligible: ehsCount > 0, head_start_eligible_children: hsCount, early_head_start_eligible_people: ehsCount },
    steps,
  };
}
