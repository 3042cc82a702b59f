/**
 * Which external (PolicyEngine-US style) variables the compatibility endpoint understands, and how.
 * Inputs become SNAP package household/person inputs (docs/snap-package-contract.md §4); outputs are package
 * outputs. Only variables whose meaning matches the package's are listed; anything else is reported, never guessed.
 */

export type EntityGroup = 'people' | 'tax_units' | 'spm_units' | 'families' | 'households' | 'marital_units';
export const ENTITY_GROUPS: readonly EntityGroup[] = ['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units'];

/** `year`: a bare-year value is an annual amount (a month gets a twelfth); `month`: values are monthly. */
export type DefinitionPeriod = 'year' | 'month';

/** What an input feeds. Money targets are summed over every source that gives a value. */
export type InputTarget =
  | { level: 'person'; slot: 'earned_income' | 'unearned_income' | 'medical_costs'; kind: 'money' }
  | { level: 'person'; slot: 'age'; kind: 'number' }
  | { level: 'person'; slot: 'is_disabled'; kind: 'boolean' }
  | { level: 'unit'; slot: 'shelter_costs' | 'dependent_care_costs' | 'child_support_paid' | 'countable_resources'; kind: 'money' }
  | { level: 'unit'; slot: 'housing_cost_total' | 'childcare_total'; kind: 'money' }
  | { level: 'unit'; slot: 'utility_allowance_type'; kind: 'text' }
  | { level: 'unit'; slot: 'heating_cooling_expense' | 'utility_expense' | 'phone_expense'; kind: 'money' }
  | { level: 'unit'; slot: 'has_heating_cooling_expense' | 'has_phone_expense'; kind: 'boolean' }
  | { level: 'household'; slot: 'is_homeless'; kind: 'boolean' }
  | { level: 'household'; slot: 'state'; kind: 'text' };

export interface InputDefinition {
  group: EntityGroup;
  period: DefinitionPeriod;
  /** Stock values (ages, flags, assets) are never divided across months. */
  stock?: boolean;
  target: InputTarget;
}

const person = (period: DefinitionPeriod, target: InputTarget, stock = false): InputDefinition => ({ group: 'people', period, target, stock });
const unit = (period: DefinitionPeriod, target: InputTarget, stock = false): InputDefinition => ({ group: 'spm_units', period, target, stock });
const household = (target: InputTarget): InputDefinition => ({ group: 'households', period: 'year', target, stock: true });

const EARNED: InputTarget = { level: 'person', slot: 'earned_income', kind: 'money' };
const UNEARNED: InputTarget = { level: 'person', slot: 'unearned_income', kind: 'money' };
const SHELTER: InputTarget = { level: 'unit', slot: 'shelter_costs', kind: 'money' };
const UTILITY: InputTarget = { level: 'unit', slot: 'utility_expense', kind: 'money' };

