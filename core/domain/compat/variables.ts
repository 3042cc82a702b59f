/**
 * Which PolicyEngine-US variables the compatibility endpoint understands, and how. Inputs become SNAP package
 * household/person inputs (docs/snap-package-contract.md §4); outputs are package outputs. Only variables whose
 * meaning matches the package's are listed; anything else is reported in tenet.unsupported, never guessed.
 * docs/compatibility.md has the table in words, with the PolicyEngine formula each mapping follows.
 */

import { TAX_ASSUMED_SOURCES } from './tax-credits.js';

import type { DefinitionPeriod, EntityGroup } from './entity-groups.js';

export { ENTITY_GROUPS, type DefinitionPeriod, type EntityGroup } from './entity-groups.js';

/** Utilities counted for the allowance type (7 CFR 273.9(d)(6)(iii)); phone is one of them. */
export type UtilityKind = 'electricity' | 'gas' | 'water' | 'trash' | 'sewage' | 'phone';

/** What an input feeds. Money targets are summed over every source that gives a value. */
export type InputTarget =
  | { level: 'person'; slot: 'earned_income' | 'unearned_income' | 'medical_costs'; kind: 'money' }
  /** Non-farm self-employment: a loss is not offset against other income (7 CFR 273.11(a)(2)(ii)). */
  | { level: 'person'; slot: 'self_employment_income'; kind: 'money' }
  | { level: 'person'; slot: 'age'; kind: 'number' }
  | { level: 'person'; slot: 'is_disabled' | 'is_elderly' | 'receives_ssi' | 'uses_reported_ssi'; kind: 'boolean' }
  /**
   * A person-level package fact (docs/snap-package-contract.md §8), sent only to a package that declares the alias.
   * `values` converts the PolicyEngine value (as a string: `true`, `UNDOCUMENTED`) to the fact's value; a value
   * without an entry sets nothing. Boolean facts fed by several inputs are true when any sets true. `before`: the
   * conversion applies only to months before this one (an exemption the law removed).
   */
  | { level: 'person'; slot: 'fact'; alias: string; kind: 'boolean' | 'text'; values: Record<string, string | boolean>; before?: string }
  /** Hours worked a week: a higher-education student working 20 hours is exempt (7 CFR 273.5(b)(5)). */
  | { level: 'person'; slot: 'weekly_hours'; kind: 'number' }
  /** Self-employment costs of the unit, shared among its self-employed members in proportion to receipts. */
  | { level: 'unit'; slot: 'self_employment_costs'; kind: 'money' }
  | { level: 'unit'; slot: 'shelter_costs' | 'dependent_care_costs' | 'child_support_paid' | 'countable_resources' | 'unearned_income'; kind: 'money' }
  | { level: 'unit'; slot: 'household_size' | 'utility_count'; kind: 'number' }
  | { level: 'unit'; slot: 'has_elderly_or_disabled_member' | 'receives_tanf' | 'has_heating_cooling_expense' | 'has_phone_expense'; kind: 'boolean' }
  | { level: 'unit'; slot: 'utility_allowance_type'; kind: 'text' }
  | { level: 'unit'; slot: 'heating_cooling_expense'; kind: 'money' }
  | { level: 'unit'; slot: 'utility_expense'; utility: UtilityKind; kind: 'money' }
  | { level: 'household'; slot: 'is_homeless'; kind: 'boolean' }
  /** The total fair market value of the household's vehicles, and their number (7 CFR 273.8(f); translate.ts vehicleFacts). */
  | { level: 'household'; slot: 'vehicles_value'; kind: 'money' }
  | { level: 'household'; slot: 'vehicles_owned'; kind: 'number' }
  | { level: 'household'; slot: 'state' | 'snap_region' | 'federal_region'; kind: 'text' }
  /**
   * A Lifeline fact of the SPM unit (lifeline.ts), read only when a Lifeline variable is computed: `boolean` a flag,
   * `presence` an amount or a flag (true when positive or true), `money` a monthly amount.
   */
  | { level: 'lifeline'; slot: 'lifeline'; fact: string; kind: 'boolean' | 'presence' | 'money' }
  /** A WIC fact of a person (wic.ts), read only when a WIC variable is computed. */
  | { level: 'wic'; slot: 'wic'; kind: 'boolean' | 'number' }
  /** A school meals fact of a person (school-meals.ts), read only when a school meals variable is computed. */
  | { level: 'school_meals'; slot: 'school_meals'; kind: 'boolean' };

