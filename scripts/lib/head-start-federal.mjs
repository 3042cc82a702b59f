// The federal Head Start eligibility module (us:regulations/45-cfr/1302/12) as text, its companion tests, and the
// docs of its outputs; written by scripts/generate-head-start-rules.mjs.
import { computeHeadStart } from './head-start-reference.mjs';

export const HS = 'us:regulations/45-cfr/1302/12';
export const CFR = (s) => `https://www.ecfr.gov/current/title-45/section-${s}`;
const G = 'us:statutes/42/9902/2';
const MEMBERS = 'member_of_snap_household';

/** Person rules reported per person (compose-spec extension person_outputs). */
export const PERSON_OUTPUTS = ['head_start_person_eligible', 'early_head_start_person_eligible', 'head_start_age_eligible', 'early_head_start_age_or_pregnancy_eligible', 'head_start_child_categorically_eligible'];

export const DEFAULT_OUTPUTS = ['head_start_eligible', 'early_head_start_eligible', 'head_start_eligible_children', 'early_head_start_eligible_people',
  'head_start_income_eligible', 'head_start_family_income', 'head_start_poverty_guideline'];

const flag = (description) => ({ description, period: 'month', unit: 'boolean' });
const count = (description) => ({ description, period: 'month', unit: 'count' });
export const OUTPUT_DOCS = {
  head_start_eligible: flag('At least one listed child is eligible for Head Start Preschool: of its ages (3 up to the age school attendance is required) and either the family qualifies (income at or below the poverty line, or public assistance: TANF, SSI, SNAP) or the child is homeless or in foster care (45 CFR 1302.12(b)(2), (c)(1)). Head Start is free: eligibility is the value; an eligible child is not guaranteed a place.'),
  early_head_start_eligible: flag('At least one listed person is eligible for Early Head Start: a child under 3, or a pregnant woman, in a family that qualifies, or a child under 3 who is homeless or in foster care (45 CFR 1302.12(b)(1), (c)(1)).'),
  head_start_eligible_children: count('How many listed children are eligible for Head Start Preschool (45 CFR 1302.12(b)(2), (c)(1)).'),
  early_head_start_eligible_people: count('How many listed people (children under 3 and pregnant women) are eligible for Early Head Start (45 CFR 1302.12(b)(1), (c)(1)).'),
  head_start_income_eligible: flag('Family income (the monthly income facts times 12) is at or below the poverty line for the family size (45 CFR 1302.12(c)(1)(i)).'),
  head_start_family_income: { description: 'The family\'s income as Head Start counts it (45 CFR 1305.2): wages (earned_income), net self-employment income, unemployment compensation and pensions of the listed people, plus the household\'s earned_income, times 12; other unearned income (Social Security, SSI, child support, public assistance) is not income for Head Start; never below 0.', period: 'year', unit: 'USD' },
  head_start_poverty_guideline: { description: 'The HHS poverty guideline (42 U.S.C. 9902(2)) for the family size and the jurisdiction\'s table, for the guideline year Head Start uses in the month.', period: 'year', unit: 'USD' },
  head_start_family_size: count('The family size used: the larger of household_size and the number of people listed (45 CFR 1305.2, family).'),
  head_start_receives_public_assistance: flag('The family receives TANF or SSI, or SNAP (stated, or inferred from the SNAP certification computed for the household (snap_certified)): public assistance (45 CFR 1302.12(c)(1)(ii); 1305.2; ACF-IM-HS-22-03).'),
  head_start_family_qualifies: flag('The family meets 45 CFR 1302.12(c)(1)(i) or (ii): income at or below the poverty line, or public assistance; every child of Head Start or Early Head Start age and every pregnant woman in it is then eligible.'),
  head_start_receives_snap: flag('SNAP receipt as Head Start reads it: receives_snap when given, otherwise the SNAP certification computed for the household (snap_certified) when it can change the result (ACF-IM-HS-22-03).'),
  head_start_snap_eligibility_computed: flag('The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it from the same facts, computed only when it stands in for SNAP receipt (receives_snap not given, the family not qualifying otherwise, and someone of Head Start or Early Head Start age or pregnant); false when not needed, and where SNAP does not operate.'),
  head_start_income_within_allowance: flag('The family does not qualify, and its income is above the poverty line but below 130% of it: a program may enroll its children only under the additional allowance of 45 CFR 1302.12(d) (up to 35% of its participants, once it serves the families of paragraph (c) first); not eligibility.'),
  head_start_children_eligible_only_under_allowance: count('How many listed children of Head Start Preschool age a program could enroll only under the 100-130% allowance (45 CFR 1302.12(d)); not counted in head_start_eligible_children.'),
  early_head_start_people_eligible_only_under_allowance: count('How many listed children under 3 and pregnant women an Early Head Start program could enroll only under the 100-130% allowance (45 CFR 1302.12(d)); not counted in early_head_start_eligible_people.'),
  head_start_eligible_only_under_allowance: flag('Someone listed could be enrolled only under a program\'s discretionary 100-130% allowance (45 CFR 1302.12(d)), not as eligible: the program decides, within its 35% cap.'),
  head_start_housing_cost_adjustment: { description: 'The housing-cost adjustment a program may make to the family\'s gross income (45 CFR 1302.12(i)(1)(ii), from 2024-10-21): annual housing costs (housing_costs times 12) above 30% of head_start_family_income, or 0. A program\'s option: the eligibility outputs above do not apply it.', period: 'year', unit: 'USD' },
  head_start_income_after_housing_adjustment: { description: 'head_start_family_income less head_start_housing_cost_adjustment (never below 0): the income a program that makes the adjustment compares with the poverty line.', period: 'year', unit: 'USD' },
  head_start_income_eligible_with_housing_adjustment: flag('The family\'s income after the housing-cost adjustment is at or below the poverty line (45 CFR 1302.12(c)(1)(i), (i)(1)(ii)): income-eligible in a program that makes the adjustment.'),
  head_start_children_eligible_only_with_housing_adjustment: count('How many listed children of Head Start Preschool age are eligible only in a program that makes the housing-cost adjustment (the family qualifies in no other way); not counted in head_start_eligible_children.'),
  early_head_start_people_eligible_only_with_housing_adjustment: count('How many listed children under 3 and pregnant women are eligible for Early Head Start only in a program that makes the housing-cost adjustment; not counted in early_head_start_eligible_people.'),
  head_start_eligible_only_with_housing_adjustment: flag('Someone listed is eligible only in a program that makes the housing-cost adjustment of 45 CFR 1302.12(i)(1)(ii) (a program\'s option, stated as such).'),
  head_start_housing_costs_immaterial: flag('The family qualifies without the adjustment, or nobody listed is of Head Start or Early Head Start age or pregnant, so housing_costs cannot change the result.'),
  head_start_snap_receipt_immaterial: flag('SNAP receipt was given, or the family qualifies without SNAP, or nobody listed is of Head Start or Early Head Start age or pregnant, so neither receives_snap nor the SNAP facts can change the result; when false and receives_snap was not given, it is listed in assumptions as inferred.'),
  head_start_public_assistance_immaterial: flag('The family is income-eligible, or nobody listed is of Head Start or Early Head Start age or pregnant, so TANF and SSI receipt cannot change the result.'),
  head_start_child_categories_immaterial: flag('The family qualifies, so whether a child is homeless or in foster care cannot change the result.'),
  head_start_pregnancy_immaterial: flag('The family does not qualify, so whether a person is pregnant cannot change the result (a pregnant woman is eligible only through her family, 45 CFR 1302.12(c)(1)(i)-(ii)).'),
};

