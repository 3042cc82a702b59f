/**
 * The Lifeline facts of one SPM unit in one month (docs/compatibility.md, "Lifeline"), added to the SNAP translation
 * of the same unit (translate.ts) when a Lifeline variable is computed: the Lifeline package reads the SNAP facts for
 * its SNAP link and these for 47 CFR 54.409 and 54.403. Read as PolicyEngine reads them: a program counts as received
 * when its amount given is above 0 or its reported flag is true (PolicyEngine's Lifeline programs: snap or
 * receives_snap, medicaid_enrolled, ssi or receives_ssi); a fact given with the other value states it false, so it
 * is not reported as assumed. Not given, the package's default applies and tenet.assumptions says so (SNAP receipt:
 * inferred from the SNAP eligibility the State's SNAP package computes).
 */
import type { Reading } from './readings.js';
import type { PackageInputs } from './accumulator.js';

export interface LifelineFacts {
  facts: Record<string, unknown>;
  notes: string[];
}

/** PolicyEngine variables -> the Lifeline package fact they state (true when any is true or positive). */
const SOURCES: Array<[string, string[]]> = [
  ['receives_snap', ['receives_snap', 'snap']],
  ['receives_medicaid', ['medicaid_enrolled', 'receives_medicaid']],
  ['receives_ssi', ['receives_ssi', 'ssi']],
  ['tribal_land', ['is_on_tribal_land']],
  ['receives_fdpir', ['fdpir']],
  ['receives_head_start_income_qualified', ['head_start']],
];

const positive = (r: Reading): boolean => r.value === true || (typeof r.value === 'number' && r.value > 0);
const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * The unit's Lifeline facts from its kept readings (translate.ts `kept`, the unit's members, the unit and its
 * household). The telephone and broadband prices are always sent: PolicyEngine's lifeline is at most
 * phone_cost + broadband_cost, each 0 unless given, so a unit giving neither gets 0 there, and here too.
 */
export function lifelineFacts(kept: readonly Reading[], pkg: PackageInputs): LifelineFacts {
  const facts: Record<string, unknown> = {};
  for (const [fact, names] of SOURCES) {
    const given = kept.filter((r) => names.includes(r.name));
    if (given.length > 0 && pkg.inputs.has(fact)) facts[fact] = given.some(positive);
  }
  const amount = (name: string): number | undefined => {
    const given = kept.filter((r) => r.name === name && typeof r.value === 'number');
    return given.length === 0 ? undefined : cents(given.reduce((a, r) => a + (r.value as number), 0));
  };
  const phone = amount('phone_cost');
  const broadband = amount('broadband_cost');
  facts.phone_cost = phone ?? 0;
  facts.broadband_cost = broadband ?? 0;
  const notes: string[] = [];
  if (phone === undefined && broadband === undefined) {
    notes.push('Lifeline amount: neither phone_cost nor broadband_cost was given, so lifeline is 0 as in PolicyEngine (the benefit is at most the price of the service, 47 CFR 54.403(b), and PolicyEngine\'s prices default to 0); POST /v1/calculate gives the full support amount when no price is given.');
  }
  return { facts, notes };
}
