/**
 * What a tax unit gives that the credit packages do not read (tax-unit.ts translates the rest), each with why; the
 * reasons of inputs that cannot change a credit say "changes nothing here" (docs/compatibility.md, "The EITC and the CTC").
 */
import type { IgnoredInput } from './readings.js';
import type { TaxUnitTranslation } from './tax-unit.js';
import type { EntityGroup } from './variables.js';
import { membersOf, type WireHousehold } from './wire.js';

/** Facts of the child and dependent care credit (26 U.S.C. 21), which is not computed. */
const CARE_CREDIT_INPUTS = new Set([
  'childcare_expenses', 'spm_unit_pre_subsidy_childcare_expenses', 'tax_unit_childcare_expenses', 'pre_subsidy_childcare_expenses', 'care_expenses', 'is_incapable_of_self_care',
]);
// The care credit is allowed before the CTC's non-refundable part (24(b)(3)): it lowers the tax the CTC can use, so
// the CTC's split (and with the refundable cap, its value) can differ; the EITC does not depend on it.
const CARE_CREDIT_REASON = 'ignored by the EITC and CTC: a fact of the child and dependent care credit (26 U.S.C. 21), which is not computed; that credit reduces the tax liability that limits the non-refundable CTC (24(b)(3)), so the CTC\'s parts can differ from a calculation that computes it';

/** Why the credits do not read a person's input the unit gives (the unread ones that could matter say so). */
function personReason(name: string, value: unknown): string {
  if (CARE_CREDIT_INPUTS.has(name)) return CARE_CREDIT_REASON;
  if (name === 'is_disabled') {
    return value === false
      ? 'ignored by the EITC and CTC: false changes nothing here (they read is_permanently_and_totally_disabled, 26 U.S.C. 22(e)(3), false unless given)'
      : 'ignored by the EITC and CTC: they read is_permanently_and_totally_disabled (26 U.S.C. 22(e)(3)), a narrower condition: state it';
  }
  if (name === 'immigration_status' || name === 'immigration_status_str') {
    return value === 'CITIZEN'
      ? 'ignored by the EITC and CTC: they read identification (ssn_card_type), not immigration status; CITIZEN changes nothing here (a valid SSN is taken unless ssn_card_type says otherwise, listed in tenet.assumptions)'
      : 'ignored by the EITC and CTC: they read identification (ssn_card_type), not immigration status: give ssn_card_type';
  }
  return 'ignored by the EITC and CTC: not an input of the credit packages (docs/compatibility.md lists the inputs they read)';
}

const STATE_INPUTS = ['state_code', 'state_code_str', 'state_name'];

/**
 * The inputs of the tax unit, its members and their household the translation did not read or ignore, with the reason
 * (the caller keeps only those no other program's run read).
 */
export function notReadByCredits(wire: WireHousehold, unitId: string, translation: Extract<TaxUnitTranslation, { ok: true }>): IgnoredInput[] {
  const seen = new Set([...translation.used.map((u) => `${u.group}\u0000${u.id}\u0000${u.name}`), ...translation.ignored.map((i) => `${i.entity_group}\u0000${i.entity_id}\u0000${i.variable}`)]);
  const out: IgnoredInput[] = [];
  const add = (group: EntityGroup, id: string, name: string, reason: string, value?: unknown): void => {
    if (name === 'members' || isRequest(value) || seen.has(`${group}\u0000${id}\u0000${name}`)) return;
    out.push({ entity_group: group, entity_id: id, variable: name, reason });
  };
  const members = Object.keys(translation.household.people);
  for (const pid of members) {
    for (const [name, value] of Object.entries(wire.people?.[pid] ?? {})) add('people', pid, name, personReason(name, firstValue(value)), value);
  }
  for (const [name, value] of Object.entries(wire.tax_units?.[unitId] ?? {})) {
    add('tax_units', unitId, name, CARE_CREDIT_INPUTS.has(name) ? CARE_CREDIT_REASON : 'ignored by the EITC and CTC: not an input of the credit packages (docs/compatibility.md lists the inputs they read)', value);
  }
  // The SPM units of the members: only the care credit's expenses are answered here (the rest are SNAP's inputs).
  for (const [id, unit] of Object.entries(wire.spm_units ?? {})) {
    if (!(membersOf(unit) ?? members).some((m) => members.includes(m))) continue;
    for (const [name, value] of Object.entries(unit)) if (CARE_CREDIT_INPUTS.has(name)) add('spm_units', id, name, CARE_CREDIT_REASON, value);
  }
  for (const [id, household] of Object.entries(wire.households ?? {})) {
    if (!(membersOf(household) ?? members).some((m) => members.includes(m))) continue;
    for (const name of STATE_INPUTS) if (Object.hasOwn(household, name)) add('households', id, name, 'ignored by the EITC and CTC: the federal credits do not depend on the State (State credits are not computed)');
  }
  return out;
}

const firstValue = (value: unknown): unknown => (value !== null && typeof value === 'object' ? Object.values(value)[0] : value);

/** A requested value (null, or nulls under period keys): an output, not an input. */
const isRequest = (value: unknown): boolean => value === null || (typeof value === 'object' && value !== null && Object.values(value).every((v) => v === null));