const rule = (name, { entity = 'Household', dtype = 'Judgment', period = 'Month', unit, source, from = '2016-11-07', formula, description }) => `
  - name: ${name}
    kind: derived
    entity: ${entity}
    dtype: ${dtype}
    period: ${period}${unit ? `\n    unit: ${unit}` : ''}
    source: ${source}
    source_url: ${CFR('1302.12')}${description ? `\n    description: >-\n      ${description}` : ''}
    versions:
      - effective_from: '${from}'
        formula: >-
          ${formula}`;

const parameter = (name, dtype, source, versions, unit) => `
  - name: ${name}
    kind: parameter
    dtype: ${dtype}${unit ? `\n    unit: ${unit}` : ''}
    source: ${source}
    source_url: ${CFR('1302.12')}
    versions:
${versions.map(([from, value, note]) => `      - effective_from: '${from}'${note ? `  # ${note}` : ''}\n        formula: '${value}'`).join('\n')}`;

function parameters(hs, years) {
  const a = hs.ages;
  return [
    parameter('head_start_preschool_minimum_age', 'Integer', a.preschool_minimum.source, [['2016-11-07', a.preschool_minimum.value]], 'years'),
    parameter('head_start_school_age', 'Integer', `45 CFR 1302.12(b)(2)(ii) (no older than the age required to attend school); ${a.school_age.value} where the jurisdiction's assembly binds no State law (declared unverified there)`, [['2016-11-07', a.school_age.value]], 'years'),
    parameter('early_head_start_age_limit', 'Integer', a.early_head_start_below.source, [['2016-11-07', a.early_head_start_below.value]], 'years'),
    parameter('head_start_income_limit_rate', 'Rate', hs.rates.income_limit.source, [['2016-11-07', hs.rates.income_limit.value]]),
    parameter('head_start_allowance_limit_rate', 'Rate', hs.rates.allowance_limit.source, [['2016-11-07', hs.rates.allowance_limit.value]]),
    parameter('head_start_housing_cost_share', 'Rate', hs.rates.housing_cost_share.source, [['2024-10-21', hs.rates.housing_cost_share.value]]),
    parameter('head_start_poverty_guideline_year', 'Integer', '45 CFR 1305.2 (poverty line: the HHS poverty guidelines, 42 U.S.C. 9902(2)); each year\'s guidelines from the date the HHS notice puts them in effect',
      hs.guideline_switch.map((s) => [s.from, s.year, s.verified ? s.source : `not verified: ${s.reason}`])),
    ...['first_person', 'each_additional_person'].map((part) => rule(`head_start_poverty_guideline_${part}`, { dtype: 'Money', period: 'Year', unit: 'USD', from: '2023-01-19',
      source: `42 U.S.C. 9902(2); the guideline of the year Head Start uses (head_start_poverty_guideline_year), ${part.replace(/_/g, ' ')}`,
      formula: `match head_start_poverty_guideline_year:\n${years.map((y) => `            ${y} => hhs_poverty_guideline_${y}_${part}`).join('\n')}` })),
  ];
}