export const INPUTS: Record<string, InputDefinition> = {
  age: person('year', { level: 'person', slot: 'age', kind: 'number' }, true),
  monthly_age: person('month', { level: 'person', slot: 'age', kind: 'number' }, true),
  is_disabled: person('year', { level: 'person', slot: 'is_disabled', kind: 'boolean' }, true),
  is_usda_disabled: person('year', { level: 'person', slot: 'is_disabled', kind: 'boolean' }, true),
  employment_income: person('year', EARNED),
  self_employment_income: person('year', EARNED),
  social_security: person('year', UNEARNED),
  social_security_retirement: person('year', UNEARNED),
  social_security_disability: person('year', UNEARNED),
  social_security_survivors: person('year', UNEARNED),
  social_security_dependents: person('year', UNEARNED),
  ssi: person('month', UNEARNED),
  unemployment_compensation: person('year', UNEARNED),
  pension_income: person('year', UNEARNED),
  alimony_income: person('year', UNEARNED),
  child_support_received: person('year', UNEARNED),
  workers_compensation: person('year', UNEARNED),
  veterans_benefits: person('year', UNEARNED),
  dividend_income: person('year', UNEARNED),
  interest_income: person('year', UNEARNED),
  rental_income: person('year', UNEARNED),
  medical_out_of_pocket_expenses: person('year', { level: 'person', slot: 'medical_costs', kind: 'money' }),
  rent: person('year', SHELTER),
  real_estate_taxes: person('year', SHELTER),
  child_support_expense: person('year', { level: 'unit', slot: 'child_support_paid', kind: 'money' }),
  pre_subsidy_childcare_expenses: person('year', { level: 'unit', slot: 'dependent_care_costs', kind: 'money' }),
  homeowners_insurance: unit('year', SHELTER),
  housing_cost: unit('year', { level: 'unit', slot: 'housing_cost_total', kind: 'money' }),
  childcare_expenses: unit('year', { level: 'unit', slot: 'childcare_total', kind: 'money' }),
  snap_assets: unit('year', { level: 'unit', slot: 'countable_resources', kind: 'money' }, true),
  spm_unit_assets: unit('year', { level: 'unit', slot: 'countable_resources', kind: 'money' }, true),
  snap_utility_allowance_type: unit('month', { level: 'unit', slot: 'utility_allowance_type', kind: 'text' }, true),
  heating_cooling_expense: unit('year', { level: 'unit', slot: 'heating_cooling_expense', kind: 'money' }),
  has_heating_cooling_expense: unit('year', { level: 'unit', slot: 'has_heating_cooling_expense', kind: 'boolean' }, true),
  electricity_expense: unit('year', UTILITY),
  gas_expense: unit('year', UTILITY),
  water_expense: unit('year', UTILITY),
  trash_expense: unit('year', UTILITY),
  sewage_expense: unit('year', UTILITY),
  phone_expense: unit('year', { level: 'unit', slot: 'phone_expense', kind: 'money' }),
  has_phone_expense: unit('year', { level: 'unit', slot: 'has_phone_expense', kind: 'boolean' }, true),
  is_homeless: household({ level: 'household', slot: 'is_homeless', kind: 'boolean' }),
  state_code: household({ level: 'household', slot: 'state', kind: 'text' }),
  state_code_str: household({ level: 'household', slot: 'state', kind: 'text' }),
  state_name: household({ level: 'household', slot: 'state', kind: 'text' }),
};

/** Keys of an entity that are structure, not variables. */
export const STRUCTURAL_KEYS = new Set(['members']);

export interface OutputDefinition {
  group: EntityGroup;
  /** Canonical output of the SNAP package. */
  output: string;
  /** money: monthly dollars, summed over the months of a bare-year key; boolean: monthly only. */
  kind: 'money' | 'boolean';
}

export const SNAP_PROGRAM_ID = 'snap';

export const OUTPUTS: Record<string, OutputDefinition> = {
  snap: { group: 'spm_units', output: 'snap_allotment', kind: 'money' },
  is_snap_eligible: { group: 'spm_units', output: 'snap_eligible', kind: 'boolean' },
  snap_gross_income: { group: 'spm_units', output: 'snap_gross_income', kind: 'money' },
  snap_net_income: { group: 'spm_units', output: 'snap_net_income', kind: 'money' },
  snap_standard_deduction: { group: 'spm_units', output: 'snap_standard_deduction', kind: 'money' },
  snap_excess_shelter_expense_deduction: { group: 'spm_units', output: 'snap_excess_shelter_deduction', kind: 'money' },
  snap_max_allotment: { group: 'spm_units', output: 'snap_maximum_allotment', kind: 'money' },
  snap_utility_allowance: { group: 'spm_units', output: 'snap_utility_allowance', kind: 'money' },
};

/**
 * External utility allowance types -> the package's `utility_type`. IUA (an individual allowance for one utility)
 * has no package equivalent: a unit declaring it is reported unsupported rather than computed with another allowance.
 */
export const UTILITY_TYPES: Record<string, string> = { SUA: 'heating_cooling', LUA: 'limited', TUA: 'telephone', NONE: 'none' };

/** The first month the bundled SNAP packages have figures for (FY2024; docs/snap-package-contract.md §5). */
export const FIRST_MONTH = '2023-10';

/** Own-property lookups: request-supplied names such as `constructor` must not reach Object.prototype. */
export function inputDefinition(name: string): InputDefinition | undefined {
  return Object.hasOwn(INPUTS, name) ? INPUTS[name] : undefined;
}

export function outputDefinition(name: string): OutputDefinition | undefined {
  return Object.hasOwn(OUTPUTS, name) ? OUTPUTS[name] : undefined;
}

export function utilityTypeOf(allowanceType: string): string | undefined {
  return Object.hasOwn(UTILITY_TYPES, allowanceType) ? UTILITY_TYPES[allowanceType] : undefined;
}
