/**
 * The federal WIC eligibility module (us:regulations/7-cfr/246/7) and its companion tests, for
 * scripts/generate-wic-rules.mjs. Who is eligible is decided per person (Person rules: the category, the income test
 * for the person's own family size, adjunctive eligibility, nutritional risk); the household rules compute what the
 * people share (income, size, the family's program receipt) and count the eligible people. A Person rule reads its
 * household's values through wic_household_of_member, the membership relation read from the person's side.
 */
import { wicCategory, wicGuidelineYear, wicLimits } from './wic-reference.mjs';

export const F = 'us:regulations/7-cfr/246/7';
/**
 * The month of every package's sample: the 2025-2026 guidelines (90 FR 11598), in the last months whose figures are
 * verified (from January 15, 2026 a State may already use the 2026 guidelines; the 2026-2027 notice was not found).
 */
export const WIC_PERIOD = '2025-12';
const START = '2023-07-01'; // the first WIC year the bundled guidelines cover (the 2023 HHS guidelines, from July 1, 2023)
const CFR = (s) => `https://www.ecfr.gov/current/title-7/section-${s}`;
const USC = 'https://www.law.cornell.edu/uscode/text/42/1786';

const rule = ({ name, kind = 'derived', entity, dtype, period, unit, source, url = CFR('246.7'), description, formula, versions }) => {
  const lines = [`  - name: ${name}`, `    kind: ${kind}`];
  if (entity) lines.push(`    entity: ${entity}`);
  lines.push(`    dtype: ${dtype}`);
  if (period) lines.push(`    period: ${period}`);
  if (unit) lines.push(`    unit: ${unit}`);
  lines.push(`    source: ${source}`, `    source_url: ${url}`);
  if (description) lines.push('    description: >-', ...wrap(description).map((l) => `      ${l}`));
  lines.push('    versions:');
  for (const v of versions ?? [{ from: START, formula }]) {
    lines.push(`      - effective_from: '${v.from}'${v.comment ? `  # ${v.comment}` : ''}`);
    lines.push(v.formula.includes('\n') || v.formula.length > 90 ? `        formula: >-\n${v.formula.split('\n').map((l) => `          ${l}`).join('\n')}` : `        formula: ${/^[\w.]+$/.test(v.formula) && !/^(true|false)$/.test(v.formula) && !/^\d/.test(v.formula) ? v.formula : `'${v.formula.replace(/'/g, "''")}'`}`);
  }
  return `\n${lines.join('\n')}`;
};