function personRules() {
  return [
    rule('head_start_person_annual_income', { entity: 'Person', dtype: 'Money', period: 'Year', unit: 'USD', from: '2024-10-21',
      source: '45 CFR 1305.2 (income: wages, business income, unemployment compensation, pension or annuity payments), as revised by 89 FR 67720 (compliance from 2024-10-21); 1302.12(i)(1)(i) (income over 12 months), the monthly facts times 12',
      description: 'Business income is net of its costs and a loss offsets other income, as on the family\'s tax return (1302.12(i)(1)(i) lets programs verify income with tax forms). The definition before 2024-10-21 (all gross cash income) is not encoded, so months before then do not compute.',
      formula: '(earned_income + self_employment_income - self_employment_costs + unemployment_compensation + pension_income) * 12' }),
    rule('head_start_age_eligible', { entity: 'Person', source: '45 CFR 1302.12(b)(2) (at least three, and no older than the age required to attend school)', formula: 'age >= head_start_preschool_minimum_age and age < head_start_school_age' }),
    rule('early_head_start_child_age_eligible', { entity: 'Person', source: '45 CFR 1302.12(b)(1) (an infant or a toddler younger than three)', formula: 'age < early_head_start_age_limit' }),
    rule('early_head_start_age_or_pregnancy_eligible', { entity: 'Person', source: '45 CFR 1302.12(b)(1) (children under three); 1302.12(c)(1) (a pregnant woman)', formula: 'early_head_start_child_age_eligible or is_pregnant' }),
    rule('head_start_child_categorically_eligible', { entity: 'Person', source: '45 CFR 1302.12(c)(1)(iii) (the child is homeless), (iv) (the child is in foster care)', formula: 'age < head_start_school_age and (is_homeless or is_in_foster_care)' }),
    rule('head_start_preschool_child_by_own_category', { entity: 'Person', source: '45 CFR 1302.12(b)(2), (c)(1)(iii)-(iv)', formula: 'head_start_age_eligible and head_start_child_categorically_eligible' }),
    rule('head_start_preschool_child_through_family', { entity: 'Person', source: '45 CFR 1302.12(b)(2), (c)(1)(i)-(ii)', formula: 'head_start_age_eligible and not head_start_child_categorically_eligible' }),
    rule('early_head_start_child_by_own_category', { entity: 'Person', source: '45 CFR 1302.12(b)(1), (c)(1)(iii)-(iv)', formula: 'early_head_start_child_age_eligible and head_start_child_categorically_eligible' }),
    rule('early_head_start_person_through_family', { entity: 'Person', source: '45 CFR 1302.12(b)(1), (c)(1)(i)-(ii) (children under three and pregnant women whose family qualifies)', formula: 'early_head_start_age_or_pregnancy_eligible and not early_head_start_child_by_own_category' }),
    `
  - name: head_start_household_of_member
    kind: derived_relation
    source: 45 CFR 1305.2 (family); the household a listed person belongs to (member_of_snap_household read from the person's side)
    source_url: ${CFR('1305.2')}
    derived_relation: {arity: 2, source_relation: ${MEMBERS}, slot_entities: [Person, Household], current_slot: 0, related_slot: 1}
    versions:
      - effective_from: '2016-11-07'
        formula: 'true'`,
    rule('head_start_person_family_qualifies', { entity: 'Person', source: '45 CFR 1302.12(c)(1)(i)-(ii) (the family\'s income or public assistance; read through head_start_household_of_member)', formula: `count_where(head_start_household_of_member, head_start_family_qualifies) > 0` }),
    rule('head_start_person_eligible', { entity: 'Person', source: '45 CFR 1302.12(b)(2), (c)(1) (of Head Start Preschool age, and homeless or in foster care, or in a family that qualifies)',
      formula: 'head_start_preschool_child_by_own_category or (head_start_preschool_child_through_family and head_start_person_family_qualifies)' }),
    rule('early_head_start_person_eligible', { entity: 'Person', source: '45 CFR 1302.12(b)(1), (c)(1) (a child under three who is homeless or in foster care, or a child under three or a pregnant woman in a family that qualifies)',
      formula: 'early_head_start_child_by_own_category or (early_head_start_person_through_family and head_start_person_family_qualifies)' }),
  ];
}

