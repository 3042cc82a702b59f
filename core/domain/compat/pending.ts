/**
 * PolicyEngine variables of programs Tenet encodes but this endpoint does not map yet (WIC, school meals, the EITC, the CTC).
 * A request for one is reported in tenet.unsupported with why and where the program computes today, rather than the
 * bare "no mapping" of a variable Tenet has no package for (docs/compatibility.md, "WIC, the EITC and the CTC").
 */

const WIC_PERSON = 'not mapped yet: this endpoint answers is_wic_eligible and wic_category; the WIC packages\' income test parts (us-xx/wic, docs/wic-coverage.md) differ from PolicyEngine\'s (docs/compatibility.md) and compute through POST /v1/calculate';
const WIC_VALUE = 'not computed: the WIC packages state eligibility only (wic_eligible, wic_category); no primary source for the food package\'s dollar value was read, so Tenet gives no WIC amount';
const SCHOOL_MEALS = 'not mapped yet: the school meals packages (us-xx/school_meals, docs/school-meals-coverage.md) answer per child in the month (school_meal_tier in person_outputs) where PolicyEngine gives the SPM unit one tier for the year; compute it through POST /v1/calculate';
const SCHOOL_MEALS_VALUE = 'not computed: the school meals packages state eligibility only; the dollar value of the meals is left out (docs/school-meals-coverage.md says why)';
const TAX_UNIT = (pkg: string): string =>
  `not mapped yet: ${pkg} (docs/tax-credits.md) computes a tax unit for a tax year, which this endpoint does not translate yet; compute it through POST /v1/calculate`;

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
  ...Object.fromEntries(['eitc', 'eitc_eligible', 'eitc_child_count', 'eitc_earned_income', 'eitc_maximum', 'eitc_phase_out_start', 'eitc_reduction'].map((v) => [v, TAX_UNIT('us/eitc')])),
  ...Object.fromEntries(['ctc', 'refundable_ctc', 'non_refundable_ctc', 'ctc_qualifying_children', 'ctc_maximum', 'ctc_phase_out', 'ctc_value'].map((v) => [v, TAX_UNIT('us/ctc')])),
};

/** Why a requested variable of a program Tenet encodes is not computed here, or undefined for any other name. */
export function pendingReason(variable: string): string | undefined {
  return Object.hasOwn(PENDING, variable) ? PENDING[variable] : undefined;
}
