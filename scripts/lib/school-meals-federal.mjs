/**
 * The federal school meals modules (free and reduced-price eligibility, 42 U.S.C. 1758(b); 7 CFR 245) as RuleSpec
 * text, for scripts/generate-school-meals-rules.mjs:
 *   us:regulations/7-cfr/245/3  the Income Eligibility Guidelines: the school year's guideline year, household size,
 *                               income and the free and reduced-price limits as the notices publish them;
 *   us:regulations/7-cfr/245/6  the determination: categorical eligibility (household: SNAP, TANF, FDPIR; child:
 *                               homeless, runaway, migrant, foster, Head Start), the SNAP link hook, the household's
 *                               tier and the count of children in school per tier.
 */

export const IEG = 'us:regulations/7-cfr/245/3';
export const DET = 'us:regulations/7-cfr/245/6';
const G = 'us:statutes/42/9902/2';
const CFR = (s) => `https://www.law.cornell.edu/cfr/text/7/${s}`;
const USC1758 = 'https://www.law.cornell.edu/uscode/text/42/1758';

const rule = (fields) => `
  - ${fields.trim()}`;

function limitRules(tier, rate, words) {
  const r = `school_meals_${tier}_rate`;
  const row = `ceil(school_meals_table_row_guideline * ${r})`;
  const add = `ceil(school_meals_poverty_guideline_each_additional_person * ${r})`;
  const extra = 'max(school_meals_household_size - 8, 0)';
  return [rule(`name: ${r}
    kind: parameter
    dtype: Rate
    source: 42 U.S.C. 1758(b)(1)(A) (${words}: ${Math.round(rate * 100)} percent of the poverty guidelines); 7 CFR 245.3(a)
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: '${rate.toFixed(2)}'`),
  rule(`name: school_meals_${tier}_income_limit_annual
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3(a); the Income Eligibility Guidelines notice of the school year (annual column, ${words})
    source_url: ${CFR('245.3')}
    description: >-
      The annual column of the published table: the guideline times the rate rounded up to the next whole dollar for
      sizes 1-8, then the row for 8 plus, for each member beyond 8, the additional person's amount times the rate,
      rounded up.
    versions:
      - effective_from: '2024-07-01'
        formula: ${row} + ${extra} * ${add}`),
  rule(`name: school_meals_${tier}_income_limit
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3(a); the Income Eligibility Guidelines notice of the school year (monthly column, ${words})
    source_url: ${CFR('245.3')}
    description: >-
      The monthly column of the published table, the one the packages test (the income facts are monthly): the annual
      row divided by 12 and rounded up for sizes 1-8, plus for each member beyond 8 the table's monthly amount to add
      (the additional person's annual amount divided by 12, rounded up). So a household of 10 in 2025-26 has
      $8,349 + 2 x $848 = $10,045 for reduced price, where 185% of its guideline divided by 12 would give $10,044.
    versions:
      - effective_from: '2024-07-01'
        formula: ceil(${row} / 12) + ${extra} * ceil(${add} / 12)`)];
}