function householdRules() {
  const r = (name, o) => rule(name, { source: '45 CFR 1302.12(c)(1)', ...o });
  return [
    r('head_start_family_size', { dtype: 'Integer', unit: 'count', source: '45 CFR 1305.2 (family); the larger of household_size and the people listed', formula: `max(household_size, len(${MEMBERS}))` }),
    r('head_start_family_income', { dtype: 'Money', period: 'Year', unit: 'USD', source: '45 CFR 1305.2 (income); 1302.12(i)(1)(i)', formula: `max(earned_income * 12 + sum(${MEMBERS}.head_start_person_annual_income), 0)` }),
    r('head_start_poverty_guideline', { dtype: 'Money', period: 'Year', unit: 'USD', from: '2023-01-19', source: '45 CFR 1305.2 (poverty line); 42 U.S.C. 9902(2) (the guideline for a family of that size)',
      formula: 'head_start_poverty_guideline_first_person + (max(head_start_family_size, 1) - 1) * head_start_poverty_guideline_each_additional_person' }),
    r('head_start_income_eligible', { source: '45 CFR 1302.12(c)(1)(i); Head Start Act sec. 645(a)(1)(B)(i), 42 U.S.C. 9840(a)(1)(B)(i)', formula: 'head_start_family_income <= head_start_poverty_guideline * head_start_income_limit_rate' }),
    r('head_start_state_snap_eligibility', { source: 'ACF-IM-HS-22-03 (SNAP receipt is public assistance for 45 CFR 1302.12(c)(1)(ii)); the State SNAP package bound by the jurisdiction\'s assembly',
      description: 'Hook. The household\'s SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State\'s SNAP rules compute it from the same facts, read in place of SNAP receipt when receives_snap is not given. Default (no SNAP package in the closure, as where SNAP does not operate): not eligible.', formula: 'false' }),
    r('head_start_person_category_count', { dtype: 'Integer', unit: 'count', source: '45 CFR 1302.12(b), (c)(1)(iii)-(iv) (the per-person categories, each person\'s three values evaluated, so that each is reported per person)',
      formula: `count_where(${MEMBERS}, head_start_age_eligible) + count_where(${MEMBERS}, early_head_start_age_or_pregnancy_eligible) + count_where(${MEMBERS}, head_start_child_categorically_eligible)` }),
    r('head_start_nobody_in_age_category', { source: '45 CFR 1302.12(b) (nobody listed is of Head Start or Early Head Start age, nor pregnant; a homeless or foster child is of one of the ages)', formula: 'head_start_person_category_count == 0' }),
    r('head_start_family_qualifies_without_snap', { source: '45 CFR 1302.12(c)(1)(i)-(ii); 1305.2 (public assistance: TANF, SSI)', formula: 'head_start_income_eligible or receives_tanf or receives_ssi' }),
    r('head_start_snap_receipt_immaterial', { source: 'ACF-IM-HS-22-03 (SNAP receipt decides nothing when stated, when the family qualifies otherwise, or when nobody is of the ages)', formula: 'receives_snap_given or head_start_family_qualifies_without_snap or head_start_nobody_in_age_category' }),
    r('head_start_snap_eligibility_computed', { source: 'ACF-IM-HS-22-03; the State SNAP package bound by the jurisdiction\'s assembly', formula: 'not head_start_snap_receipt_immaterial and head_start_state_snap_eligibility' }),
    r('head_start_receives_snap', { source: 'ACF-IM-HS-22-03 (a family receiving SNAP is categorically eligible)', formula: '(receives_snap_given and receives_snap) or head_start_snap_eligibility_computed' }),
    r('head_start_receives_public_assistance', { source: '45 CFR 1302.12(c)(1)(ii); 1305.2; ACF-IM-HS-22-03', formula: 'receives_tanf or receives_ssi or head_start_receives_snap' }),
    r('head_start_family_qualifies', { source: '45 CFR 1302.12(c)(1)(i)-(ii)', formula: 'head_start_family_qualifies_without_snap or head_start_receives_snap' }),
    r('head_start_eligible_children', { dtype: 'Integer', unit: 'count', source: '45 CFR 1302.12(b)(2), (c)(1) (the listed people each eligible, head_start_person_eligible)',
      formula: `if head_start_nobody_in_age_category: 0\n          else: count_where(${MEMBERS}, head_start_person_eligible)` }),
    r('early_head_start_eligible_people', { dtype: 'Integer', unit: 'count', source: '45 CFR 1302.12(b)(1), (c)(1) (the listed people each eligible, early_head_start_person_eligible)',
      formula: `if head_start_nobody_in_age_category: 0\n          else: count_where(${MEMBERS}, early_head_start_person_eligible)` }),
    r('head_start_eligible', { source: '45 CFR 1302.12(b)(2), (c)(1)', formula: 'head_start_eligible_children > 0' }),
    r('early_head_start_eligible', { source: '45 CFR 1302.12(b)(1), (c)(1)', formula: 'early_head_start_eligible_people > 0' }),
    r('head_start_income_within_allowance', { source: '45 CFR 1302.12(d)(1) (above the poverty line but below 130 percent of it)',
      formula: 'not head_start_family_qualifies and head_start_family_income > head_start_poverty_guideline * head_start_income_limit_rate and head_start_family_income < head_start_poverty_guideline * head_start_allowance_limit_rate' }),
    r('head_start_children_eligible_only_under_allowance', { dtype: 'Integer', unit: 'count', source: '45 CFR 1302.12(d)(1)',
      formula: `if head_start_income_within_allowance: count_where(${MEMBERS}, head_start_preschool_child_through_family) else: 0` }),
    r('early_head_start_people_eligible_only_under_allowance', { dtype: 'Integer', unit: 'count', source: '45 CFR 1302.12(d)(1)',
      formula: `if head_start_income_within_allowance: count_where(${MEMBERS}, early_head_start_person_through_family) else: 0` }),
    r('head_start_eligible_only_under_allowance', { source: '45 CFR 1302.12(d)(1) (a program\'s discretionary allowance, not eligibility)', formula: 'head_start_children_eligible_only_under_allowance + early_head_start_people_eligible_only_under_allowance > 0' }),
    ...housingAdjustmentRules(),
    r('head_start_public_assistance_immaterial', { source: '45 CFR 1302.12(c)(1)(ii) (public assistance decides nothing for an income-eligible family, or where nobody is of the ages)', formula: 'head_start_income_eligible or head_start_nobody_in_age_category' }),
    r('head_start_child_categories_immaterial', { source: '45 CFR 1302.12(c)(1)(iii)-(iv) (a child\'s own category decides nothing when the family qualifies)', formula: 'head_start_family_qualifies' }),
    r('head_start_pregnancy_immaterial', { source: '45 CFR 1302.12(c)(1) (a pregnant woman qualifies through her family only)', formula: 'not head_start_family_qualifies' }),
  ];
}

