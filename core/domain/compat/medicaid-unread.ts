/**
 * What a Medicaid unit gives that the State Medicaid package does not read (medicaid-unit.ts translates the rest),
 * each with why. Inputs that cannot change a MAGI result for that person say "changes nothing here"
 * (docs/compatibility.md, "Medicaid and CHIP"); the others say what the packages do not compute.
 */
import type { IgnoredInput } from './readings.js';
import type { MedicaidUnit } from './medicaid-unit.js';
import type { EntityGroup } from './variables.js';
import type { WireEntity, WireHousehold } from './wire.js';

const ROLES = new Set(['is_tax_unit_head', 'is_tax_unit_spouse', 'is_tax_unit_dependent', 'is_tax_unit_head_or_spouse', 'tax_unit_is_joint', 'filing_status']);
const NOT_AN_INPUT = 'ignored by Medicaid and CHIP: not an input of the Medicaid packages (docs/compatibility.md lists the inputs they read)';

const first = (value: unknown): unknown => (value !== null && typeof value === 'object' ? Object.values(value)[0] : value);
const isRequest = (value: unknown): boolean => value === null || (typeof value === 'object' && value !== null && Object.values(value).every((v) => v === null));

/** A person who can only be in a MAGI group: under 65, not blind or disabled, not receiving SSI. */
function magiOnly(person: WireEntity): boolean {
  const age = first(person.age);
  return (typeof age !== 'number' || age < 65) && first(person.is_disabled) !== true && first(person.is_blind) !== true && !((first(person.ssi) as number) > 0);
}

/**
 * Roles agree with the package's reading of the unit (every member one MAGI household, the adults 19-64 its parents or
 * caretakers): no dependant of 19 or over, no head or spouse under 19.
 */
function rolesAgree(wire: WireHousehold, members: string[]): boolean {
  return members.every((pid) => {
    const p = wire.people?.[pid] ?? {};
    const age = first(p.age);
    const adult = typeof age !== 'number' || age >= 19;
    const dependant = first(p.is_tax_unit_dependent) === true || first(p.is_tax_unit_head_or_spouse) === false;
    const filer = first(p.is_tax_unit_head) === true || first(p.is_tax_unit_spouse) === true || first(p.is_tax_unit_head_or_spouse) === true;
    return !(dependant && adult) && !(filer && !adult);
  });
}

function personReason(name: string, value: unknown, person: WireEntity, rolesOk: boolean): string {
  const v = first(value);
  if (ROLES.has(name)) {
    return rolesOk
      ? 'ignored by Medicaid and CHIP: the package takes the unit\'s members as one MAGI household (42 CFR 435.603(f)) and its adults 19-64 as parents or caretakers of a child under 18 listed; these roles agree with that: it changes nothing here'
      : 'ignored by Medicaid and CHIP: the package takes the unit\'s members as one MAGI household and every adult 19-64 as a parent or caretaker of a child under 18 listed; these roles say otherwise (an adult dependant, or a filer under 19)';
  }
  if (name === 'is_aca_eshi_eligible') return 'ignored by Medicaid and CHIP: an offer of employer coverage is the premium tax credit\'s test (26 U.S.C. 36B(c)(2)(C)), not a Medicaid or CHIP one; it changes nothing here';
  if (name === 'is_medicare_eligible') {
    return v === false
      ? 'ignored by Medicaid and CHIP: false changes nothing here (the packages take no Medicare entitlement)'
      : 'ignored by Medicaid and CHIP: the adult group excludes people entitled to Medicare (42 CFR 435.119(b)), which the packages do not read';
  }
  if (name === 'is_disabled' || name === 'is_blind' || name === 'meets_ssi_disability_criteria') {
    return v === false
      ? 'ignored by Medicaid and CHIP: false changes nothing here (the MAGI groups do not depend on disability)'
      : 'ignored by Medicaid and CHIP: the SSI-linked, aged, blind and disabled groups are not computed (docs/medicaid-coverage.md)';
  }
  if (['ssi_countable_resources', 'ssi', 'medicare_quarters_of_coverage', 'receives_ssi'].includes(name)) {
    return magiOnly(person) && !(name === 'ssi' && (v as number) > 0) && !(name === 'receives_ssi' && v === true)
      ? 'ignored by Medicaid and CHIP: a fact of the SSI-linked, aged, blind and disabled groups, which cannot apply to a person under 65 who is not blind or disabled; the MAGI groups have no resource test (42 CFR 435.603(g)); it changes nothing here'
      : 'ignored by Medicaid and CHIP: the SSI-linked, aged, blind and disabled groups are not computed (docs/medicaid-coverage.md)';
  }
  return NOT_AN_INPUT;
}

/** The inputs of the unit, its members and their household the translation did not read or ignore, with the reason. */
export function notReadByMedicaid(wire: WireHousehold, unit: MedicaidUnit, seen: ReadonlySet<string>): IgnoredInput[] {
  const out: IgnoredInput[] = [];
  const add = (group: EntityGroup, id: string, name: string, value: unknown, reason: string): void => {
    if (name === 'members' || isRequest(value) || seen.has(`${group}\u0000${id}\u0000${name}`)) return;
    out.push({ entity_group: group, entity_id: id, variable: name, reason });
  };
  const rolesOk = rolesAgree(wire, unit.members);
  for (const pid of unit.members) {
    const person = wire.people?.[pid] ?? {};
    for (const [name, value] of Object.entries(person)) add('people', pid, name, value, personReason(name, value, person, rolesOk));
  }
  for (const [name, value] of Object.entries(wire[unit.group]?.[unit.id] ?? {})) add(unit.group, unit.id, name, value, ROLES.has(name) ? personReason(name, value, {}, rolesOk) : NOT_AN_INPUT);
  return out;
}
