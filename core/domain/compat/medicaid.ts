/**
 * Medicaid and CHIP through the compatibility endpoint (docs/compatibility.md, "Medicaid and CHIP"): PolicyEngine's
 * person variables and the person outputs of the State packages `us-xx/medicaid` that answer them (MAGI groups only,
 * docs/medicaid-coverage.md), with the categories in PolicyEngine's names, and the PolicyEngine inputs the
 * translation (medicaid-unit.ts) reads. PolicyEngine defines these per year; the packages decide a month, so a year key
 * is answered when every month of the year gives the same answer.
 */
import type { JsonValue } from '../household/shape.js';
import type { DerivedValue, OutputDefinition } from './output-definition.js';
import { incomeSources, type IncomeSource } from './income-alternatives.js';

export const MEDICAID_PROGRAM_ID = 'medicaid';

/** The packages' Medicaid category -> PolicyEngine's MedicaidCategory member. */
const MEDICAID_CATEGORIES: Record<string, string> = {
  infant: 'INFANT', child_1_5: 'YOUNG_CHILD', child_6_18: 'OLDER_CHILD', pregnant: 'PREGNANT', parent_caretaker: 'PARENT', expansion_adult: 'ADULT', none: 'NONE',
};

/** The packages' CHIP category -> PolicyEngine's CHIPCategory member (the unborn-child option, PREGNANT_FCEP, is not encoded). */
const CHIP_CATEGORIES: Record<string, string> = { child: 'CHILD', pregnant: 'PREGNANT_STANDARD', none: 'NONE' };

/** A person output of the package, a category in PolicyEngine's names (`names`: the package's value -> the enum member). */
const person = (output: string, kind: OutputDefinition['kind'], names?: Record<string, string>): OutputDefinition => ({
  group: 'people', program: 'medicaid', output, kind, sameOverYear: true,
  ...(names === undefined ? {} : { value: (run) => categoryOf(run.person?.[output], output, names) }),
});

export const MEDICAID_OUTPUTS: Record<string, OutputDefinition> = {
  is_medicaid_eligible: person('medicaid_person_eligible', 'boolean'),
  medicaid_category: person('medicaid_category', 'category', MEDICAID_CATEGORIES),
  is_chip_eligible: person('chip_person_eligible', 'boolean'),
  chip_category: person('chip_category', 'category', CHIP_CATEGORIES),
};

/**
 * MAGI income (42 CFR 435.603(e): AGI plus untaxed Social Security benefits, tax-exempt interest and excluded foreign
 * income) as the packages' monthly person facts: earnings, self-employment, and the rest as unearned income.
 * Alternatives (a total and its parts) are chosen as income-alternatives.ts says.
 */
export type MagiSource = IncomeSource<'earned_income' | 'self_employment' | 'unearned_income'>;

export const MAGI_INCOMES = incomeSources<MagiSource['fact']>({
  earned_income: ['employment_income_before_lsr', 'employment_income'],
  self_employment: ['self_employment_income', 'self_employment_income_before_lsr', 'sstb_self_employment_income_before_lsr'],
  unearned_income: [
    // Every Social Security benefit counts, taxed or not (435.603(e)(3); 26 U.S.C. 36B(d)(2)(B)(iii)).
    'social_security_retirement', 'social_security_disability', 'social_security_survivors', 'social_security_dependents', 'social_security',
    'taxable_interest_income', 'tax_exempt_interest_income', 'interest_income',
    'qualified_dividend_income', 'non_qualified_dividend_income', 'dividend_income',
    'long_term_capital_gains_before_response', 'short_term_capital_gains', 'long_term_capital_gains', 'capital_gains',
    'rental_income', 'unemployment_compensation', 'taxable_pension_income', 'taxable_ira_distributions',
  ],
});

/**
 * Amounts outside MAGI (42 CFR 435.603(e); docs/medicaid-coverage.md: "MAGI leaves out SSI, TANF and child support
 * received"): read, counted as nothing.
 */
export const NOT_MAGI = new Set([
  'tanf', 'snap', 'wic', 'child_support_received', 'workers_compensation', 'veterans_benefits',
  'head_start', 'early_head_start', 'commodity_supplemental_food_program', 'free_school_meals', 'tax_exempt_pension_income',
]);

/** PolicyEngine's name for the package's category; an unknown one is passed on as given. */
function categoryOf(value: JsonValue | undefined, output: string, names: Record<string, string>): DerivedValue {
  if (value === undefined) return { reason: `the Medicaid package gave no ${output} for this person` };
  return { value: typeof value === 'string' && Object.hasOwn(names, value) ? names[value] : value };
}
