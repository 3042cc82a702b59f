/**
 * PolicyEngine variables of programs Tenet encodes that this endpoint does not compute (WIC and school meals parts,
 * dollar values no package encodes, Head Start's amounts, parts of the credits). A request for one is reported in
 * tenet.unsupported with why and where the program computes today, rather than the bare "no mapping" of a variable
 * Tenet has no package for (docs/compatibility.md).
 */

const WIC_PERSON = 'not mapped yet: this endpoint answers is_wic_eligible and wic_category; the WIC packages\' income test parts (us-xx/wic, docs/wic-coverage.md) differ from PolicyEngine\'s (docs/compatibility.md) and compute through POST /v1/calculate';
const WIC_VALUE = 'not computed: the WIC packages state eligibility only (wic_eligible, wic_category); no primary source for the food package\'s dollar value was read, so Tenet gives no WIC amount';
const SCHOOL_MEALS = 'not mapped: the school meals packages (us-xx/school_meals, docs/school-meals-coverage.md) give each child in school a tier in the month (school_meal_tier in person_outputs of POST /v1/calculate); this endpoint answers the SPM unit\'s school_meal_tier and school_meal_countable_income';
const SCHOOL_MEALS_UNIVERSAL = 'not mapped: State universal free meals laws are encoded for California only, as a person output of the school meals package (school_meal_free_under_state_law, POST /v1/calculate) that leaves the federal tier unchanged (docs/school-meals-coverage.md)';
const SCHOOL_MEALS_VALUE = 'not computed: the school meals packages state eligibility only; the dollar value of the meals is left out (docs/school-meals-coverage.md says why)';
const POVERTY_LINE = 'not computed: PolicyEngine\'s is the guideline of the calendar year, dated from January 1; each program here takes up a year\'s guidelines on its own date (school meals and WIC July 1, SNAP October 1, Lifeline USAC\'s date, Head Start the notice\'s), so none has this value (docs/compatibility.md)';
const HEAD_START_VALUE = 'not computed: Head Start is free to the family; PolicyEngine\'s amount is federal spending per enrolled child, which the Head Start packages do not encode (they state eligibility only)';
const HEAD_START_INCOME = 'not mapped: the Head Start packages count the family\'s income for the year from the month\'s facts (head_start_family_income of POST /v1/calculate, the household\'s); this endpoint answers is_head_start_income_eligible';
const TAX_PART = (pkg: string, outputs: string): string =>
  `not mapped: ${pkg} (docs/tax-credits.md) computes it in other parts (${outputs}), which POST /v1/calculate returns; this endpoint maps the credit variables of docs/compatibility.md`;

const PENDING: Record<string, string> = {
  meets_wic_categorical_eligibility: WIC_PERSON,
  meets_wic_income_test: WIC_PERSON,
  wic_income_limit: WIC_PERSON,
  wic_countable_income: WIC_PERSON,
  wic: WIC_VALUE,
  wic_if_takes_up: WIC_VALUE,
  wic_food_package: WIC_VALUE,
  wic_food_package_str: WIC_VALUE,
  ...Object.fromEntries(['meets_school_meal_categorical_eligibility', 'school_meal_fpg_ratio'].map((v) => [v, SCHOOL_MEALS])),
  state_has_universal_free_school_meals: SCHOOL_MEALS_UNIVERSAL,
  ...Object.fromEntries(['free_school_meals', 'reduced_price_school_meals', 'school_meal_net_subsidy', 'school_meal_daily_subsidy', 'school_meal_paid_daily_subsidy'].map((v) => [v, SCHOOL_MEALS_VALUE])),
  spm_unit_fpg: POVERTY_LINE,
  head_start: HEAD_START_VALUE,
  early_head_start: HEAD_START_VALUE,
  head_start_gross_income: HEAD_START_INCOME,
  head_start_countable_income: HEAD_START_INCOME,
  eitc_earned_income: TAX_PART('us/eitc', 'tax_unit_earned_income: the filers\' earned income'),
  ctc_maximum: TAX_PART('us/ctc', 'ctc_child_credit_before_phase_out and ctc_other_dependant_credit_before_phase_out'),
};

/** Why a requested variable of a program Tenet encodes is not computed here, or undefined for any other name. */
export function pendingReason(variable: string): string | undefined {
  return Object.hasOwn(PENDING, variable) ? PENDING[variable] : undefined;
}