/**
 * Several PolicyEngine variables give the same quantity at different stages (a total and its parts, a figure and
 * the pre-subsidy figure it is computed from). Sources sharing a `key` are alternatives: the highest `rank` given
 * wins, as PolicyEngine uses a given variable instead of computing it; the others are reported as ignored.
 * Person-level targets choose per person, unit-level targets per SPM unit (over the unit and its members).
 */
export interface SourceRank {
  key: string;
  rank: number;
}

export interface InputDefinition {
  group: EntityGroup;
  period: DefinitionPeriod;
  /** Stock values (ages, flags, assets) are never divided across months. */
  stock?: boolean;
  target: InputTarget;
  source?: SourceRank;
  /** Alternative sets this total replaces outright when given (housing_cost replaces rent and the other shelter parts). */
  replaces?: string[];
}

type Options = { stock?: boolean; source?: SourceRank; replaces?: string[] };
const define = (group: EntityGroup, period: DefinitionPeriod, target: InputTarget, options: Options = {}): InputDefinition => ({ group, period, target, ...options });
const person = (period: DefinitionPeriod, target: InputTarget, options?: Options): InputDefinition => define('people', period, target, options);
const unit = (period: DefinitionPeriod, target: InputTarget, options?: Options): InputDefinition => define('spm_units', period, target, options);
const household = (target: InputTarget): InputDefinition => define('households', 'year', target, { stock: true });
const rank = (key: string, n: number, stock = false): Options => ({ source: { key, rank: n }, stock });

const EARNED: InputTarget = { level: 'person', slot: 'earned_income', kind: 'money' };
const SELF_EMPLOYED: InputTarget = { level: 'person', slot: 'self_employment_income', kind: 'money' };
const UNEARNED: InputTarget = { level: 'person', slot: 'unearned_income', kind: 'money' };
const MEDICAL: InputTarget = { level: 'person', slot: 'medical_costs', kind: 'money' };
const DISABLED: InputTarget = { level: 'person', slot: 'is_disabled', kind: 'boolean' };
const SHELTER: InputTarget = { level: 'unit', slot: 'shelter_costs', kind: 'money' };
const CARE: InputTarget = { level: 'unit', slot: 'dependent_care_costs', kind: 'money' };
const RESOURCES: InputTarget = { level: 'unit', slot: 'countable_resources', kind: 'money' };
const utility = (kind: UtilityKind): InputTarget => ({ level: 'unit', slot: 'utility_expense', utility: kind, kind: 'money' });

/** Unearned sources PolicyEngine's SNAP counts (parameter gov.usda.snap.income.sources.unearned, 7 CFR 273.9(b)(2)). */
const UNEARNED_SOURCES = [
  'general_assistance', 'veterans_benefits', 'unemployment_compensation', 'disability_benefits', 'workers_compensation',
  'survivor_benefits', 'retirement_distributions', 'rental_income', 'child_support_received', 'alimony_income',
  'dividend_income', 'interest_income', 'financial_assistance', 'miscellaneous_income',
];

const lifeline = (fact: string, kind: 'boolean' | 'presence' | 'money'): InputTarget => ({ level: 'lifeline', slot: 'lifeline', fact, kind });