/** 45 CFR 1302.12(i)(1)(ii): a program may reduce gross income by housing costs above 30% of it; reported beside eligibility. */
function housingAdjustmentRules() {
  const r = (name, o) => rule(name, { from: '2024-10-21', source: '45 CFR 1302.12(i)(1)(ii) (a program may adjust gross income for excessive housing costs), as added by 89 FR 67720; the formula as the Office of Head Start\'s Housing Cost Adjustment Calculator states it', ...o });
  return [
    r('head_start_housing_cost_adjustment', { dtype: 'Money', period: 'Year', unit: 'USD', formula: 'max(housing_costs * 12 - head_start_family_income * head_start_housing_cost_share, 0)' }),
    r('head_start_income_after_housing_adjustment', { dtype: 'Money', period: 'Year', unit: 'USD', formula: 'max(head_start_family_income - head_start_housing_cost_adjustment, 0)' }),
    r('head_start_income_eligible_with_housing_adjustment', { formula: 'head_start_income_after_housing_adjustment <= head_start_poverty_guideline * head_start_income_limit_rate' }),
    r('head_start_qualifies_only_with_housing_adjustment', { formula: 'not head_start_family_qualifies and head_start_income_eligible_with_housing_adjustment' }),
    r('head_start_children_eligible_only_with_housing_adjustment', { dtype: 'Integer', unit: 'count',
      formula: `if head_start_qualifies_only_with_housing_adjustment: count_where(${MEMBERS}, head_start_preschool_child_through_family) else: 0` }),
    r('early_head_start_people_eligible_only_with_housing_adjustment', { dtype: 'Integer', unit: 'count',
      formula: `if head_start_qualifies_only_with_housing_adjustment: count_where(${MEMBERS}, early_head_start_person_through_family) else: 0` }),
    r('head_start_eligible_only_with_housing_adjustment', { formula: 'head_start_children_eligible_only_with_housing_adjustment + early_head_start_people_eligible_only_with_housing_adjustment > 0' }),
    r('head_start_housing_costs_immaterial', { formula: 'head_start_family_qualifies or head_start_nobody_in_age_category' }),
  ];
}

