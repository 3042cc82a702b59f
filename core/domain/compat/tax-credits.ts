/**
 * The federal EITC and CTC through the compatibility endpoint (docs/compatibility.md, "The EITC and the CTC"):
 * PolicyEngine's tax-unit variables and the outputs of the packages `us/eitc` and `us/ctc` that answer them, and the
 * PolicyEngine person and tax-unit inputs the tax-unit translation (tax-unit.ts) reads. Every value is annual for a
 * calendar tax year (docs/tax-credits.md).
 */
import type { OutputDefinition } from './output-definition.js';
import type { EntityGroup } from './entity-groups.js';
import { incomeSources, type IncomeSource } from './income-alternatives.js';

export const EITC_PROGRAM_ID = 'eitc';
export const CTC_PROGRAM_ID = 'ctc';
export type TaxProgram = typeof EITC_PROGRAM_ID | typeof CTC_PROGRAM_ID;

const credit = (program: TaxProgram, output: string, kind: OutputDefinition['kind']): OutputDefinition => ({ group: 'tax_units', program, output, kind, basis: 'tax_year' });

export const TAX_CREDIT_OUTPUTS: Record<string, OutputDefinition> = {
  // PolicyEngine's eitc is not rounded to whole dollars; the package's `eitc` is (as a return states it), its exact
  // credit is `eitc_unrounded`.
  eitc: credit('eitc', 'eitc_unrounded', 'money'),
  eitc_eligible: credit('eitc', 'eitc_eligible', 'boolean'),
  eitc_child_count: credit('eitc', 'eitc_qualifying_children', 'count'),
  eitc_maximum: credit('eitc', 'eitc_maximum_credit', 'money'),
  eitc_phase_in_rate_credit: credit('eitc', 'eitc_phase_in_credit', 'money'),
  eitc_phase_out_start: credit('eitc', 'eitc_phase_out_start', 'money'),
  eitc_reduction: credit('eitc', 'eitc_phase_out_reduction', 'money'),
  // The credit after the phaseout and the tax limit plus the refundable part: what the family gets (24(a), (b)(3), (d)).
  ctc_value: credit('ctc', 'ctc_value', 'money'),
  // The child credit and the credit for other dependents after the phaseout, before the tax liability limit.
  ctc: credit('ctc', 'ctc', 'money'),
  non_refundable_ctc: credit('ctc', 'ctc_non_refundable', 'money'),
  refundable_ctc: credit('ctc', 'ctc_refundable', 'money'),
  ctc_qualifying_children: credit('ctc', 'ctc_qualifying_children', 'count'),
  ctc_phase_out: credit('ctc', 'ctc_phase_out_reduction', 'money'),
  // 15% of earned income above $2,500 (24(d)(1)(B)(i), (h)(6)), and the $1,700-per-child cap (24(h)(5)).
  ctc_phase_in: credit('ctc', 'ctc_earned_income_portion', 'money'),
  ctc_refundable_maximum: credit('ctc', 'ctc_refundable_cap', 'money'),
};

/** Where a PolicyEngine household states a credit package's material input (for tenet.assumptions). */
export const TAX_ASSUMED_SOURCES: Record<string, { group: EntityGroup; variable: string }> = {
  filing_status: { group: 'tax_units', variable: 'filing_status' },
  has_valid_ssn: { group: 'people', variable: 'ssn_card_type' },
  is_full_time_student: { group: 'people', variable: 'is_full_time_student' },
  is_permanently_and_totally_disabled: { group: 'people', variable: 'is_permanently_and_totally_disabled' },
};

/** The person's role in the tax unit as PolicyEngine states it (people). */
export const ROLE_INPUTS = ['is_tax_unit_head', 'is_tax_unit_spouse', 'is_tax_unit_dependent', 'is_tax_unit_head_or_spouse'] as const;

/**
 * Annual incomes (people) -> the package's person income fact. Alternatives (a total and its parts) are chosen as
 * income-alternatives.ts says.
 */
export type TaxIncomeSource = IncomeSource<'earned_income' | 'self_employment' | 'investment_income' | 'other_taxable_income'>;