export const INPUTS: Record<string, InputDefinition> = {
  age: person('year', { level: 'person', slot: 'age', kind: 'number' }, rank('age', 0, true)),
  monthly_age: person('month', { level: 'person', slot: 'age', kind: 'number' }, rank('age', 1, true)),
  is_disabled: person('year', DISABLED, { stock: true }),
  is_usda_disabled: person('year', DISABLED, { stock: true }),
  is_blind: person('year', DISABLED, { stock: true }),
  is_usda_elderly: person('year', { level: 'person', slot: 'is_elderly', kind: 'boolean' }, { stock: true }),
  // Wages: PolicyEngine's employment_income is employment_income_before_lsr plus a labour-supply response that is
  // zero without a behavioural reform, so the _before_lsr input is the wage itself; a given employment_income wins.
  employment_income_before_lsr: person('year', EARNED, rank('wages', 0)),
  employment_income: person('year', EARNED, rank('wages', 1)),
  // PolicyEngine's SNAP reads self-employment from the _before_lsr inputs; self_employment_income is the same
  // amount after the (zero) labour-supply response and is used only when the _before_lsr input is absent.
  self_employment_income: person('year', SELF_EMPLOYED, rank('self_employment', 0)),
  self_employment_income_before_lsr: person('year', SELF_EMPLOYED, rank('self_employment', 1)),
  sstb_self_employment_income_before_lsr: person('year', SELF_EMPLOYED),
  social_security_retirement: person('year', UNEARNED, rank('social_security', 0)),
  social_security_disability: person('year', UNEARNED, rank('social_security', 0)),
  social_security_survivors: person('year', UNEARNED, rank('social_security', 0)),
  social_security_dependents: person('year', UNEARNED, rank('social_security', 0)),
  social_security: person('year', UNEARNED, rank('social_security', 1)),
  taxable_pension_income: person('year', UNEARNED, rank('pension', 0)),
  tax_exempt_pension_income: person('year', UNEARNED, rank('pension', 0)),
  pension_income: person('year', UNEARNED, rank('pension', 1)),
  ssi_reported: person('year', UNEARNED, rank('ssi', 0)),
  ssi: person('month', UNEARNED, rank('ssi', 1)),
  use_reported_ssi: person('year', { level: 'person', slot: 'uses_reported_ssi', kind: 'boolean' }, { stock: true }),
  receives_ssi: person('month', { level: 'person', slot: 'receives_ssi', kind: 'boolean' }, { stock: true }),
  ...Object.fromEntries(UNEARNED_SOURCES.map((name) => [name, person('year', UNEARNED)])),
  // medical_out_of_pocket_expenses is the total of these parts in PolicyEngine.
  health_insurance_premiums: person('year', MEDICAL, rank('medical', 0)),
  over_the_counter_health_expenses: person('year', MEDICAL, rank('medical', 0)),
  other_medical_expenses: person('year', MEDICAL, rank('medical', 0)),
  medical_out_of_pocket_expenses: person('year', MEDICAL, rank('medical', 1)),
  pre_subsidy_rent: person('year', SHELTER, rank('rent', 0)),
  rent: person('year', SHELTER, rank('rent', 1)),
  real_estate_taxes: person('year', SHELTER, rank('shelter', 0)),
  mortgage_payments: unit('year', SHELTER, rank('shelter', 0)),
  homeowners_insurance: unit('year', SHELTER, rank('shelter', 0)),
  homeowners_association_fees: unit('year', SHELTER, rank('shelter', 0)),
  // housing_cost is PolicyEngine's total of rent, taxes, mortgage, insurance and fees: given, it replaces them.
  housing_cost: unit('year', SHELTER, { replaces: ['rent', 'shelter'] }),
  child_support_expense: person('year', { level: 'unit', slot: 'child_support_paid', kind: 'money' }),
  pre_subsidy_childcare_expenses: person('year', CARE, rank('childcare', 0)),
  spm_unit_pre_subsidy_childcare_expenses: unit('year', CARE, rank('childcare', 1)),
  childcare_expenses: unit('year', CARE, rank('childcare', 2)),
  // SNAP countable resources: PolicyEngine's snap_assets (7 CFR 273.8(c)(1) liquid resources), its unit totals, or
  // the liquid assets of the members.
  bank_account_assets: person('year', RESOURCES, rank('assets', 0, true)),
  stock_assets: person('year', RESOURCES, rank('assets', 0, true)),
  bond_assets: person('year', RESOURCES, rank('assets', 0, true)),
  spm_unit_cash_assets: unit('year', RESOURCES, rank('assets', 1, true)),
  spm_unit_assets: unit('year', RESOURCES, rank('assets', 2, true)),
  snap_assets: unit('year', RESOURCES, rank('assets', 3, true)),
  snap_self_employment_income_expense: unit('year', { level: 'unit', slot: 'self_employment_costs', kind: 'money' }),
  tanf: unit('year', { level: 'unit', slot: 'unearned_income', kind: 'money' }),
  receives_tanf: unit('month', { level: 'unit', slot: 'receives_tanf', kind: 'boolean' }, { stock: true }),
  is_tanf_enrolled: unit('month', { level: 'unit', slot: 'receives_tanf', kind: 'boolean' }, { stock: true }),
  spm_unit_size: unit('year', { level: 'unit', slot: 'household_size', kind: 'number' }, { stock: true }),
  has_snap_elderly_disabled_member: unit('month', { level: 'unit', slot: 'has_elderly_or_disabled_member', kind: 'boolean' }, { stock: true }),
  has_usda_elderly_disabled: unit('year', { level: 'unit', slot: 'has_elderly_or_disabled_member', kind: 'boolean' }, { stock: true }),
  snap_utility_allowance_type: unit('month', { level: 'unit', slot: 'utility_allowance_type', kind: 'text' }, { stock: true }),
  heating_cooling_expense: unit('year', { level: 'unit', slot: 'heating_cooling_expense', kind: 'money' }),
  has_heating_cooling_expense: unit('year', { level: 'unit', slot: 'has_heating_cooling_expense', kind: 'boolean' }, { stock: true }),
  pre_subsidy_electricity_expense: unit('year', utility('electricity'), rank('electricity', 0)),
  electricity_expense: unit('year', utility('electricity'), rank('electricity', 1)),
  gas_expense: unit('year', utility('gas')),
  water_expense: unit('year', utility('water')),
  trash_expense: unit('year', utility('trash')),
  sewage_expense: unit('year', utility('sewage')),
  phone_cost: unit('year', utility('phone'), rank('phone', 0)),
  phone_expense: unit('year', utility('phone'), rank('phone', 1)),
  has_phone_expense: unit('year', { level: 'unit', slot: 'has_phone_expense', kind: 'boolean' }, { stock: true }),
  count_distinct_utility_expenses: unit('year', { level: 'unit', slot: 'utility_count', kind: 'number' }, { stock: true }),
  is_homeless: household({ level: 'household', slot: 'is_homeless', kind: 'boolean' }),
  household_vehicles_value: household({ level: 'household', slot: 'vehicles_value', kind: 'money' }),
  household_vehicles_owned: household({ level: 'household', slot: 'vehicles_owned', kind: 'number' }),
  state_code: household({ level: 'household', slot: 'state', kind: 'text' }),
  state_code_str: household({ level: 'household', slot: 'state', kind: 'text' }),
  state_name: household({ level: 'household', slot: 'state', kind: 'text' }),
  snap_utility_region: household({ level: 'household', slot: 'snap_region', kind: 'text' }),
  snap_utility_region_str: household({ level: 'household', slot: 'snap_region', kind: 'text' }),
  snap_region_str: household({ level: 'household', slot: 'federal_region', kind: 'text' }),
  state_group: household({ level: 'household', slot: 'federal_region', kind: 'text' }),
  state_group_str: household({ level: 'household', slot: 'federal_region', kind: 'text' }),
  // Lifeline (47 CFR 54.409; lifeline.ts): receipt of the qualifying programs as PolicyEngine reads it (a given
  // amount above 0, or the reported flag), Tribal lands, and the service prices that cap the benefit. receives_ssi and
  // ssi are read from their SNAP readings; phone_cost from its utility reading.
  receives_snap: unit('month', lifeline('receives_snap', 'boolean'), { stock: true }),
  snap: unit('month', lifeline('receives_snap', 'presence'), { stock: true }),
  medicaid_enrolled: person('year', lifeline('receives_medicaid', 'boolean'), { stock: true }),
  receives_medicaid: person('year', lifeline('receives_medicaid', 'boolean'), { stock: true }),
  is_on_tribal_land: household(lifeline('tribal_land', 'boolean')),
  fdpir: unit('year', lifeline('receives_fdpir', 'presence'), { stock: true }),
  head_start: person('year', lifeline('receives_head_start_income_qualified', 'presence'), { stock: true }),
  broadband_cost: unit('year', lifeline('broadband_cost', 'money')),
  // WIC (7 CFR 246.7(c); wic.ts): is_pregnant and medicaid_enrolled are read from their SNAP and Lifeline readings.
  is_breastfeeding: person('year', { level: 'wic', slot: 'wic', kind: 'boolean' }, { stock: true }),
  is_wic_at_nutritional_risk: person('month', { level: 'wic', slot: 'wic', kind: 'boolean' }, { stock: true }),
  current_pregnancies: person('year', { level: 'wic', slot: 'wic', kind: 'number' }, { stock: true }),
  // School meals (7 CFR 245.6; school-meals.ts): enrolment; receipt of SNAP, TANF and FDPIR is read from the readings above.
  is_in_k12_school: person('year', { level: 'school_meals', slot: 'school_meals', kind: 'boolean' }, { stock: true }),
};