const SUMMARY = `    Who is eligible for Head Start Preschool and Early Head Start (Head Start Act sec. 645, 42 U.S.C. 9840; 45 CFR
    1302.12). Ages (b): Early Head Start serves children under 3 (and pregnant women); Head Start Preschool children
    from 3 up to the age school attendance is required (the State's law where the jurisdiction's assembly binds it,
    otherwise 6, declared unverified). Eligibility (c)(1): the family's income is at or below the poverty line, or the family receives
    public assistance (TANF, SSI; SNAP as ACF-IM-HS-22-03 reads it), or the child is homeless or in foster care.
    Income (1305.2, as revised by 89 FR 67720 from 2024-10-21): wages, business income, unemployment compensation,
    pensions; the monthly facts times 12 stand for the 12 months 1302.12(i)(1)(i) looks at. The family between 100%
    and 130% is named as enrollable only under a program's discretionary allowance (d), not as eligible; the 10%
    over-income slots (c)(2), a program's choice, are not modelled. The housing-cost adjustment (i)(1)(ii), also a
    program's option, is reported beside eligibility: income less housing costs above 30% of it, and who is eligible
    only where a program makes it.
    Decided per person: each person's eligibility (head_start_person_eligible, early_head_start_person_eligible),
    from the age rules and a child's own category, and the family's income and public assistance read through
    head_start_household_of_member; the household outputs count who is eligible. Head Start is free: the value
    is eligibility. SNAP receipt not given is read from the State SNAP package's eligibility (the hook
    head_start_state_snap_eligibility) only when it can change the result.`;

