/**
 * A program's facts of one SPM unit in one month, read from the unit's kept readings (translate.ts `kept`) and added
 * to its SNAP translation for that program's run (school-meals.ts, head-start.ts). Read as PolicyEngine reads them:
 * a program counts as received when its amount given is above 0 or its flag is true; a flag given with the other value
 * states the fact false, so it is not reported as assumed. Only facts the package reads are sent.
 */
import type { Reading } from './readings.js';

/** Package fact <- the PolicyEngine variables that state it. */
export type FactSources = ReadonlyArray<readonly [string, readonly string[]]>;

export interface ProgramFactSources {
  /** Household facts: true when any reading of the unit, its members or its household is. */
  unit: FactSources;
  /** Person flags: true when any of the person's readings is. */
  person: FactSources;
  /** Person amounts: the sum of the person's readings (monthly, as read). */
  amounts?: FactSources;
  /** Person flags stated once for the household (PolicyEngine's is_homeless), given to every member. */
  everyMember?: FactSources;
}

export interface ProgramFacts {
  facts: Record<string, unknown>;
  people: Record<string, Record<string, unknown>>;
}

const positive = (r: Reading): boolean => r.value === true || (typeof r.value === 'number' && r.value > 0);
const cents = (n: number): number => Math.round(n * 100) / 100;

/** Every PolicyEngine variable the sources read (the run reads these inputs, for tenet.unsupported). */
export function sourceNames(sources: ProgramFactSources): Set<string> {
  const all = [...sources.unit, ...sources.person, ...(sources.amounts ?? []), ...(sources.everyMember ?? [])];
  return new Set(all.flatMap(([, names]) => names));
}

export function programFacts(kept: readonly Reading[], inputs: ReadonlySet<string>, members: readonly string[], sources: ProgramFactSources): ProgramFacts {
  const facts: Record<string, unknown> = {};
  for (const [fact, names] of sources.unit) {
    const given = kept.filter((r) => names.includes(r.name));
    if (given.length > 0 && inputs.has(fact)) facts[fact] = given.some(positive);
  }
  const people: Record<string, Record<string, unknown>> = {};
  const set = (pid: string, fact: string, value: unknown): void => void ((people[pid] ??= {})[fact] = value);
  for (const [fact, names] of sources.person) {
    if (!inputs.has(fact)) continue;
    for (const r of kept.filter((k) => k.group === 'people' && names.includes(k.name))) set(r.entityId, fact, people[r.entityId]?.[fact] === true || positive(r));
  }
  for (const [fact, names] of sources.amounts ?? []) {
    if (!inputs.has(fact)) continue;
    for (const r of kept.filter((k) => k.group === 'people' && names.includes(k.name) && typeof k.value === 'number')) {
      set(r.entityId, fact, cents(((people[r.entityId]?.[fact] as number | undefined) ?? 0) + (r.value as number)));
    }
  }
  for (const [fact, names] of sources.everyMember ?? []) {
    const given = kept.filter((r) => r.group !== 'people' && names.includes(r.name));
    if (given.length === 0 || !inputs.has(fact)) continue;
    for (const pid of members) set(pid, fact, given.some(positive));
  }
  return { facts, people };
}
