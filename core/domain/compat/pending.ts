/**
 * PolicyEngine variables of programs Tenet encodes but this endpoint does not map yet (WIC, school meals, parts of the credits).
 * A request for one is reported in tenet.unsupported with why and where the program computes today, rather than the
 * bare "no mapping" of a variable Tenet has no package for (docs/compatibility.md, "WIC, the EITC and the CTC").
 */

const WIC_PERSON = 'not mapped yet: this endpoint answers is_wic_eligible and wic_category; the WIC packages\' income test parts (us-xx/wic, docs/wic-coverage.md) differ from PolicyEngine\'s (docs/compatibility.md) and compute through POST /v1/calculate';
const WIC_VALUE = 'not computed: the WIC packages state eligibility only (wic_eligible, wic_category); no primary source for the food package\'s dollar value was read, so Tenet gives no WIC amount';
const SCHOOL_MEALS = 'not mapped yet: the school meals packages (us-xx/school_meals, docs/school-meals-coverage.md) answer per child in the month (school_meal_tier in person_outputs) where PolicyEngine gives the SPM unit one tier for the year; compute it through POST /v1/calculate';
const SCHOOL_MEALS_VALUE = 'not computed: the school meals packages state eligibility only; the dollar value of the meals is left out (docs/school-meals-coverage.md says why)';
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
  ...Object.fromEntries(['school_meal_tier', 'meets_school_meal_categorical_eligibility', 'school_meal_fpg_ratio', 'school_meal_countable_income', 'state_has_universal_free_school_meals'].map((v) => [v, SCHOOL_MEALS])),
  ...Object.fromEntries(['free_school_meals', 'reduced_price_school_meals', 'school_meal_net_subsidy', 'school_meal_daily_subsidy', 'school_meal_paid_daily_subsidy'].map((v) => [v, SCHOOL_MEALS_VALUE])),
  eitc_earned_income: TAX_PART('us/eitc', 'tax_unit_earned_income: the filers\' earned income'),
  ctc_maximum: TAX_PART('us/ctc', 'ctc_child_credit_before_phase_out and ctc_other_dependant_credit_before_phase_out'),
};

/** Why a requested variable of a program Tenet encodes is not computed here, or undefined for any other name. */
export function pendingReason(variable: string): string | undefined {
  return Object.hasOwn(PENDING, variable) ? PENDING[variable] : undefined;
}