export function iegModule(data) {
  const years = data.school_years;
  const versions = years.map((y) => `
      - effective_from: '${y.from}'  # ${y.verified ? y.basis : `not verified: ${y.reason}`}
        formula: '${y.guideline_year}'`).join('');
  const guidelineYears = [...new Set(years.map((y) => y.guideline_year))];
  const pick = (part) => `match school_meals_guideline_year:\n${guidelineYears.map((y) => `            ${y} => hhs_poverty_guideline_${y}_${part}`).join('\n')}`;
  const rules = [
    rule(`name: school_meals_guideline_year
    kind: parameter
    dtype: Integer
    source: 42 U.S.C. 1758(b)(1) (the guidelines are revised each year, for July 1 to June 30); the Income Eligibility Guidelines notice of each school year
    source_url: ${USC1758}
    description: >-
      The calendar year of the HHS poverty guidelines the school year uses: ${years.map((y) => `${y.guideline_year} from ${y.from}`).join(', ')}.
    versions:${versions}`),
    rule(`name: school_meals_poverty_guideline_first_person
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 42 U.S.C. 1758(b)(1)(A); 42 U.S.C. 9902(2) (the guideline year the school year uses)
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: >-
          ${pick('first_person')}`),
    rule(`name: school_meals_poverty_guideline_each_additional_person
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 42 U.S.C. 1758(b)(1)(A); 42 U.S.C. 9902(2) (the guideline year the school year uses)
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: >-
          ${pick('each_additional_person')}`),
    rule(`name: school_meals_household_size
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    unit: count
    source: 7 CFR 245.2 (household; the economic unit of related and unrelated people who share income and expenses)
    source_url: ${CFR('245.2')}
    description: The larger of household_size and the number of people listed; nobody listed is left out.
    versions:
      - effective_from: '2024-07-01'
        formula: max(household_size, len(member_of_snap_household))`),
    rule(`name: school_meals_poverty_guideline
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: 42 U.S.C. 1758(b)(1)(A); 42 U.S.C. 9902(2) (the guideline for the household size)
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: school_meals_poverty_guideline_first_person + (max(school_meals_household_size, 1) - 1) * school_meals_poverty_guideline_each_additional_person`),
    rule(`name: school_meals_table_row_guideline
    kind: derived
    entity: Household
    dtype: Money
    period: Year
    unit: USD
    source: the Income Eligibility Guidelines notices (rows for households of 1 to 8, then an amount for each additional member)
    source_url: ${CFR('245.3')}
    description: The guideline of the table's row for the household, the row for 8 when the household is larger.
    versions:
      - effective_from: '2024-07-01'
        formula: school_meals_poverty_guideline_first_person + (min(max(school_meals_household_size, 1), 8) - 1) * school_meals_poverty_guideline_each_additional_person`),
    ...limitRules('free', 1.3, 'free meals'),
    ...limitRules('reduced_price', 1.85, 'reduced price meals'),
    rule(`name: school_meals_person_monthly_income
    kind: derived
    entity: Person
    dtype: Money
    period: Month
    unit: USD
    source: 7 CFR 245.2 (income: all income before deductions received by the household's members; net self-employment income)
    source_url: ${CFR('245.2')}
    description: Earned and unearned income in the month plus net self-employment income; a self-employment loss counts as 0.
    versions:
      - effective_from: '2024-07-01'
        formula: earned_income + unearned_income + max(self_employment_income - self_employment_costs, 0)`),
    rule(`name: school_meals_household_monthly_income
    kind: derived
    entity: Household
    dtype: Money
    period: Month
    unit: USD
    source: 7 CFR 245.2 (household income); 7 CFR 245.6(a) (current income on the application)
    source_url: ${CFR('245.2')}
    description: Household-level income facts plus each listed member's income.
    versions:
      - effective_from: '2024-07-01'
        formula: earned_income + unearned_income + sum(member_of_snap_household.school_meals_person_monthly_income)`),
    rule(`name: school_meals_income_free
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3(a) (income at or below the free meals limit)
    source_url: ${CFR('245.3')}
    versions:
      - effective_from: '2024-07-01'
        formula: school_meals_household_monthly_income <= school_meals_free_income_limit`),
    rule(`name: school_meals_income_reduced_price
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 42 U.S.C. 1758(b)(1)(A); 7 CFR 245.3(a) (income at or below the reduced price limit)
    source_url: ${CFR('245.3')}
    versions:
      - effective_from: '2024-07-01'
        formula: school_meals_household_monthly_income <= school_meals_reduced_price_income_limit`),
  ];
  return `format: rulespec/v1
module:
  summary: >-
    The Income Eligibility Guidelines for free and reduced-price school meals (42 U.S.C. 1758(b)(1); 7 CFR 245.3):
    each school year, July 1 to June 30, uses that calendar year's HHS poverty guidelines (us:statutes/42/9902/2, in
    the table of the jurisdiction: 48 States, DC and the territories; Alaska; Hawaii) times 1.30 for free meals and
    1.85 for reduced-price meals, rounded up to the next whole dollar, as the Federal Register notices publish them.
    The household's monthly income (the monthly income facts) is tested against the table's monthly column.
  source_verification:
    corpus_citation_path: us/regulation/7-cfr/245.3
imports:
  - ${G}
  - us:statutes/7/2012/m
rules:${rules.join('\n')}
`;
}