export function federalModule(hs, guidelines) {
  const years = Object.keys(guidelines).map(Number).sort();
  const text = `format: rulespec/v1
module:
  summary: >-
${SUMMARY}
  source_verification:
    corpus_citation_path: us/regulation/45-cfr/1302.12
imports:
  - ${G}
  - us:statutes/7/2012/m
rules:${[...parameters(hs, years), ...personRules(), ...householdRules()].join('\n')}
`;
  return { module: text, tests: federalTests(hs, guidelines) };
}

// ---------- companion tests (one household per case; every input the rules read is given)

const H = (name) => `${HS}#input.${name}`;
const REL = `us:statutes/7/2012/m#relation.${MEMBERS}`;
function household({ size = 1, earned = 0, tanf = false, ssi = false, snap = false, snapGiven = true, housing = 0, people = [] }) {
  return {
    [H('household_size')]: size, [H('earned_income')]: earned, [H('receives_tanf')]: tanf, [H('receives_ssi')]: ssi, [H('housing_costs')]: housing,
    [H('receives_snap')]: snap, [H('receives_snap_given')]: snapGiven,
    [REL]: people.map((p, i) => ({ id: p.id ?? `p${i + 1}`, [H('age')]: p.age, [H('earned_income')]: p.earned ?? 0, [H('self_employment_income')]: p.se ?? 0,
      [H('self_employment_costs')]: p.seCosts ?? 0, [H('unemployment_compensation')]: p.uc ?? 0, [H('pension_income')]: p.pension ?? 0,
      [H('is_pregnant')]: p.pregnant ?? false, [H('is_homeless')]: p.homeless ?? false, [H('is_in_foster_care')]: p.foster ?? false })),
  };
}
const out = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [`${HS}#${k}`, v === true ? 'holds' : v === false ? 'not_holds' : v]));

