/**
 * One name, two levels (docs/household.md): a fact the household gave at one level that a screened program reads only
 * at the other. The program does not receive it (restrictHousehold) and nothing is inferred across the levels; these
 * words tell the caller so, naming the programs and where to give the fact they read.
 */
import { isObject } from '../../domain/is-object.js';
import { inputAt, readsAt as reads } from '../../domain/household/restrict.js';
import type { JsonValue, ShapeIndex } from '../../domain/household/shape.js';

export interface LevelMember {
  program_id: string;
  index: ShapeIndex;
}

/** A household fact some programs read only per person: they did not use it. */
function householdOnly(name: string, members: readonly LevelMember[]): string | undefined {
  const perPerson = members.filter(({ index }) => !reads(index, index.unit, name) && reads(index, index.person, name)).map((m) => m.program_id);
  if (perPerson.length === 0) return undefined;
  const forHousehold = members.filter(({ index }) => reads(index, index.unit, name)).map((m) => m.program_id);
  return `household.facts.${name} is the household's fact in this screen (${forHousehold.join(', ')} read it for the household); ${perPerson.join(', ')} read ${name} only per person and did not use it: give household.people.<id>.${name} for them.`;
}

/** A person's fact some programs read only for the household, which the household did not give: they used its default. */
function personOnly(name: string, ids: readonly string[], members: readonly LevelMember[]): string | undefined {
  const forHousehold = members.filter(({ index }) => reads(index, index.unit, name) && !reads(index, index.person, name));
  if (forHousehold.length === 0) return undefined;
  const { index } = forHousehold[0];
  const assumed = index.unit ? index.entityFacts.get(index.unit)?.defaults[inputAt(index, index.unit, name) as string] : undefined;
  const used = assumed === undefined ? 'its default' : `its default ${JSON.stringify(assumed)}`;
  return `household.people.${ids.join(', household.people.')}.${name} is a person's fact; ${forHousehold.map((m) => m.program_id).join(', ')} read ${name} only for the household, which household.facts did not give, so they used ${used}, not inferred from the people: give household.facts.${name} for them.`;
}

/** The screen's words for every fact given at a level some of its programs do not read it at. */
export function levelWarnings(screen: ShapeIndex, members: readonly LevelMember[], household: Readonly<Record<string, JsonValue>>): string[] {
  const facts = isObject(household.facts) ? household.facts : {};
  const warnings: string[] = [];
  for (const name of Object.keys(facts)) {
    const words = reads(screen, screen.unit, name) ? householdOnly(name, members) : undefined;
    if (words) warnings.push(words);
  }
  const byName = new Map<string, string[]>();
  for (const [id, person] of Object.entries(isObject(household.people) ? household.people : {})) {
    for (const name of isObject(person) ? Object.keys(person) : []) if (!Object.hasOwn(facts, name)) byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  for (const [name, ids] of byName) {
    const words = personOnly(name, ids, members);
    if (words) warnings.push(words);
  }
  return warnings;
}
