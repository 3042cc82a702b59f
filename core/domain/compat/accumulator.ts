/**
 * The state of one PolicyEngine-unit translation (translate.ts), shared by the steps that read the unit: what the
 * package declares, the accumulator the steps fill, and how an input left out is recorded.
 */
import type { IgnoredInput, Reading } from './readings.js';
import type { UtilityKind } from './variables.js';

/** What the package declares, so only inputs it knows are sent. */
export interface PackageInputs {
  jurisdiction: string;
  /** Household and person alias names of the package. */
  inputs: ReadonlySet<string>;
}

export const cents = (n: number): number => Math.round(n * 100) / 100;

/** Mutable per-translation accumulator (local to one call). */
export interface Accumulator {
  people: Record<string, Record<string, unknown>>;
  unit: Record<string, number>;
  flags: Record<string, boolean>;
  texts: Record<string, string>;
  utilities: Set<UtilityKind>;
  /** Utilities whose expense was given as 0 (or has_phone_expense false): not paid, for the `pays_*` facts. */
  unpaidUtilities: Set<UtilityKind>;
  elderlyByFlag: Set<string>;
  ssiReported: Map<string, Reading>;
  usesReportedSsi: Set<string>;
  weeklyHours: Map<string, Reading>;
  /** Members whose work-rule outcome PolicyEngine states directly (hours then decide nothing more). */
  workRulesStated: Set<string>;
  /** vehicleFacts sent a vehicle value to the package. */
  vehicleGiven: boolean;
  month: string;
  ignored: IgnoredInput[];
  notes: string[];
}

export function ignore(acc: Accumulator, r: Reading, reason: string): void {
  acc.ignored.push({ entity_group: r.group, entity_id: r.entityId, variable: r.name, reason: `ignored: ${reason}` });
}

export function addTo(record: Record<string, unknown>, slot: string, amount: number): void {
  record[slot] = cents(((record[slot] as number | undefined) ?? 0) + amount);
}
