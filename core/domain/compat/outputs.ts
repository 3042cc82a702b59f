/**
 * The PolicyEngine-US variables the compatibility endpoint computes, and the package output each reads: SNAP,
 * Lifeline and WIC here, school meals from school-meals.ts, Head Start from head-start.ts, the federal credits from
 * tax-credits.ts, Medicaid and CHIP from medicaid.ts. A requested variable not listed is reported in tenet.unsupported (pending.ts says why for programs
 * Tenet encodes). The migration ledger (scripts/migration-ledger.ts) marks these as mapped.
 */
import { HEAD_START_OUTPUTS } from './head-start.js';
import { MEDICAID_OUTPUTS } from './medicaid.js';
import { SCHOOL_MEALS_OUTPUTS } from './school-meals.js';
import { TAX_CREDIT_OUTPUTS } from './tax-credits.js';
import type { OutputDefinition } from './output-definition.js';

export type { CompatProgram, DerivedValue, OutputDefinition, RunView } from './output-definition.js';

export const SNAP_PROGRAM_ID = 'snap';
export const LIFELINE_PROGRAM_ID = 'lifeline';
const snapOutput = (output: string, kind: OutputDefinition['kind']): OutputDefinition => ({ group: 'spm_units', program: 'snap', output, kind });

const STATE_PROGRAM_OUTPUTS: Record<string, OutputDefinition> = {
  snap: snapOutput('snap_allotment', 'money'),
  is_snap_eligible: snapOutput('snap_eligible', 'boolean'),
  snap_gross_income: snapOutput('snap_gross_income', 'money'),
  snap_net_income: snapOutput('snap_net_income', 'money'),
  snap_standard_deduction: snapOutput('snap_standard_deduction', 'money'),
  snap_excess_shelter_expense_deduction: snapOutput('snap_excess_shelter_deduction', 'money'),
  snap_max_allotment: snapOutput('snap_maximum_allotment', 'money'),
  snap_utility_allowance: snapOutput('snap_utility_allowance', 'money'),
  // Net income before the shelter deduction: gross less the other deductions (7 CFR 273.10(e)(1)(i)).
  snap_net_income_pre_shelter: snapOutput('snap_adjusted_income', 'money'),
  // The federal allotment including the minimum for one- and two-person households, before State supplements.
  snap_normal_allotment: snapOutput('snap_federal_allotment', 'money'),
  meets_snap_categorical_eligibility: snapOutput('snap_categorically_eligible', 'boolean'),
  // The SNAP household after excluding ineligible members (7 CFR 273.1(a), 273.11(c)).
  snap_unit_size: snapOutput('snap_household_size', 'count'),
  // Lifeline (47 CFR 54.409, 54.403): PolicyEngine defines these per year on the SPM unit.
  is_lifeline_eligible: { group: 'spm_units', program: 'lifeline', output: 'lifeline_eligible', kind: 'boolean', sameOverYear: true },
  is_lifeline_income_eligible: { group: 'spm_units', program: 'lifeline', output: 'lifeline_income_eligible', kind: 'boolean', sameOverYear: true },
  lifeline: { group: 'spm_units', program: 'lifeline', output: 'lifeline_benefit', kind: 'money' },
  // WIC (7 CFR 246.7): person outputs of the State's WIC package. PolicyEngine defines wic_category per year; its
  // tests also ask is_wic_eligible (per month) for a year: answered when every month gives the same answer.
  is_wic_eligible: { group: 'people', program: 'wic', output: 'wic_eligible', kind: 'boolean', sameOverYear: true },
  wic_category: { group: 'people', program: 'wic', output: 'wic_category', kind: 'category', sameOverYear: true },
};

export const OUTPUTS: Record<string, OutputDefinition> = { ...STATE_PROGRAM_OUTPUTS, ...SCHOOL_MEALS_OUTPUTS, ...HEAD_START_OUTPUTS, ...TAX_CREDIT_OUTPUTS, ...MEDICAID_OUTPUTS };

/** Own-property lookup: request-supplied names such as `constructor` must not reach Object.prototype. */
export function outputDefinition(name: string): OutputDefinition | undefined {
  return Object.hasOwn(OUTPUTS, name) ? OUTPUTS[name] : undefined;
}
