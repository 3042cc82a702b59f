/**
 * The variants of one household a screen evaluates (docs/screening.md "Undetermined" and "Next questions"): for each
 * fact a program's answer assumed, the household with that fact set to each other plausible value. Booleans take the
 * other value; closed text inputs every other listed value; numbers the probes below.
 */
import { isObject } from '../../domain/is-object.js';
import type { Assumption } from '../../domain/household/assumptions.js';
import type { JsonValue, PackageInput, ShapeIndex } from '../../domain/household/shape.js';

/** Amounts tried for a numeric fact not given (USD or a count): none, and more than any limit the programs test. */
export const NUMERIC_PROBES: readonly number[] = [0, 100_000];

export interface Variant {
  /** The fact as the caller names it, and whose it is. */
  input: string;
  entity_id: string;
  /** Where the caller gives it (`household.facts.x`, `household.people.<id>.x`). */
  where: string;
  value: JsonValue;
  household: Record<string, JsonValue>;
}

/** The package input a caller's name stands for (its dtype, closed values, docs), if the shape declares it. */
export function inputOf(index: ShapeIndex, name: string): PackageInput | undefined {
  const canonical = index.aliases.get(name) ?? name;
  for (const entity of index.inputEntities.get(canonical) ?? []) {
    const input = index.entityFacts.get(entity)?.byName.get(canonical);
    if (input) return input;
  }
  return undefined;
}

export function plausibleValues(input: PackageInput | undefined, assumed: JsonValue): JsonValue[] {
  if (typeof assumed === 'boolean') return [!assumed];
  if (input?.values && input.values.length > 0) return input.values.filter((v) => v !== assumed);
  if (typeof assumed === 'number') {
    const within = (v: number) => (input?.minimum === undefined || v >= input.minimum) && (input?.maximum === undefined || v <= input.maximum);
    return NUMERIC_PROBES.filter((v) => v !== assumed && within(v));
  }
  return [];
}

/** The household with one fact set: a person's when the id is a listed person, else the household's. */
export function withFact(household: Readonly<Record<string, JsonValue>>, input: string, entityId: string, value: JsonValue): { household: Record<string, JsonValue>; where: string } {
  const people = isObject(household.people) ? (household.people as Record<string, JsonValue>) : undefined;
  if (people && Object.hasOwn(people, entityId) && isObject(people[entityId])) {
    const person = { ...(people[entityId] as Record<string, JsonValue>), [input]: value };
    return { household: { ...household, people: { ...people, [entityId]: person } }, where: `household.people.${entityId}.${input}` };
  }
  const facts = isObject(household.facts) ? (household.facts as Record<string, JsonValue>) : {};
  return { household: { ...household, facts: { ...facts, [input]: value } }, where: `household.facts.${input}` };
}

/** One variant per assumed fact and plausible value, each fact once however many programs assumed it. */
export function variantsOf(assumptions: readonly Assumption[], household: Readonly<Record<string, JsonValue>>, index: ShapeIndex): Variant[] {
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const assumption of assumptions) {
    const key = `${assumption.entity_id}\u0000${assumption.input}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const value of plausibleValues(inputOf(index, assumption.input), assumption.assumed_value)) {
      const set = withFact(household, assumption.input, assumption.entity_id, value);
      variants.push({ input: assumption.input, entity_id: assumption.entity_id, where: set.where, value, household: set.household });
    }
  }
  return variants;
}
