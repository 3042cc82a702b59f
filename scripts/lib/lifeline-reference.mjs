// Independent Lifeline reference calculator used to work the hand-checked households of the Lifeline packages'
// tests. It does not use the rule engine: it re-states 47 CFR 54.400(f), 54.409 and 54.403 in plain code from
// the figures in scripts/data/lifeline.json and returns every value with the arithmetic written out.
import Decimal from 'decimal.js';

const D = (v) => new Decimal(v);
const fmt = (d) => {
  const x = D(d);
  return x.isInteger() ? x.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toFixed(2);
};

/** The guideline year Lifeline uses on the first day of `period` (YYYY-MM), from the switch dates. */
export function guidelineYear(data, period) {
  const day = `${period}-01`;
  let year;
  for (const s of data.lifeline_guideline_switch) if (s.from <= day) year = s.year;
  return year;
}

/** Annual guideline for `size` people in `area` for calendar year `year`: first + (size - 1) x each additional. */
export function guideline(data, area, year, size) {
  const [first, add] = data.poverty_guidelines[String(year)][area];
  return { value: D(first).plus(D(add).times(Math.max(size, 1) - 1)), first, add };
}

/** 135% of the guideline (47 CFR 54.409(a)(1)), not rounded. */
export function incomeLimit(data, area, year, size) {
  return guideline(data, area, year, size).value.times('1.35');
}

/**
 * h: {period, area, size, monthlyIncome (household total: earned + unearned + net self-employment, per month),
 *     listed (a qualifying program of 54.409(a)(2) stated), snap (receipt, stated or computed), tribal (on Tribal
 *     lands), tribalProgram (a 54.409(b) program stated), voiceOnly, cost (phone + broadband, or undefined)}
 */
export function computeLifeline(data, h) {
  const steps = [];
  const year = guidelineYear(data, h.period);
  const g = guideline(data, h.area, year, h.size);
  const limit = g.value.times('1.35');
  const annual = D(h.monthlyIncome).times(12);
  const incomeEligible = annual.lte(limit);
  steps.push(`${year} guideline (${h.area}, ${h.size}) ${fmt(g.first)} + ${Math.max(h.size, 1) - 1} x ${fmt(g.add)} = ${fmt(g.value)}; 135% = ${fmt(limit)}`);
  steps.push(`annual income ${fmt(h.monthlyIncome)} x 12 = ${fmt(annual)} ${incomeEligible ? '<=' : '>'} ${fmt(limit)}: ${incomeEligible ? 'income-eligible' : 'not income-eligible'}`);
  const tribalRoute = Boolean(h.tribal && h.tribalProgram);
  const eligible = incomeEligible || Boolean(h.listed) || tribalRoute || Boolean(h.snap);
  if (!incomeEligible) {
    const ways = [h.listed && 'a listed program (54.409(a)(2))', tribalRoute && 'a Tribal program on Tribal lands (54.409(b))', h.snap && 'SNAP (54.409(a)(2))'].filter(Boolean);
    steps.push(ways.length ? `qualifies through ${ways.join(' and ')}` : 'no qualifying program');
  }
  const basic = h.voiceOnly ? D('5.25') : D('9.25');
  const support = eligible ? basic.plus(h.tribal ? 25 : 0) : D(0);
  const benefit = h.cost === undefined ? support : Decimal.min(support, h.cost);
  if (eligible) {
    steps.push(`support ${h.voiceOnly ? 'voice-only 5.25' : 'basic 9.25'}${h.tribal ? ' + Tribal lands 25' : ''} = ${fmt(support)}` +
      (h.cost === undefined ? '' : `; service costs ${fmt(h.cost)} a month -> benefit min(${fmt(support)}, ${fmt(h.cost)}) = ${fmt(benefit)}`));
  } else steps.push('not eligible: support 0');
  return {
    year, guideline: Number(g.value), limit: Number(limit), annual: Number(annual),
    outputs: { lifeline_eligible: eligible, lifeline_income_eligible: incomeEligible, lifeline_support_amount: Number(support), lifeline_benefit: Number(benefit) },
    steps,
  };
}