/**
 * Person-level eligibility facts of the bundled packages (docs/snap-package-contract.md, "Person-level
 * eligibility facts"), keyed by PolicyEngine variable. Each is passed only to a package that declares the alias;
 * for any other package the input is reported unsupported.
 */
const flag = (alias: string, values: Record<string, boolean>, before?: string): InputTarget => ({ level: 'person', slot: 'fact', alias, kind: 'boolean', values, before });
const IF_TRUE = { true: true };

/**
 * PolicyEngine immigration statuses -> `citizenship_status`. PolicyEngine counts every lawful permanent resident as
 * eligible (no five-year wait or 40 quarters); refugees, asylees and withholding of deportation are the humanitarian
 * categories of 8 U.S.C. 1612(a)(2)(A) (ineligible from Pub. L. 119-21 sec. 10108, which the rules apply by date).
 */
// Not qualified aliens (8 U.S.C. 1641(b)): the State's 7 CFR 273.11(c)(3)(i) option may count all their income, so
// they map to undocumented_or_temporary; parolees and conditional entrants are qualified (pro rata).
export const CITIZENSHIP: Record<string, string> = {
  CITIZEN: 'citizen',
  LEGAL_PERMANENT_RESIDENT: 'eligible_noncitizen',
  CUBAN_HAITIAN_ENTRANT: 'eligible_noncitizen',
  REFUGEE: 'refugee_or_asylee',
  ASYLEE: 'refugee_or_asylee',
  DEPORTATION_WITHHELD: 'refugee_or_asylee',
  CONDITIONAL_ENTRANT: 'ineligible_noncitizen',
  PAROLED_ONE_YEAR: 'ineligible_noncitizen',
  DACA: 'undocumented_or_temporary',
  TPS: 'undocumented_or_temporary',
  DACA_TPS: 'undocumented_or_temporary',
  UNDOCUMENTED: 'undocumented_or_temporary',
};