function federalTests(hs, guidelines) {
  const p = '2026-03';
  const ref = (monthly, o = {}) => computeHeadStart(hs, guidelines, { period: p, area: '48_states_dc', size: 2, monthlyIncome: monthly, children: [{ age: 4, categorical: false }], ...o });
  const at = ref(1800); // 21,600 <= 21,640
  const over = ref(1810); // 21,720 > 21,640, below 130% (28,132)
  const far = ref(2400); // 28,800 >= 28,132
  return [
    { name: 'income_at_the_poverty_line_child_of_four', description: `Parent earning $1,800 a month, child aged 4: ${at.steps.join('; ')}.`, period: p,
      input: household({ people: [{ age: 30, earned: 1800 }, { age: 4 }] }),
      output: out({ head_start_family_income: at.income, head_start_poverty_guideline: at.guideline, head_start_income_eligible: true, head_start_eligible_children: 1, head_start_eligible: true, early_head_start_eligible: false }) },
    { name: 'just_over_the_line_only_under_the_allowance', description: `Parent earning $1,810 a month: ${over.steps.join('; ')}; the child is counted under the allowance, not as eligible.`, period: p,
      input: household({ people: [{ age: 30, earned: 1810 }, { age: 4 }] }),
      output: out({ head_start_income_eligible: false, head_start_eligible: false, head_start_income_within_allowance: true, head_start_children_eligible_only_under_allowance: 1, head_start_eligible_only_under_allowance: true }) },
    { name: 'at_130_percent_not_even_the_allowance', description: `Parent earning $2,400 a month: ${far.steps.join('; ')}; 28,800 is not below 130% (28,132).`, period: p,
      input: household({ people: [{ age: 30, earned: 2400 }, { age: 4 }] }),
      output: out({ head_start_income_within_allowance: false, head_start_eligible_only_under_allowance: false, head_start_eligible: false }) },
    { name: 'tanf_qualifies_over_income', description: 'Parent earning $2,400 a month (over 100%), the family receives TANF: public assistance (1302.12(c)(1)(ii)).', period: p,
      input: household({ tanf: true, people: [{ age: 30, earned: 2400 }, { age: 4 }] }),
      output: out({ head_start_family_qualifies: true, head_start_eligible: true, head_start_snap_receipt_immaterial: true }) },
    { name: 'stated_snap_receipt_qualifies', description: 'Over income, receives_snap given true (ACF-IM-HS-22-03).', period: p,
      input: household({ snap: true, people: [{ age: 30, earned: 2400 }, { age: 4 }] }),
      output: out({ head_start_receives_snap: true, head_start_eligible: true }) },
    { name: 'snap_not_given_reads_the_hook_which_defaults_to_not_eligible', description: 'No SNAP package in this closure: the hook is false, so receipt not given reads as not received.', period: p,
      input: household({ snapGiven: false, people: [{ age: 30, earned: 2400 }, { age: 4 }] }),
      output: out({ head_start_snap_receipt_immaterial: false, head_start_snap_eligibility_computed: false, head_start_eligible: false }) },
    { name: 'homeless_child_over_income', description: 'Over income; the child of 4 is homeless (1302.12(c)(1)(iii)); the infant of 1 is not, so only the child is eligible.', period: p,
      input: household({ people: [{ age: 30, earned: 4000 }, { id: 'child', age: 4, homeless: true }, { id: 'baby', age: 1 }] }),
      output: out({ head_start_eligible_children: 1, early_head_start_eligible_people: 0, head_start_child_categories_immaterial: false }) },
    { name: 'foster_infant_over_income', description: 'Over income; an infant of 1 in foster care (1302.12(c)(1)(iv)): Early Head Start.', period: p,
      input: household({ people: [{ age: 40, earned: 5000 }, { age: 1, foster: true }] }),
      output: out({ early_head_start_eligible_people: 1, early_head_start_eligible: true, head_start_eligible: false }) },
    { name: 'pregnant_woman_and_infant_income_eligible', description: 'Family of 2 listed (pregnant mother, infant of 2), no income: both in Early Head Start; a child of 6 would be past school age.', period: p,
      input: household({ people: [{ age: 25, pregnant: true }, { age: 2 }, { age: 6 }] }),
      output: out({ early_head_start_eligible_people: 2, head_start_eligible_children: 0, head_start_eligible: false }) },
    { name: 'income_counts_wages_business_unemployment_pensions', description: 'Wages 1,000 + self-employment 500 - 200 + unemployment 300 + pension 100 = 1,700 a month; x 12 = 20,400; household earned 50 x 12 = 600; total 21,000.', period: p,
      input: household({ earned: 50, people: [{ age: 30, earned: 1000, se: 500, seCosts: 200, uc: 300, pension: 100 }, { age: 3 }] }),
      output: out({ head_start_family_income: 21000, head_start_income_eligible: true }) },
    { name: 'housing_adjustment_brings_an_over_income_family_under_the_line', description: 'Parent earning $2,400 a month, child of 4, housing costs $1,100 a month: income 28,800 > 21,640 (2026, 2 people); housing 13,200 - 30% of 28,800 (8,640) = 4,560 adjusted off; 28,800 - 4,560 = 24,240, still over 21,640: not eligible even with the adjustment.', period: p,
      input: household({ housing: 1100, people: [{ age: 30, earned: 2400 }, { age: 4 }] }),
      output: out({ head_start_housing_cost_adjustment: 4560, head_start_income_after_housing_adjustment: 24240, head_start_income_eligible_with_housing_adjustment: false, head_start_eligible_only_with_housing_adjustment: false, head_start_eligible: false }) },
    { name: 'housing_adjustment_makes_the_child_eligible_where_a_program_applies_it', description: 'Parent earning $2,000 a month, child of 4, housing costs $1,200 a month: income 24,000 > 21,640; housing 14,400 - 7,200 (30% of 24,000) = 7,200 off; 24,000 - 7,200 = 16,800 <= 21,640: eligible only where the program makes the adjustment.', period: p,
      input: household({ housing: 1200, people: [{ age: 30, earned: 2000 }, { age: 4 }] }),
      output: out({ head_start_income_eligible: false, head_start_eligible: false, head_start_housing_cost_adjustment: 7200, head_start_income_after_housing_adjustment: 16800, head_start_income_eligible_with_housing_adjustment: true, head_start_children_eligible_only_with_housing_adjustment: 1, head_start_eligible_only_with_housing_adjustment: true, head_start_housing_costs_immaterial: false }) },
    { name: 'guideline_year_2025_in_early_january_2026', description: 'On 2026-01-01 the 2026 guidelines (in effect from 2026-01-13) do not yet apply: 2025 guideline for 2 = 15,650 + 5,500 = 21,150.', period: '2026-01',
      input: household({ people: [{ age: 30 }, { age: 4 }] }),
      output: out({ head_start_poverty_guideline_year: 2025, head_start_poverty_guideline: 21150 }) },
  ];
}