function wrap(text, width = 110) {
  const out = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) { out.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** The published way of reading a family size off the notice's table: sizes 1-8 listed, then each additional member. */
const annualLimit = (size) => `ceil((wic_guideline_first_person + (min(${size}, wic_listed_family_sizes) - 1) * wic_guideline_each_additional_person) * wic_income_limit_rate)
  + max(${size} - wic_listed_family_sizes, 0) * wic_annual_limit_each_additional`;
const monthlyLimit = (size) => `ceil(ceil((wic_guideline_first_person + (min(${size}, wic_listed_family_sizes) - 1) * wic_guideline_each_additional_person) * wic_income_limit_rate) / 12)
  + max(${size} - wic_listed_family_sizes, 0) * wic_monthly_limit_each_additional`;
const TABLE_NOTE = 'The notices publish annual, monthly, twice-monthly, biweekly and weekly figures: the annual is the guideline times 1.85 rounded up to the next dollar, the others the annual divided by 12, 24, 26 or 52 and rounded up; they list family sizes 1 to 8 and an amount to add for each additional member, which is how a larger family\'s figure is read (7 CFR 246.7(d)(1); the WIC income eligibility guidelines notices).';

function guidelineRules(data) {
  const years = data.income_guideline_years;
  const matchOf = (part) => `match wic_guideline_year:\n${years.map((y) => `  ${y.year} => hhs_poverty_guideline_${y.year}_${part}`).filter((l, i, a) => a.indexOf(l) === i).join('\n')}`;
  return [
    rule({ name: 'wic_guideline_year', kind: 'parameter', dtype: 'Integer', source: '7 CFR 246.7(d)(1) (the State agency\'s income guidelines are adjusted each July 1 to the HHS poverty guidelines); the WIC income eligibility guidelines notices', url: CFR('246.7'),
      description: `The calendar year of the HHS poverty guidelines WIC uses in the month: each year's guidelines from July 1 to June 30 (${years.map((y) => `${y.year} from ${y.from}`).join(', ')}).`,
      versions: years.map((y) => ({ from: y.from, formula: String(y.year), comment: y.verified ? y.source : `not verified: ${y.reason}` })) }),
    rule({ name: 'wic_guideline_first_person', entity: 'Household', dtype: 'Money', period: 'Year', unit: 'USD', source: '7 CFR 246.7(d)(1); 42 U.S.C. 9902(2) (the guideline year WIC uses)', formula: matchOf('first_person') }),
    rule({ name: 'wic_guideline_each_additional_person', entity: 'Household', dtype: 'Money', period: 'Year', unit: 'USD', source: '7 CFR 246.7(d)(1); 42 U.S.C. 9902(2) (the guideline year WIC uses)', formula: matchOf('each_additional_person') }),
    rule({ name: 'wic_income_limit_rate', kind: 'parameter', dtype: 'Rate', source: '42 U.S.C. 1786(d)(2)(A)(i); 7 CFR 246.7(d)(1) (State income guidelines at most 185% and at least 100% of the poverty guidelines; the federal notices publish 185%)', url: USC, formula: '1.85' }),
    rule({ name: 'wic_listed_family_sizes', kind: 'parameter', dtype: 'Integer', source: 'WIC income eligibility guidelines notices (the table lists family sizes 1 to 8 and an amount for each additional member)', url: 'https://www.federalregister.gov/citation/90-FR-11598', formula: '8' }),
    rule({ name: 'wic_annual_limit_each_additional', entity: 'Household', dtype: 'Money', period: 'Year', unit: 'USD', source: '7 CFR 246.7(d)(1); WIC income eligibility guidelines notices (each additional family member, annual)', formula: 'ceil(wic_guideline_each_additional_person * wic_income_limit_rate)' }),
    rule({ name: 'wic_monthly_limit_each_additional', entity: 'Household', dtype: 'Money', period: 'Month', unit: 'USD', source: '7 CFR 246.7(d)(1); WIC income eligibility guidelines notices (each additional family member, monthly)', formula: 'ceil(wic_annual_limit_each_additional / 12)' }),
  ];
}

function householdRules() {
  const M = 'member_of_snap_household';
  return [
    rule({ name: 'wic_household_size', entity: 'Household', dtype: 'Integer', period: 'Month', unit: 'count', source: '7 CFR 246.2 (family: a group of related or nonrelated individuals who are living together as one economic unit)', url: CFR('246.2'), formula: `max(household_size, len(${M}))` }),
    rule({ name: 'wic_member_monthly_income', entity: 'Person', dtype: 'Money', period: 'Month', unit: 'USD', source: '7 CFR 246.7(d)(2) (income: gross income before deductions; self-employment income net of business costs, a loss counted as 0 here)', formula: 'earned_income + unearned_income + max(self_employment_income - self_employment_costs, 0)' }),
    rule({ name: 'wic_household_monthly_income', entity: 'Household', dtype: 'Money', period: 'Month', unit: 'USD', source: '7 CFR 246.7(d)(2) (the income of the family as one economic unit)', description: 'Household-level income facts plus each listed member\'s income.', formula: `earned_income + unearned_income + sum(${M}.wic_member_monthly_income)` }),
    rule({ name: 'wic_household_annual_income_limit', entity: 'Household', dtype: 'Money', period: 'Year', unit: 'USD', source: '7 CFR 246.7(d)(1); the WIC income eligibility guidelines (annual, for the household size)', description: TABLE_NOTE, formula: annualLimit('wic_household_size') }),
    rule({ name: 'wic_household_monthly_income_limit', entity: 'Household', dtype: 'Money', period: 'Month', unit: 'USD', source: '7 CFR 246.7(d)(1); the WIC income eligibility guidelines (monthly, for the household size)', formula: monthlyLimit('wic_household_size') }),
    rule({ name: 'wic_household_income_eligible', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(1) (income at or below the guideline for the family size)', formula: 'wic_household_monthly_income <= wic_household_monthly_income_limit' }),
    rule({ name: 'wic_state_snap_eligibility', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (SNAP); the State SNAP package bound by the jurisdiction\'s assembly',
      description: 'Hook. The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it from the same facts, read in place of SNAP receipt when receives_snap is not given. Default (no SNAP package bound, as where SNAP does not operate): not eligible.', formula: 'false' }),
    rule({ name: 'wic_program_receipt_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (program receipt decides only the income test)', description: 'Nobody listed is in a WIC category, or the household\'s income passes for its own size (a pregnant member\'s larger family passes too), so receipt of SNAP, TANF or Medicaid cannot change the result.', formula: 'wic_categorically_eligible_people == 0 or wic_household_income_eligible' }),
    rule({ name: 'wic_snap_receipt_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (SNAP receipt decides nothing when stated, or when the income test is met otherwise)', formula: 'receives_snap_given or receives_tanf or wic_program_receipt_immaterial' }),
    rule({ name: 'wic_snap_eligibility_computed', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (SNAP); the State SNAP package bound by the jurisdiction\'s assembly', description: 'The SNAP certification (snap_certified) that stands in for SNAP receipt, computed only when it can change the result; false when it is not needed, so SNAP is not computed then.', formula: 'not wic_snap_receipt_immaterial and wic_state_snap_eligibility' }),
    rule({ name: 'wic_receives_snap', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (an individual who receives SNAP; SNAP is received by the whole SNAP household)', formula: '(receives_snap_given and receives_snap) or (not receives_snap_given and wic_snap_eligibility_computed)' }),
    rule({ name: 'wic_medicaid_receipt_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (Medicaid receipt decides nothing when the income test is met otherwise: the family receives TANF, states SNAP receipt, or program receipt cannot change the result)', formula: 'wic_program_receipt_immaterial or receives_tanf or (receives_snap_given and receives_snap)' }),
    rule({ name: 'wic_medicaid_eligibility_used', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '42 U.S.C. 1786(d)(2)(A)(ii)(II); 7 CFR 246.7(d)(2)(vi) (Medicaid); the State Medicaid package bound by the jurisdiction\'s assembly', url: USC, description: 'For someone listed, Medicaid receipt was not given and the person\'s Medicaid eligibility computed stood in for it: eligible.', formula: `count_where(${M}, wic_medicaid_eligibility_computed) > 0` }),
    rule({ name: 'wic_program_links_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d)(2)(vi) (a fact both SNAP and Medicaid read matters only when one of them stands in for receipt)', formula: 'wic_snap_receipt_immaterial and wic_medicaid_receipt_immaterial' }),
    rule({ name: 'wic_family_medicaid_pregnant_woman_or_infant', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '42 U.S.C. 1786(d)(2)(A)(ii), (iii); 7 CFR 246.7(d)(2)(vi) (a member of a family in which a pregnant woman or an infant receives Medicaid)', url: USC, formula: `count_where(${M}, wic_medicaid_pregnant_woman_or_infant) > 0` }),
    rule({ name: 'wic_family_adjunctively_eligible', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '42 U.S.C. 1786(d)(2)(A)(ii), (iii); 7 CFR 246.7(d)(2)(vi) (every member of a family that receives SNAP or TANF, or in which a pregnant woman or an infant receives Medicaid, is income-eligible)', url: USC, formula: 'receives_tanf or wic_family_medicaid_pregnant_woman_or_infant or wic_receives_snap' }),
    rule({ name: 'wic_eligible_people', entity: 'Household', dtype: 'Integer', period: 'Month', unit: 'count', source: '7 CFR 246.7(c) (each person is certified on his or her own: category, income, residency, nutritional risk)', formula: `count_where(${M}, wic_eligible)` }),
    rule({ name: 'wic_categorically_eligible_people', entity: 'Household', dtype: 'Integer', period: 'Month', unit: 'count', source: '7 CFR 246.7(c)(1) (pregnant, breastfeeding or postpartum women, infants and children)', formula: `count_where(${M}, wic_categorically_eligible)` }),
    rule({ name: 'wic_household_has_eligible_member', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(c)', formula: 'wic_eligible_people > 0' }),
    rule({ name: 'wic_nutritional_risk_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(c)(1), (e) (nutritional risk decides eligibility only for a person who meets the other requirements)', formula: `count_where(${M}, wic_nutritional_risk_decides) == 0` }),
    rule({ name: 'wic_postpartum_facts_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.2 (breastfeeding and postpartum women); a pregnant woman is in the pregnant category, and a person under 5 an infant or a child, whatever those facts say', url: CFR('246.2'), formula: `count_where(${M}, wic_postpartum_facts_decide) == 0` }),
    rule({ name: 'wic_expected_children_immaterial', entity: 'Household', dtype: 'Judgment', period: 'Month', source: '7 CFR 246.7(d) (a pregnant woman\'s family size counts the children she expects)', formula: `count_where(${M}, wic_expected_children_decide) == 0` }),
  ];
}

function personRules() {
  const H = 'wic_household_of_member';
  const p = (o) => rule({ entity: 'Person', period: 'Month', ...o });
  return [
    `
  - name: ${H}
    kind: derived_relation
    source: 7 CFR 246.2 (family); the household a listed person belongs to (member_of_snap_household read from the person's side)
    source_url: ${CFR('246.2')}
    derived_relation: {arity: 2, source_relation: member_of_snap_household, slot_entities: [Person, Household], current_slot: 0, related_slot: 1}
    versions:
      - effective_from: '${START}'
        formula: 'true'`,
    rule({ name: 'wic_infant_age_limit', kind: 'parameter', dtype: 'Integer', unit: 'year', source: '7 CFR 246.2 (infants: persons under 1 year of age)', url: CFR('246.2'), formula: '1' }),
    rule({ name: 'wic_child_age_limit', kind: 'parameter', dtype: 'Integer', unit: 'year', source: '7 CFR 246.2 (children: persons who have had their first birthday but have not yet attained their fifth birthday)', url: CFR('246.2'), formula: '5' }),
    rule({ name: 'wic_postpartum_months', kind: 'parameter', dtype: 'Integer', source: '7 CFR 246.2 (postpartum women: up to six months after termination of pregnancy)', url: CFR('246.2'), formula: '6' }),
    rule({ name: 'wic_breastfeeding_months', kind: 'parameter', dtype: 'Integer', source: '7 CFR 246.2 (breastfeeding women: up to one year postpartum, breastfeeding their infants)', url: CFR('246.2'), formula: '12' }),
    p({ name: 'wic_category', dtype: 'Text', source: '7 CFR 246.2 (definitions of pregnant, breastfeeding and postpartum women, infants and children); 7 CFR 246.7(c)(1)', url: CFR('246.2'),
      description: 'pregnant, breastfeeding (up to a year postpartum; is_breastfeeding alone is taken to mean an infant under one), postpartum (not breastfeeding, under six months after the pregnancy ended, months_postpartum given), infant (under 1), child (1 to the fifth birthday) or none. A woman who is pregnant is in the pregnant category whatever else holds.',
      formula: `if is_pregnant: "pregnant"
elif is_breastfeeding and (not months_postpartum_given or months_postpartum < wic_breastfeeding_months): "breastfeeding"
elif months_postpartum_given and months_postpartum < wic_postpartum_months: "postpartum"
elif age < wic_infant_age_limit: "infant"
elif age < wic_child_age_limit: "child"
else: "none"` }),
    p({ name: 'wic_categorically_eligible', dtype: 'Judgment', source: '7 CFR 246.7(c)(1)', formula: 'wic_category != "none"' }),
    p({ name: 'wic_state_medicaid_eligibility', dtype: 'Judgment', source: '42 U.S.C. 1786(d)(2)(A)(ii)(II); 7 CFR 246.7(d)(2)(vi) (Medicaid); the State Medicaid package bound by the jurisdiction\'s assembly', url: USC,
      description: 'Hook. The person\'s Medicaid eligibility as the State\'s Medicaid rules compute it from the same facts, read in place of Medicaid receipt when receives_medicaid is not given. Default (no Medicaid package bound, as in the territories): not eligible.', formula: 'false' }),
    p({ name: 'wic_medicaid_eligibility_computed', dtype: 'Judgment', source: '42 U.S.C. 1786(d)(2)(A)(ii)(II); 7 CFR 246.7(d)(2)(vi) (Medicaid)', url: USC, description: 'The person\'s Medicaid eligibility standing in for Medicaid receipt not given, computed only when it can change the result; false when it is not needed.',
      formula: `not receives_medicaid_given and count_where(${H}, wic_medicaid_receipt_immaterial) == 0 and wic_state_medicaid_eligibility` }),
    p({ name: 'wic_receives_medicaid', dtype: 'Judgment', source: '42 U.S.C. 1786(d)(2)(A)(ii)(II); 7 CFR 246.7(d)(2)(vi) (an individual who receives Medicaid)', url: USC, description: 'Stated receipt when receives_medicaid is given; otherwise the person\'s Medicaid eligibility computed.', formula: '(receives_medicaid_given and receives_medicaid) or wic_medicaid_eligibility_computed' }),
    p({ name: 'wic_medicaid_pregnant_woman_or_infant', dtype: 'Judgment', source: '42 U.S.C. 1786(d)(2)(A)(ii), (iii); 7 CFR 246.7(d)(2)(vi) (a pregnant woman or an infant who receives Medicaid)', url: USC, formula: 'wic_receives_medicaid and (is_pregnant or age < wic_infant_age_limit)' }),
    p({ name: 'wic_expected_children_added', dtype: 'Integer', unit: 'count', source: '7 CFR 246.7(d) (a pregnant woman\'s family size is increased by the number of children she expects)', formula: 'if is_pregnant: expected_children_count else: 0' }),
    p({ name: 'wic_family_size', dtype: 'Integer', unit: 'count', source: '7 CFR 246.2 (family), 246.7(d) (a pregnant woman counts the children she expects)', formula: `sum(${H}.wic_household_size) + wic_expected_children_added` }),
    p({ name: 'wic_family_monthly_income', dtype: 'Money', unit: 'USD', source: '7 CFR 246.7(d)(1), (2) (the family\'s income)', formula: `sum(${H}.wic_household_monthly_income)` }),
    p({ name: 'wic_monthly_income_limit', dtype: 'Money', unit: 'USD', source: '7 CFR 246.7(d)(1); the WIC income eligibility guidelines (monthly, for the person\'s family size)', formula: monthlyLimit('wic_family_size') }),
    p({ name: 'wic_income_eligible', dtype: 'Judgment', source: '7 CFR 246.7(d)(1) (family income at or below the guideline for the family size)', formula: 'wic_family_monthly_income <= wic_monthly_income_limit' }),
    p({ name: 'wic_adjunctively_income_eligible', dtype: 'Judgment', source: '42 U.S.C. 1786(d)(2)(A)(ii), (iii); 7 CFR 246.7(d)(2)(vi) (the person receives Medicaid, or the family receives SNAP or TANF, or a pregnant woman or infant in it receives Medicaid)', url: USC,
      formula: `wic_receives_medicaid or count_where(${H}, wic_family_adjunctively_eligible) > 0` }),
    p({ name: 'wic_income_test_met', dtype: 'Judgment', source: '7 CFR 246.7(d) (income eligible by the guidelines or adjunctively)', formula: 'wic_adjunctively_income_eligible or wic_income_eligible' }),
    p({ name: 'wic_eligible', dtype: 'Judgment', source: '7 CFR 246.7(c)(1) (a category, residency, income and nutritional risk); residency is the jurisdiction\'s; nutritional_risk is the caller\'s (7 CFR 246.7(e))',
      formula: 'wic_categorically_eligible and wic_income_test_met and nutritional_risk' }),
    p({ name: 'wic_nutritional_risk_decides', dtype: 'Judgment', source: '7 CFR 246.7(c)(1), (e)', formula: 'wic_categorically_eligible and wic_income_test_met' }),
    p({ name: 'wic_postpartum_facts_decide', dtype: 'Judgment', source: '7 CFR 246.2 (breastfeeding and postpartum women)', url: CFR('246.2'), formula: 'age >= wic_child_age_limit and not is_pregnant' }),
    p({ name: 'wic_expected_children_decide', dtype: 'Judgment', source: '7 CFR 246.7(d)', formula: 'is_pregnant and not wic_adjunctively_income_eligible' }),
  ];
}

const MODULE_SUMMARY = `WIC eligibility (42 U.S.C. 1786; 7 CFR 246.7), decided per person. A person is eligible in a category (7 CFR
    246.2, 246.7(c)(1): pregnant, breastfeeding up to a year postpartum, postpartum up to six months, infant under 1,
    child to the fifth birthday), living in the State (the jurisdiction), income-eligible and at nutritional risk.
    Income-eligible (246.7(d)): the family's monthly income at or below the monthly figure of the WIC income
    eligibility guidelines (185% of the HHS poverty guidelines of us:statutes/42/9902/2, from each July 1) for the
    person's family size, a pregnant woman's family counting the children she expects; or adjunctively (246.7(d)(2)(vi)):
    the person receives Medicaid, or the family receives SNAP or TANF, or a pregnant woman or infant in the family
    receives Medicaid. SNAP receipt not given is read from the hook wic_state_snap_eligibility, and a person's Medicaid
    receipt not given from the hook wic_state_medicaid_eligibility (the State Medicaid package's eligibility for the
    person, bound by the jurisdiction's assembly). Nutritional risk is a fact the caller states (246.7(e)).`;

/** The module text and its companion tests. `household` and `member` build test inputs by the module's ids. */
export function wicFederalModule({ data, guidelines, household, member }) {
  const text = `format: rulespec/v1
module:
  summary: >-
    ${MODULE_SUMMARY}
  source_verification:
    corpus_citation_path: us/regulation/7-cfr/246.7
imports:
  - us:statutes/7/2012/m
  - us:statutes/42/9902/2
rules:${[...guidelineRules(data), ...householdRules(), ...personRules()].join('\n')}
`;
  return { module: text, tests: federalTests({ data, guidelines, household, member }) };
}

function federalTests({ data, guidelines, household, member }) {
  const tests = [];
  const out = (name) => `${F}#${name}`;
  for (const [period, label] of [['2024-06', 'June 2024: still the 2023 guidelines'], ['2024-07', 'July 2024: the 2024 guidelines'], ['2025-07', 'July 2025: the 2025 guidelines'], [WIC_PERIOD, 'the sample month']]) {
    const year = wicGuidelineYear(data, period);
    const rows = {};
    for (const size of [1, 4, 8, 9, 10]) {
      const l = wicLimits(guidelines, '48_states_dc', year, size);
      tests.push({ name: `limits_${period}_size_${size}`, period,
        description: `${label}; 48 States: size ${size}: annual ${l.annual}, monthly ${l.monthly}${size > 8 ? ` (size 8 plus ${size - 8} x ${l.addAnnual} annual, ${l.addMonthly} monthly)` : ''}.`,
        input: household([], { household_size: size }),
        output: { [out('wic_guideline_year')]: year, [out('wic_household_annual_income_limit')]: l.annual, [out('wic_household_monthly_income_limit')]: l.monthly } });
      rows[size] = l;
    }
  }
  const p = WIC_PERIOD;
  const people = [
    ['pregnant', { is_pregnant: true }], ['breastfeeding', { is_breastfeeding: true, months_postpartum: 8, months_postpartum_given: true }],
    ['postpartum', { months_postpartum: 3, months_postpartum_given: true }], ['past_postpartum', { months_postpartum: 8, months_postpartum_given: true }],
    ['infant', { age: 0 }], ['child_4', { age: 4 }], ['child_5', { age: 5 }],
  ];
  const cats = people.map(([, o]) => wicCategory({ age: 30, ...o }));
  const inCategory = cats.filter((c) => c !== 'none').length;
  tests.push({ name: 'categories_counted', period: p,
    description: `Categories (7 CFR 246.2): ${people.map(([id], i) => `${id} -> ${cats[i]}`).join(', ')}; ${inCategory} in a category; no income, so all of them are income-eligible and eligible.`,
    input: household(people.map(([id, o]) => member(id, o))),
    output: { [out('wic_categorically_eligible_people')]: inCategory, [out('wic_eligible_people')]: inCategory, [out('wic_household_size')]: people.length, [out('wic_postpartum_facts_immaterial')]: 'not_holds' } });
  const high = wicLimits(guidelines, '48_states_dc', wicGuidelineYear(data, p), 2).monthly + 1000;
  const pair = (parent, child, hh = {}) => household([member('parent', { earned_income: high, ...parent }), member('child', { age: 3, ...child })], hh);
  tests.push({ name: 'over_income_without_programs', period: p, description: `Income ${high} is above the two-person limit; no program: nobody eligible; program receipt then matters (not immaterial).`,
    input: pair({}, {}), output: { [out('wic_eligible_people')]: 0, [out('wic_program_receipt_immaterial')]: 'not_holds' } });
  tests.push({ name: 'stated_snap_receipt_makes_the_family_eligible', period: p, description: 'Over income, receives_snap given true: the child (3) is adjunctively income-eligible (7 CFR 246.7(d)(2)(vi)).',
    input: pair({}, {}, { receives_snap: true }), output: { [out('wic_receives_snap')]: 'holds', [out('wic_eligible_people')]: 1 } });
  tests.push({ name: 'tanf_receipt_makes_the_family_eligible', period: p, description: 'Over income, a member receives TANF: the child is income-eligible.',
    input: pair({}, {}, { receives_tanf: true }), output: { [out('wic_family_adjunctively_eligible')]: 'holds', [out('wic_eligible_people')]: 1 } });
  tests.push({ name: 'parent_medicaid_does_not_reach_the_child', period: p, description: 'Over income, the parent (not pregnant, not an infant) receives Medicaid: only a pregnant woman\'s or infant\'s Medicaid extends to the family, and the parent is in no category: nobody eligible.',
    input: pair({ receives_medicaid: true }, {}), output: { [out('wic_family_adjunctively_eligible')]: 'not_holds', [out('wic_eligible_people')]: 0 } });
  tests.push({ name: 'own_medicaid_makes_the_child_eligible', period: p, description: 'Over income, the child (3) receives Medicaid: income-eligible on its own receipt.',
    input: pair({}, { receives_medicaid: true }), output: { [out('wic_eligible_people')]: 1 } });
  tests.push({ name: 'infant_medicaid_reaches_the_family', period: p, description: 'Over income, an infant receives Medicaid, so its brother (3) is income-eligible too; the parent is in no category: two eligible.',
    input: household([member('parent', { earned_income: high }), member('child', { age: 3 }), member('infant', { age: 0, receives_medicaid: true })]),
    output: { [out('wic_family_medicaid_pregnant_woman_or_infant')]: 'holds', [out('wic_eligible_people')]: 2 } });
  tests.push({ name: 'snap_not_given_reads_the_hook_which_defaults_to_not_eligible', period: p, description: 'No SNAP package in this closure: SNAP receipt not given reads as not received.',
    input: pair({}, {}, { receives_snap_given: false }), output: { [out('wic_snap_eligibility_computed')]: 'not_holds', [out('wic_receives_snap')]: 'not_holds', [out('wic_snap_receipt_immaterial')]: 'not_holds', [out('wic_eligible_people')]: 0 } });
  tests.push({ name: 'medicaid_not_given_reads_the_hook_which_defaults_to_not_eligible', period: p, description: 'Over income, the child\'s Medicaid receipt not given, no Medicaid package in this closure: the child\'s receipt reads as not received; nobody eligible, and the link was used (it can change the result).',
    input: pair({}, { receives_medicaid_given: false }), output: { [out('wic_medicaid_receipt_immaterial')]: 'not_holds', [out('wic_medicaid_eligibility_used')]: 'not_holds', [out('wic_eligible_people')]: 0 } });
  tests.push({ name: 'stated_snap_receipt_makes_medicaid_immaterial', period: p, description: 'Over income, receives_snap given true and the child\'s Medicaid receipt not given: the family is income-eligible through SNAP, so Medicaid is not computed.',
    input: pair({}, { receives_medicaid_given: false }, { receives_snap: true }), output: { [out('wic_medicaid_receipt_immaterial')]: 'holds', [out('wic_eligible_people')]: 1 } });
  tests.push({ name: 'no_nutritional_risk_no_eligibility', period: p, description: 'An infant in a family with no income, nutritional_risk false: not eligible (7 CFR 246.7(e)).',
    input: household([member('infant', { age: 0, nutritional_risk: false })]), output: { [out('wic_eligible_people')]: 0, [out('wic_nutritional_risk_immaterial')]: 'not_holds' } });
  const limit = (n) => wicLimits(guidelines, '48_states_dc', wicGuidelineYear(data, p), n).monthly;
  tests.push({ name: 'pregnant_woman_one_expected_child', period: p, description: `One pregnant woman expecting one child: family of 2, limit ${limit(2)}; income ${limit(2)} passes (above the one-person limit ${limit(1)}).`,
    input: household([member('mother', { is_pregnant: true, expected_children_count: 1, earned_income: limit(2) })]),
    // She is pregnant, so whether she is breastfeeding or postpartum cannot matter (wic_postpartum_facts_immaterial).
    output: { [out('wic_household_income_eligible')]: 'not_holds', [out('wic_eligible_people')]: 1, [out('wic_expected_children_immaterial')]: 'not_holds', [out('wic_postpartum_facts_immaterial')]: 'holds' } });
  tests.push({ name: 'pregnant_woman_one_dollar_above_her_family_limit', period: p, description: `Income ${limit(2)} + 1 = ${limit(2) + 1} is above the two-person limit: not eligible.`,
    input: household([member('mother', { is_pregnant: true, expected_children_count: 1, earned_income: limit(2) + 1 })]), output: { [out('wic_eligible_people')]: 0 } });
  tests.push({ name: 'household_income_adds_up', period: p, description: 'Household earned 100 + unearned 50; member: wages 1000 + self-employment 400 - 150 = 250; other member: self-employment 100 - 200 (a loss, counted as 0) -> 0; total 100 + 50 + 1250 + 0 = 1400.',
    input: household([member('a', { earned_income: 1000, self_employment_income: 400, self_employment_costs: 150 }), member('b', { self_employment_income: 100, self_employment_costs: 200 })], { earned_income: 100, unearned_income: 50 }),
    output: { [out('wic_household_monthly_income')]: 1400 } });
  return tests;
}
