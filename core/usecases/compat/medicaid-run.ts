/**
 * One Medicaid unit (the tax unit listing the person, else the SPM unit) in one month through the State's Medicaid
 * package: the translation (core/domain/compat/medicaid-unit.ts), the calculation, and what the run reports back. A
 * month the package does not cover, or a unit it cannot take, gives the reason instead of failing the request.
 */
import { ServiceError } from '../../domain/errors.js';
import { MEDICAID_PROGRAM_ID } from '../../domain/compat/medicaid.js';
import { translateMedicaidUnit, type MedicaidUnit } from '../../domain/compat/medicaid-unit.js';
import { notReadByMedicaid } from '../../domain/compat/medicaid-unread.js';
import { jurisdictionOf } from '../../domain/compat/states.js';
import type { WireHousehold } from '../../domain/compat/wire.js';
import type { CalculateResponse } from '../../ports/calculator.js';
import type { DirectRunSink } from './tax-unit-run.js';

export interface MedicaidRunDeps {
  findPackage(program: typeof MEDICAID_PROGRAM_ID, jurisdiction: string): { inputs: ReadonlySet<string> } | undefined;
  calculate(program: typeof MEDICAID_PROGRAM_ID, jurisdiction: string, household: Record<string, unknown>, outputs: string[]): Promise<CalculateResponse>;
}

/** The person outputs answer the requests; the household outputs asked for make the package evaluate both programs. */
const OUTPUTS = ['medicaid_any_eligible', 'chip_any_eligible'];

export async function runMedicaidUnit(wire: WireHousehold, unit: MedicaidUnit, month: string, deps: MedicaidRunDeps, sink: DirectRunSink): Promise<{ response: CalculateResponse; jurisdiction: string } | { reason: string }> {
  let translation;
  try {
    translation = translateMedicaidUnit(wire, unit, month);
  } catch (error) {
    if (error instanceof TypeError) throw new ServiceError('invalid_household', error.message);
    throw error;
  }
  if (!translation.ok) return { reason: translation.reason };
  const jurisdiction = jurisdictionOf(translation.state);
  const pkg = deps.findPackage(MEDICAID_PROGRAM_ID, jurisdiction);
  if (pkg === undefined) return { reason: `no executable Medicaid package for ${jurisdiction}` };
  const seen = new Set([...translation.used.map((u) => `${u.group}\u0000${u.id}\u0000${u.name}`), ...translation.ignored.map((i) => `${i.entity_group}\u0000${i.entity_id}\u0000${i.variable}`)]);
  for (const u of translation.used) sink.used(u.group, u.id, u.name);
  for (const entry of [...translation.ignored, ...notReadByMedicaid(wire, unit, seen)]) sink.notRead(entry);
  for (const note of translation.notes) sink.warn(note);
  const keep = (record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(record).filter(([name]) => pkg.inputs.has(name)));
  const household = { ...translation.household, people: Object.fromEntries(Object.entries(translation.household.people).map(([id, p]) => [id, keep(p)])) };
  try {
    return { response: await deps.calculate(MEDICAID_PROGRAM_ID, jurisdiction, household, OUTPUTS), jurisdiction };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'invalid_household') return { reason: `${jurisdiction}/medicaid: ${error.message}` };
    throw error;
  }
}
