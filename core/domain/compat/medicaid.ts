/**
 * Medicaid and CHIP through the compatibility endpoint (docs/compatibility.md, "Medicaid and CHIP"): PolicyEngine's
 * person variables and the person outputs of the State packages `us-xx/medicaid` that answer them (MAGI groups only,
 * docs/medicaid-coverage.md), with the categories in PolicyEngine's names, and the PolicyEngine inputs the
 * translation (medicaid-unit.ts) reads. PolicyEngine defines these per year; the packages decide a month, so a year key
 * is answered when every month of the year gives the same answer.
 */
import type { JsonValue } from '../household/shape.js';
import type { DerivedValue, OutputDefinition } from './output-definition.js';

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
 * income) as the packages' monthly person facts: earnings, self-employment, and the rest as unearned income. Sources
 * sharing a `key` are alternatives (the highest rank given wins, as PolicyEngine uses a given total).
 */
export interface MagiSource {
  fact: 'earned_income' | 'self_employment' | 'unearned_income';
  key?: string;
  rank?: number;
}

export const MAGI_INCOMES: Record<string, MagiSource> = {
  employment_income_before_lsr: { fact: 'earned_income', key: 'wages', rank: 0 },
  employment_income: { fact: 'earned_income', key: 'wages', rank: 1 },
  self_employment_income: { fact: 'self_employment', key: 'self_employment', rank: 0 },
  self_employment_income_before_lsr: { fact: 'self_employment', key: 'self_employment', rank: 1 },
  sstb_self_employment_income_before_lsr: { fact: 'self_employment' },
  // Every Social Security benefit counts, taxed or not (435.603(e)(3); 26 U.S.C. 36B(d)(2)(B)(iii)).
  social_security_retirement: { fact: 'unearned_income', key: 'social_security', rank: 0 },
  social_security_disability: { fact: 'unearned_income', key: 'social_security', rank: 0 },
  social_security_survivors: { fact: 'unearned_income', key: 'social_security', rank: 0 },
  social_security_dependents: { fact: 'unearned_income', key: 'social_security', rank: 0 },
  social_security: { fact: 'unearned_income', key: 'social_security', rank: 1 },
  taxable_interest_income: { fact: 'unearned_income', key: 'interest', rank: 0 },
  tax_exempt_interest_income: { fact: 'unearned_income', key: 'interest', rank: 0 },
  interest_income: { fact: 'unearned_income', key: 'interest', rank: 1 },
  qualified_dividend_income: { fact: 'unearned_income', key: 'dividends', rank: 0 },
  non_qualified_dividend_income: { fact: 'unearned_income', key: 'dividends', rank: 0 },
  dividend_income: { fact: 'unearned_income', key: 'dividends', rank: 1 },
  long_term_capital_gains_before_response: { fact: 'unearned_income', key: 'capital_gains', rank: 0 },
  short_term_capital_gains: { fact: 'unearned_income', key: 'capital_gains', rank: 0 },
  long_term_capital_gains: { fact: 'unearned_income', key: 'capital_gains', rank: 1 },
  capital_gains: { fact: 'unearned_income', key: 'capital_gains', rank: 2 },
  rental_income: { fact: 'unearned_income' },
  unemployment_compensation: { fact: 'unearned_income' },
  taxable_pension_income: { fact: 'unearned_income' },
  taxable_ira_distributions: { fact: 'unearned_income' },
};

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
