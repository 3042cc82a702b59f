/**
 * Why a PolicyEngine input is not used. Every input the endpoint does not read is listed in tenet.unsupported
 * with one of these reasons, so a migrating partner can see which facts of the household did not count.
 */
import type { IgnoredInput } from './readings.js';
import { inputDefinition, STRUCTURAL_KEYS, type EntityGroup } from './variables.js';
import type { WireEntity, WireHousehold } from './wire.js';

const PERSON_ELIGIBILITY: Array<[RegExp, string]> = [
  [/immigration|alien|_citizen/, 'no Tenet equivalent: non-citizen eligibility (7 CFR 273.4) is read from immigration_status (the packages\' citizenship_status)'],
  [/college_student|higher_ed|_student$|student_|work_study/, 'no Tenet equivalent: the student rules (7 CFR 273.5) read is_full_time_college_student, is_part_time_college_student and the exemption inputs of docs/compatibility.md'],
  [/abawd|work_requirement|work_registration|work_program|workfare|is_parent|has_applied_for_unemployment|substance_use|complying_with_tanf_work|work_exception|parent_exception/,
    'no Tenet equivalent: the work rules (7 CFR 273.7, 273.24) read meets_snap_abawd_work_requirements, meets_snap_general_work_requirements, is_snap_work_registration_noncompliant and the exemption flags of docs/compatibility.md'],
  [/^lives_in_vehicle$/, 'no Tenet equivalent: give is_homeless for a household without a fixed home (7 CFR 271.2)'],
  [/vehicle/, 'not mapped: Tenet reads vehicles from household_vehicles_value and household_vehicles_owned (one vehicle; 7 CFR 273.8(f)); see docs/compatibility.md'],
];

const OTHER: Array<[RegExp, string]> = [
  [/^takes_up_snap_if_eligible$/, 'take-up is not modelled: Tenet computes the entitlement'],
  [/^(county_fips|county_str|county|zip_code|in_la|in_riv|in_ala)$/, 'the package locates the household by its State (and snap_utility_region where a State has several regions); finer geography is not read'],
  [/^is_tax_unit_|^tax_unit_/, 'tax-unit roles do not enter the SNAP calculation here: the SNAP household is the SPM unit and its members (the EITC and CTC read them when one of their variables is computed)'],
  [/snap|_sua$|utility_allowance|utility_region/, 'an intermediate of PolicyEngine\'s own SNAP computation: Tenet computes the SNAP values from the household\'s facts and does not accept this one as given'],
  [/^fcc_fpg_ratio$|^lifeline_/, 'an intermediate of PolicyEngine\'s own Lifeline computation: Tenet computes Lifeline from the household\'s facts and does not accept this one as given'],
  [/^is_rural$/, 'PolicyEngine gives the $25 Tribal lands support only in rural areas; 47 CFR 54.403(a)(3) and USAC describe it for residents of Tribal lands (is_on_tribal_land) with no rural condition the packages read'],
  [/^is_mother$/, 'the WIC packages place a woman after pregnancy by months_postpartum (months since the pregnancy ended: postpartum under 6, breastfeeding under 12; 7 CFR 246.2), which PolicyEngine does not state; give it through POST /v1/calculate'],
  [/wic/, 'PolicyEngine\'s own WIC intermediate, receipt or take-up: Tenet computes WIC eligibility from the household\'s facts (is_pregnant, is_breastfeeding, is_wic_at_nutritional_risk, incomes, program receipt) and does not accept this one as given'],
  [/eitc|ctc/, 'PolicyEngine\'s own EITC or CTC intermediate: Tenet computes the credits from the tax unit\'s facts (roles, ages, incomes, identification, filing status; docs/compatibility.md) and does not accept this one as given'],
  [/school_meal/, 'an intermediate of PolicyEngine\'s own school meals computation: Tenet computes the tier from the household\'s facts (incomes, SNAP, TANF and FDPIR receipt, is_in_k12_school) and does not accept this one as given'],
  [/^is_runaway_child$|^is_migratory_child$/, 'a child\'s own status makes that child free (42 U.S.C. 1758(b)(12)(A)), which the school meals packages apply to the child\'s tier (person outputs of POST /v1/calculate), not to the SPM unit\'s tier this endpoint answers'],
  [/ccdf/, 'a child care subsidy (CCDF) input: no Tenet package computes child care assistance, and none of the programs this endpoint computes reads it'],
  [/^head_start_uses_discretionary_income_limit$/, 'a Head Start program\'s option to enrol families between 100% and 130% of the guideline (45 CFR 1302.12(d)): the packages report that band apart (head_start_income_within_allowance) and never call it eligibility'],
  [/^head_start_applies_housing_cost_adjustment$|^head_start_housing_cost$/, 'the housing cost adjustment of 45 CFR 1302.12(i)(1)(ii) is a Head Start program\'s option, not encoded by the packages'],
  [/head_start/, 'PolicyEngine\'s own Head Start intermediate: Tenet computes Head Start eligibility from the household\'s facts and does not accept this one as given (head_start, an amount given, is read for Lifeline)'],
  [/tanf|ssi|medicaid|chip|liheap|lifeline|housing_assistance/, 'another program\'s variable: this endpoint reads another program only as an amount or receipt given (ssi, tanf, snap, medicaid_enrolled, fdpir, head_start)'],
];