/** Pub. L. 119-21 sec. 10102 ended the homeless, veteran and former-foster-youth ABAWD exemptions on enactment. */
const SEC_10102_FROM = '2025-07';

export const PERSON_FACTS: Record<string, InputDefinition> = {
  immigration_status_str: person('year', { level: 'person', slot: 'fact', alias: 'citizenship_status', kind: 'text', values: CITIZENSHIP }, rank('immigration', 0, true)),
  immigration_status: person('year', { level: 'person', slot: 'fact', alias: 'citizenship_status', kind: 'text', values: CITIZENSHIP }, rank('immigration', 1, true)),
  is_full_time_college_student: person('year', flag('is_higher_ed_student', IF_TRUE), { stock: true }),
  is_part_time_college_student: person('year', flag('is_higher_ed_student', IF_TRUE), { stock: true }),
  // PolicyEngine's conclusion that the member is an ineligible student (18-49, not disabled, no exemption): the
  // rules reach the same conclusion from is_higher_ed_student without an exemption.
  is_snap_ineligible_student: person('year', flag('is_higher_ed_student', IF_TRUE), { stock: true }),
  is_federal_work_study_participant: person('year', flag('student_exemption', IF_TRUE), { stock: true }),
  is_snap_employment_training_student: person('year', flag('student_exemption', IF_TRUE), { stock: true }),
  is_snap_work_incentive_student: person('year', flag('student_exemption', IF_TRUE), { stock: true }),
  weekly_hours_worked_before_lsr: person('year', { level: 'person', slot: 'weekly_hours', kind: 'number' }, rank('hours', 0, true)),
  weekly_hours_worked: person('year', { level: 'person', slot: 'weekly_hours', kind: 'number' }, rank('hours', 1, true)),
  is_pregnant: person('year', flag('abawd_exempt', IF_TRUE), { stock: true }),
  is_incapable_of_self_care: person('year', flag('abawd_exempt', IF_TRUE), { stock: true }),
  is_snap_abawd_indian_exempt: person('year', flag('abawd_exempt', IF_TRUE), { stock: true }),
  is_snap_abawd_discretionary_exempt: person('year', flag('abawd_exempt', IF_TRUE), { stock: true }),
  is_veteran: person('year', flag('abawd_exempt', IF_TRUE, SEC_10102_FROM), { stock: true }),
  was_in_foster_care: person('year', flag('abawd_exempt', IF_TRUE, SEC_10102_FROM), { stock: true }),
  // PolicyEngine makes an ABAWD who does not meet the work requirement ineligible at once (it counts no months).
  meets_snap_abawd_work_requirements: person('month', flag('abawd_time_limit_exhausted', { false: true }), { stock: true }),
  meets_snap_general_work_requirements: person('month', flag('work_rule_disqualified', { false: true }), { stock: true }),
  is_snap_work_registration_noncompliant: person('month', flag('work_rule_disqualified', IF_TRUE), { stock: true }),
};