export const TAX_INCOMES = incomeSources<TaxIncomeSource['fact']>({
  earned_income: ['employment_income_before_lsr', 'employment_income'],
  self_employment: ['self_employment_income', 'self_employment_income_before_lsr', 'sstb_self_employment_income_before_lsr'],
  // Investment income (26 U.S.C. 32(i)(2)): interest, dividends, net capital gain, net rental income; all in AGI too.
  investment_income: [
    'taxable_interest_income', 'interest_income',
    'qualified_dividend_income', 'non_qualified_dividend_income', 'dividend_income',
    'long_term_capital_gains_before_response', 'short_term_capital_gains', 'long_term_capital_gains', 'capital_gains',
    'rental_income',
  ],
  // Other income in AGI (26 U.S.C. 61(a), 85, 72).
  other_taxable_income: ['unemployment_compensation', 'taxable_pension_income', 'taxable_ira_distributions'],
});

/**
 * Amounts that are not gross income for the federal credits: read, and counted as nothing. SSI and TANF are public
 * assistance (the general welfare exclusion), SNAP is not income for any federal purpose (7 U.S.C. 2017(b)), WIC, school meals and
 * Head Start are services in kind (PolicyEngine values them; nobody receives cash), child support received is not income (IRS Publication 504),
 * workers' compensation is excluded by 26 U.S.C. 104(a)(1), veterans' benefits by 38 U.S.C. 5301(a)(1).
 */
export const NOT_GROSS_INCOME = new Set([
  'ssi', 'tanf', 'snap', 'wic', 'child_support_received', 'workers_compensation', 'veterans_benefits',
  'head_start', 'early_head_start', 'commodity_supplemental_food_program', 'free_school_meals',
]);

/** Incomes the packages cannot place, and why; given as 0 they change nothing and are read. */
export const UNPLACED_INCOMES: Record<string, string> = {
  social_security: 'the taxable part of Social Security benefits (26 U.S.C. 86) is not computed by the credit packages; give it as taxable income through POST /v1/calculate (other_taxable_income)',
  social_security_retirement: 'the taxable part of Social Security benefits (26 U.S.C. 86) is not computed by the credit packages',
  social_security_disability: 'the taxable part of Social Security benefits (26 U.S.C. 86) is not computed by the credit packages',
  social_security_survivors: 'the taxable part of Social Security benefits (26 U.S.C. 86) is not computed by the credit packages',
  social_security_dependents: 'the taxable part of Social Security benefits (26 U.S.C. 86) is not computed by the credit packages',
  pension_income: 'only the taxable part of a pension is in AGI: give taxable_pension_income',
  tax_exempt_interest_income: 'tax-exempt interest is investment income for the EITC (32(i)(2)(A)) but not in AGI, and the packages\' investment_income enters both',
  tax_exempt_pension_income: 'not in AGI; the packages have no input for it',
  alimony_income: 'alimony is taxable only under instruments before 2019 (26 U.S.C. 71 as repealed by Pub. L. 115-97 sec. 11051), which PolicyEngine does not state',
  farm_income: 'farm income is not an input of the credit packages',
  partnership_s_corp_income: 'pass-through income is not an input of the credit packages',
  miscellaneous_income: 'the packages cannot tell whether it is earned or investment income',
};

/** PolicyEngine's filing status -> the packages' (26 U.S.C. 1, 2); a surviving spouse has no package value. */
export const FILING_STATUSES: Record<string, string> = { SINGLE: 'single', JOINT: 'joint', SEPARATE: 'separate', HEAD_OF_HOUSEHOLD: 'head_of_household' };

/** PolicyEngine's SSN card types: a card valid for employment is a valid SSN for the credits (26 U.S.C. 24(h)(7), 32(m)). */
export const VALID_SSN_CARDS: Record<string, boolean> = { CITIZEN: true, NON_CITIZEN_VALID_EAD: true, OTHER_NON_CITIZEN: false, NONE: false };

/** Own-property lookups (request-supplied names). */
export const own = <T>(table: Record<string, T>, name: string): T | undefined => (Object.hasOwn(table, name) ? table[name] : undefined);