/** The reason an input of `group` named `name` is not read (it has no mapping, or belongs to another group). */
export function unusedReason(name: string, group: EntityGroup, expectedGroup?: EntityGroup): string {
  if (expectedGroup !== undefined && expectedGroup !== group) {
    return `ignored: ${name} is read on ${expectedGroup}, not on ${group}; move it to the ${expectedGroup} entity`;
  }
  for (const [pattern, reason] of [...PERSON_ELIGIBILITY, ...OTHER]) if (pattern.test(name)) return `ignored: ${reason}`;
  return `ignored: ${name} is not read by Tenet's SNAP, Lifeline, WIC, school meals, Head Start, EITC, CTC or Medicaid calculation (no mapping; see docs/compatibility.md for the inputs used)`;
}

export interface UnusedInput extends IgnoredInput {
  period: null;
}

/** Mapped inputs given a value (any period) that no computed unit-month read, with the reason. */
export function unreadInputs(wire: WireHousehold, read: ReadonlySet<string>, computed: boolean): UnusedInput[] {
  const reason = !computed
    ? 'ignored: nothing was computed (no SNAP, Lifeline, WIC, school meals, Head Start, EITC, CTC, Medicaid or CHIP value was requested with a period key, or none could be computed)'
    : 'ignored: no value for the month(s) computed, or the entity is not part of a computed SPM unit and its household';
  const out: UnusedInput[] = [];
  for (const { group, id, name, value } of wireInputs(wire)) {
    const def = inputDefinition(name);
    if (def === undefined || def.group !== group || isRequest(value) || read.has(readKey(group, id, name))) continue;
    const why = computed && def.target.level === 'lifeline'
      ? 'ignored: read only when a Lifeline variable (is_lifeline_eligible, is_lifeline_income_eligible, lifeline) is computed for the unit'
      : computed && def.target.level === 'wic'
        ? 'ignored: read only when a WIC variable (is_wic_eligible, wic_category) is computed for a member of the unit'
        : computed && def.target.level === 'school_meals'
          ? 'ignored: read only when a school meals variable (school_meal_tier, school_meal_countable_income) is computed for the unit; for SNAP the exclusion of an elementary or secondary school student\'s earnings (7 U.S.C. 2014(d)(7); 7 CFR 273.9(c)(7)) is not modelled by the packages: leave such earnings out of the household'
          : reason;
    out.push({ entity_group: group, entity_id: id, variable: name, period: null, reason: why });
  }
  return out;
}

export function readKey(group: EntityGroup, id: string, name: string): string {
  return `${group}\u0000${id}\u0000${name}`;
}

function isRequest(value: unknown): boolean {
  return value === null || (typeof value === 'object' && value !== null && Object.values(value).every((v) => v === null));
}

/** Non-null inputs the endpoint has no mapping for (or that sit on the wrong entity group), with the reason. */
export function unmappedInputs(wire: WireHousehold): UnusedInput[] {
  const out: UnusedInput[] = [];
  for (const { group, id, name, value } of wireInputs(wire)) {
    if (STRUCTURAL_KEYS.has(name) || isRequest(value)) continue;
    const def = inputDefinition(name);
    if (def !== undefined && def.group === group) continue;
    out.push({ entity_group: group, entity_id: id, variable: name, period: null, reason: unusedReason(name, group, def?.group) });
  }
  return out;
}

/** Every value of the household, with its entity group, entity id and input name. */
function* wireInputs(wire: WireHousehold): Generator<{ group: EntityGroup; id: string; name: string; value: unknown }> {
  for (const [group, entities] of Object.entries(wire) as Array<[EntityGroup, Record<string, WireEntity>]>) {
    for (const [id, entity] of Object.entries(entities)) for (const [name, value] of Object.entries(entity)) yield { group, id, name, value };
  }
}