/**
 * For tenet.assumptions: the PolicyEngine variable through which a caller gives a package input the calculation
 * assumed (a material default, docs/calculation.md "Assumptions"), and the entity group it is given on. Giving it
 * settles the fact either way (translate.ts: a flag's other value states the fact false). Package inputs absent
 * here have no PolicyEngine variable this endpoint reads: a member's own share of shelter, dependent care or child
 * support costs (PolicyEngine's are added up for the unit), the head of household's work-rule disqualification,
 * and a second or third vehicle. Where several variables feed one input (docs/compatibility.md lists them), one is
 * named: the one a household most directly states the fact with.
 */
export const ASSUMED_INPUT_SOURCES: Record<string, { group: EntityGroup; variable: string }> = {
  age: { group: 'people', variable: 'age' },
  is_disabled: { group: 'people', variable: 'is_disabled' },
  citizenship_status: { group: 'people', variable: 'immigration_status' },
  is_higher_ed_student: { group: 'people', variable: 'is_full_time_college_student' },
  abawd_time_limit_exhausted: { group: 'people', variable: 'meets_snap_abawd_work_requirements' },
  work_rule_disqualified: { group: 'people', variable: 'meets_snap_general_work_requirements' },
  countable_resources: { group: 'spm_units', variable: 'snap_assets' },
  vehicle_fair_market_value: { group: 'households', variable: 'household_vehicles_value' },
  pays_electricity: { group: 'spm_units', variable: 'electricity_expense' },
  pays_gas_or_fuel: { group: 'spm_units', variable: 'gas_expense' },
  pays_water: { group: 'spm_units', variable: 'water_expense' },
  pays_sewage: { group: 'spm_units', variable: 'sewage_expense' },
  pays_trash: { group: 'spm_units', variable: 'trash_expense' },
  pays_telephone: { group: 'spm_units', variable: 'phone_expense' },
  // Lifeline (lifeline.ts). The receipt facts are the household's (any member); PolicyEngine gives Medicaid, SSI and
  // Head Start on the person who receives them.
  receives_snap: { group: 'spm_units', variable: 'receives_snap' },
  receives_medicaid: { group: 'people', variable: 'medicaid_enrolled' },
  receives_ssi: { group: 'people', variable: 'receives_ssi' },
  receives_head_start_income_qualified: { group: 'people', variable: 'head_start' },
  receives_fdpir: { group: 'spm_units', variable: 'fdpir' },
  tribal_land: { group: 'households', variable: 'is_on_tribal_land' },
  // WIC (wic.ts).
  is_pregnant: { group: 'people', variable: 'is_pregnant' },
  is_breastfeeding: { group: 'people', variable: 'is_breastfeeding' },
  nutritional_risk: { group: 'people', variable: 'is_wic_at_nutritional_risk' },
  expected_children_count: { group: 'people', variable: 'current_pregnancies' },
  // School meals and Head Start (school-meals.ts, head-start.ts).
  is_in_school: { group: 'people', variable: 'is_in_k12_school' },
  is_in_foster_care: { group: 'people', variable: 'was_in_foster_care' },
  receives_tanf: { group: 'spm_units', variable: 'receives_tanf' },
};

