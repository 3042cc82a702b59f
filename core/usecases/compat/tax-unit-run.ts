/**
 * One tax unit for one tax year through a federal credit package (`us/eitc` or `us/ctc`): the translation
 * (core/domain/compat/tax-unit.ts), the calculation, and what the run reports back to the request. A year the
 * package does not cover, or a unit it cannot take, gives the reason instead of failing the request.
 */
import { ServiceError } from '../../domain/errors.js';
import type { IgnoredInput } from '../../domain/compat/readings.js';
import type { TaxProgram } from '../../domain/compat/tax-credits.js';
import { translateTaxUnit } from '../../domain/compat/tax-unit.js';
import { notReadByCredits } from '../../domain/compat/tax-unit-unread.js';
import type { WireHousehold } from '../../domain/compat/wire.js';
import type { CalculateResponse } from '../../ports/calculator.js';

/** The federal packages' jurisdiction. */
const FEDERAL = 'us';

export interface TaxRunDeps {
  findPackage(program: TaxProgram, jurisdiction: string): unknown;
  calculate(program: TaxProgram, jurisdiction: string, household: Record<string, unknown>, outputs: string[]): Promise<CalculateResponse>;
}

/** What a run with its own translation (the credits, Medicaid) reports back to the request. */
export interface DirectRunSink {
  /** An input the run read (group, id, name as a read key). */
  used(group: IgnoredInput['entity_group'], id: string, name: string): void;
  /** An input the run did not read, with why (kept when no other run read it). */
  notRead(entry: IgnoredInput): void;
  warn(text: string): void;
}

export async function runTaxUnit(
  wire: WireHousehold, unitId: string, year: string, program: TaxProgram, outputs: string[], deps: TaxRunDeps, sink: DirectRunSink,
): Promise<{ response: CalculateResponse; jurisdiction: string } | { reason: string }> {
  if (deps.findPackage(program, FEDERAL) === undefined) return { reason: `no executable ${program.toUpperCase()} package for ${FEDERAL}` };
  let translation;
  try {
    translation = translateTaxUnit(wire, unitId, year, program);
  } catch (error) {
    if (error instanceof TypeError) throw new ServiceError('invalid_household', error.message);
    throw error;
  }
  if (!translation.ok) return { reason: translation.reason };
  for (const u of translation.used) sink.used(u.group, u.id, u.name);
  for (const entry of [...translation.ignored, ...notReadByCredits(wire, unitId, translation)]) sink.notRead(entry);
  for (const note of translation.notes) sink.warn(note);
  try {
    return { response: await deps.calculate(program, FEDERAL, translation.household, outputs), jurisdiction: FEDERAL };
  } catch (error) {
    // The package refuses a year it does not cover, or a household it cannot take: the value is not computed.
    if (error instanceof ServiceError && error.code === 'invalid_household') return { reason: `us/${program}: ${error.message}` };
    throw error;
  }
}