/** Person facts of a child's own categorical eligibility (42 U.S.C. 1758(b)(12)(A); 7 CFR 245.2). */
export const CHILD_STATUS = ['is_homeless', 'is_runaway', 'is_migrant', 'is_in_foster_care', 'is_enrolled_in_head_start'];

function countRule(name, formula, what) {
  return rule(`name: ${name}
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    unit: count
    source: 42 U.S.C. 1758(b)(1)(A), (b)(12)(A); 7 CFR 245.6 (${what})
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: ${formula.includes('if ') ? `>-\n          ${formula}` : formula}`);
}

export function determinationModule() {
  const judgment = (name, source, formula, description, entity = 'Household') => rule(`name: ${name}
    kind: derived
    entity: ${entity}
    dtype: Judgment
    period: Month
    source: ${source}
    source_url: ${USC1758}${description ? `\n    description: >-\n      ${description}` : ''}
    versions:
      - effective_from: '2024-07-01'
        formula: ${formula}`);
  const rules = [
    judgment('school_meal_person_in_school', '7 CFR 245.2 (child; a student of high school grade or under in a school or institution under the National School Lunch or School Breakfast Program)',
      'is_in_school', undefined, 'Person'),
    judgment('school_meal_person_categorically_eligible',
      '42 U.S.C. 1758(b)(12)(A) (a homeless child or youth, a runaway, a migratory child, a foster child, a child enrolled in Head Start); 7 CFR 245.2 (definitions), 245.6(c)',
      CHILD_STATUS.join(' or '), 'The child is free without an income test by the child\'s own status (the household\'s income and receipts aside).', 'Person'),
    rule(`name: school_meals_state_snap_eligibility
    kind: derived
    entity: Household
    dtype: Judgment
    period: Month
    source: 42 U.S.C. 1758(b)(12)(A) (a member of a household receiving SNAP); the State SNAP package bound by the jurisdiction's assembly
    source_url: ${USC1758}
    description: >-
      Hook. The household's SNAP certification (snap_certified: eligible, and not denied as a household of three or more entitled to no benefits, 7 CFR 273.10(e)(2)(iii)(A)) as the State's SNAP rules compute it from the same facts, read in place
      of SNAP receipt when receives_snap is not given. Default (no SNAP package in the closure, as in Puerto Rico):
      not eligible.
    versions:
      - effective_from: '2024-07-01'
        formula: 'false'`),
    judgment('school_meals_household_categorically_eligible_without_snap', '42 U.S.C. 1758(b)(12)(A), (iii) (FDPIR, TANF); 7 CFR 245.2 (documentation), 245.6(b)',
      'receives_tanf or receives_fdpir'),
    judgment('school_meals_household_free_without_snap', '42 U.S.C. 1758(b)(1)(A), (b)(12)(A)', 'school_meals_household_categorically_eligible_without_snap or school_meals_income_free'),
    judgment('school_meal_person_tier_follows_household', '42 U.S.C. 1758(b)(1)(A), (b)(12)(A); 7 CFR 245.3, 245.6',
      'school_meal_person_in_school and not school_meal_person_categorically_eligible', 'A child in school without a status of their own: the household\'s tier applies.', 'Person'),
    countRule('school_meals_children_in_school', 'count_where(member_of_snap_household, school_meal_person_in_school)', 'children in school'),
    countRule('school_meals_students_needing_household_test', 'count_where(member_of_snap_household, school_meal_person_tier_follows_household)', 'children in school whose tier follows the household\'s'),
    judgment('school_meals_snap_receipt_immaterial', '42 U.S.C. 1758(b)(12)(A) (SNAP receipt decides nothing when stated, when the household is free otherwise, or when no child in school depends on it)',
      'receives_snap_given or school_meals_students_needing_household_test == 0 or school_meals_household_free_without_snap'),
    judgment('school_meals_snap_eligibility_computed', '42 U.S.C. 1758(b)(12)(A); the State SNAP package bound by the jurisdiction\'s assembly',
      'not school_meals_snap_receipt_immaterial and school_meals_state_snap_eligibility',
      'The SNAP certification (snap_certified) that stands in for SNAP receipt, computed only when it can change the result; false when it is not needed, so SNAP is not computed then.'),
    judgment('school_meals_receives_snap', '42 U.S.C. 1758(b)(12)(A) (a member of a household receiving SNAP)',
      '(receives_snap_given and receives_snap) or (not receives_snap_given and school_meals_snap_eligibility_computed)',
      'Stated receipt when receives_snap is given; otherwise the SNAP certification computed for the household (snap_certified) when needed.'),
    judgment('school_meals_household_free', '42 U.S.C. 1758(b)(1)(A), (b)(12)(A); 7 CFR 245.6',
      'school_meals_household_free_without_snap or school_meals_receives_snap',
      'A child of this household in school is free without a status of their own: SNAP, TANF or FDPIR receipt, or income at or below the free limit.'),
    rule(`name: school_meals_household_tier
    kind: derived
    entity: Household
    dtype: Text
    period: Month
    source: 42 U.S.C. 1758(b)(1)(A) (free at or below 130%, reduced price at or below 185%), (b)(12)(A); 7 CFR 245.3, 245.6
    source_url: ${USC1758}
    description: >-
      The tier of a child in school who has no categorical status of their own: free, reduced_price or paid.
    versions:
      - effective_from: '2024-07-01'
        formula: >-
          if school_meals_household_free: "free"
          elif school_meals_income_reduced_price: "reduced_price"
          else: "paid"`),
    rule(`name: school_meals_household_of_member
    kind: derived_relation
    source: 7 CFR 245.2 (household); the household a listed person belongs to (member_of_snap_household read from the person's side)
    source_url: ${CFR('245.2')}
    derived_relation: {arity: 2, source_relation: member_of_snap_household, slot_entities: [Person, Household], current_slot: 0, related_slot: 1}
    versions:
      - effective_from: '2024-07-01'
        formula: 'true'`),
    judgment('school_meal_person_household_free', '42 U.S.C. 1758(b)(1)(A), (b)(12)(A) (the household\'s receipt of SNAP, TANF or FDPIR, or its income, makes its children free)',
      'count_where(school_meals_household_of_member, school_meals_household_free) > 0', 'The person\'s household makes its children in school free (read through school_meals_household_of_member).', 'Person'),
    judgment('school_meal_person_household_reduced_price', '42 U.S.C. 1758(b)(1)(A) (income at or below 185 percent)',
      'count_where(school_meals_household_of_member, school_meals_income_reduced_price) > 0', 'The person\'s household has income at or below the reduced price limit.', 'Person'),
    rule(`name: school_meal_tier
    kind: derived
    entity: Person
    dtype: Text
    period: Month
    source: 42 U.S.C. 1758(b)(1)(A) (free at or below 130%, reduced price at or below 185%), (b)(12)(A) (free by status or by the household's receipt); 7 CFR 245.3, 245.6
    source_url: ${USC1758}
    description: >-
      The child's tier: free, reduced_price or paid for a child in school; not_in_school otherwise.
    versions:
      - effective_from: '2024-07-01'
        formula: >-
          if not school_meal_person_in_school: "not_in_school"
          elif school_meal_person_categorically_eligible: "free"
          elif school_meal_person_household_free: "free"
          elif school_meal_person_household_reduced_price: "reduced_price"
          else: "paid"`),
    judgment('school_meal_person_free', '42 U.S.C. 1758(b)(1)(A), (b)(12)(A)', 'school_meal_tier == "free"', undefined, 'Person'),
    judgment('school_meal_person_reduced_price', '42 U.S.C. 1758(b)(1)(A)', 'school_meal_tier == "reduced_price"', undefined, 'Person'),
    judgment('school_meal_person_paid', '42 U.S.C. 1758(b)(1)(A)', 'school_meal_tier == "paid"', undefined, 'Person'),
    countRule('school_meals_free_children', 'count_where(member_of_snap_household, school_meal_person_free)', 'children in school eating free: by their own status, or by the household\'s'),
    countRule('school_meals_reduced_price_children', 'count_where(member_of_snap_household, school_meal_person_reduced_price)', 'children in school at the reduced price'),
    countRule('school_meals_paid_children', 'count_where(member_of_snap_household, school_meal_person_paid)', 'children in school paying full price'),
    judgment('school_meals_child_status_immaterial', '42 U.S.C. 1758(b)(12)(A) (a child\'s own status matters only for a child in school of a household not free otherwise)',
      'school_meals_children_in_school == 0 or school_meals_household_free'),
    rule(`name: school_meals_state_universal_free_meals
    kind: derived
    entity: Person
    dtype: Judgment
    period: Month
    source: State law (a jurisdiction's assembly binds it); the federal tiers (42 U.S.C. 1758(b)) are unchanged by it
    source_url: ${USC1758}
    description: >-
      Hook. A State law makes breakfast and lunch free to every pupil of the State's public schools that take part in
      the National School Lunch and School Breakfast Programs, whatever the federal tier. Default: no such law.
    versions:
      - effective_from: '2024-07-01'
        formula: 'false'`),
    judgment('school_meal_free_under_state_law', 'State law bound to school_meals_state_universal_free_meals (the child eats free under it; the federal tier stays school_meal_tier)',
      'school_meal_person_in_school and school_meals_state_universal_free_meals', 'A child in school eats free under a State universal school meals law.', 'Person'),
    rule(`name: school_meals_children_free_under_state_law
    kind: derived
    entity: Household
    dtype: Integer
    period: Month
    unit: count
    source: State law bound to school_meals_state_universal_free_meals (children in school who eat free under a State universal school meals law, whatever their federal tier)
    source_url: ${USC1758}
    versions:
      - effective_from: '2024-07-01'
        formula: count_where(member_of_snap_household, school_meal_free_under_state_law)`),
    judgment('school_meals_household_receipts_immaterial', '42 U.S.C. 1758(b)(12)(A) (TANF or FDPIR receipt matters only for a child in school without a status of their own, in a household not free otherwise)',
      'school_meals_students_needing_household_test == 0 or school_meals_household_free'),
  ];
  return `format: rulespec/v1
module:
  summary: >-
    Who eats free or at the reduced price (42 U.S.C. 1758(b)(1)(A), (b)(12)(A); 7 CFR 245.2, 245.3, 245.6). A child in
    school (is_in_school) is free when the child is homeless, a runaway, migrant, in foster care or enrolled in Head
    Start, or when the household receives SNAP, TANF or FDPIR, or when its income is at or below the free limit;
    otherwise reduced price at or below the reduced price limit; otherwise paid. SNAP receipt is a fact the caller
    states (receives_snap); when it is not given, the State's SNAP certification (snap_certified) computed from the same household stands
    in for it (school_meals_state_snap_eligibility, a hook the jurisdiction's assembly binds to the State SNAP
    package's snap_certified: eligible, and not denied under 7 CFR 273.10(e)(2)(iii)(A)). Each person's tier (school_meal_tier, a Person rule) reads the household's values
    through school_meals_household_of_member, the membership relation read from the person's side; the household
    counts its children in school per tier from the people's tiers.
  source_verification:
    corpus_citation_path: us/regulation/7-cfr/245.6
imports:
  - ${IEG}
rules:${rules.join('\n')}
`;
}