/** Own-property lookup of ASSUMED_INPUT_SOURCES and the credits' (package input names come from the package, but stay safe). */
export function assumedInputSource(input: string): { group: EntityGroup; variable: string } | undefined {
  if (Object.hasOwn(ASSUMED_INPUT_SOURCES, input)) return ASSUMED_INPUT_SOURCES[input];
  // The credits' facts (tax-credits.ts), stated on the tax unit and its members.
  return Object.hasOwn(TAX_ASSUMED_SOURCES, input) ? TAX_ASSUMED_SOURCES[input] : undefined;
}

/** Keys of an entity that are structure, not variables. */
export const STRUCTURAL_KEYS = new Set(['members']);

// The outputs the endpoint computes live in outputs.ts (one table per program family); re-exported for the registry's users.

/**
 * PolicyEngine utility allowance types -> the package's `utility_type`. IUA (PolicyEngine's individual utility
 * allowance) is the package's `single_utility`: the State's individual standard for the one utility other than
 * heating/cooling and telephone the household pays (7 CFR 273.9(d)(6)(iii)(A)(1)). PolicyEngine's IUA amount is not
 * that: it adds every individual standard of the State (docs/compatibility.md), so the figures can differ.
 */
export const UTILITY_TYPES: Record<string, string> = { SUA: 'heating_cooling', LUA: 'limited', TUA: 'telephone', IUA: 'single_utility', NONE: 'none' };

/** PolicyEngine's utility expense -> the package's `single_utility_kind` (a State whose standards differ by utility). */
export const SINGLE_UTILITY_KINDS: Partial<Record<UtilityKind, string>> = {
  electricity: 'electricity', gas: 'gas_or_fuel', water: 'water', sewage: 'sewage', trash: 'trash',
};

/** PolicyEngine's SNAP utility regions -> package `snap_region` codes where a State has several sets of figures. */
export const SNAP_REGIONS: Record<string, string> = {
  AK_C: 'central', AK_N: 'northern', AK_NW: 'northwest', AK_SC: 'southcentral', AK_SE: 'southeast', AK_SW: 'southwest',
  NY_NYC: 'nyc', NY_NAS: 'nassau_suffolk', NY_ONY: 'rest_of_state',
};

/** The first month the bundled SNAP and Lifeline packages have figures for (FY2024; docs/snap-package-contract.md §5). */
export const FIRST_MONTH = '2023-10';

/** Own-property lookups: request-supplied names such as `constructor` must not reach Object.prototype. */
export function inputDefinition(name: string): InputDefinition | undefined {
  if (Object.hasOwn(INPUTS, name)) return INPUTS[name];
  return Object.hasOwn(PERSON_FACTS, name) ? PERSON_FACTS[name] : undefined;
}

export function utilityTypeOf(allowanceType: string): string | undefined {
  return Object.hasOwn(UTILITY_TYPES, allowanceType) ? UTILITY_TYPES[allowanceType] : undefined;
}

export function snapRegionOf(region: string): string | undefined {
  return Object.hasOwn(SNAP_REGIONS, region) ? SNAP_REGIONS[region] : undefined;
}
