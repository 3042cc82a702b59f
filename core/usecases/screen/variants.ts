/**
 * The variants of one household a screen evaluates (docs/screening.md "Undetermined" and "Next questions"): for each
 * fact a program's answer assumed, the household with that fact set to each other plausible value. Booleans take the
 * other value; closed text inputs every other listed value; an amount or a count the ends of its range (below), or,
 * for a fact swept exactly (./fact-sweep.ts), the values at which its sweep found an extreme or a status.
 */
import { isObject } from '../../domain/is-object.js';
import type { Assumption } from '../../domain/household/assumptions.js';
import type { JsonValue, PackageInput, ShapeIndex } from '../../domain/household/shape.js';

/** Amounts tried for a numeric fact of another kind than money or an integer (none is bundled): none, and $100,000. */
export const NUMERIC_PROBES: readonly number[] = [0, 100_000];
/** The top of a money fact's range: past every limit the bundled programs test, and the most a combined sweep covers in cents (10,000,000 steps). */
export const MONEY_RANGE_TO = 100_000;
/** How far above its minimum an integer without a declared maximum ranges (every bundled one declares it). */
export const COUNT_RANGE_SPAN = 100;

/** The values a numeric fact not given can take, both ends included, on its grid. */
export interface FactRange {
  from: number;
  to: number;
  /** 0.01 (a cent) for money, 1 for an integer. */
  step: number;
  /** Why this range, in words. */
  basis: string;
}

/** The documented range of a money or integer fact (docs/screening.md "What to ask next"); undefined for another kind. */
export function factRange(input: PackageInput): FactRange | undefined {
  const dtype = input.dtype.toLowerCase();
  if (dtype === 'money') {
    const from = Math.max(0, input.minimum ?? 0);
    const to = Math.min(MONEY_RANGE_TO, input.maximum ?? MONEY_RANGE_TO);
    const per = input.unit?.includes('per month') ? ' a month' : input.unit?.includes('per year') ? ' a year' : '';
    return to > from ? { from, to, step: 0.01, basis: `an amount of money: ${from} to ${to}${per}, to the cent, past every limit the programs test` } : undefined;
  }
  if (dtype === 'integer') {
    const from = input.minimum ?? 0;
    const declared = input.maximum !== undefined;
    const to = declared ? (input.maximum as number) : from + COUNT_RANGE_SPAN;
    return to > from ? { from, to, step: 1, basis: declared ? `a whole number: its declared range, ${from} to ${to}` : `a whole number with no declared maximum: ${from} to ${to}` } : undefined;
  }
  return undefined;
}

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
    const range = input ? factRange(input) : undefined;
    if (range) return [range.from, range.to].filter((v) => v !== assumed);
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

export const factKey = (input: string, entityId: string): string => `${entityId}\u0000${input}`;

/** The variants of one fact at the values given (the assumed value left out: the base evaluation has it). */
export function variantsAt(assumption: Pick<Assumption, 'input' | 'entity_id' | 'assumed_value'>, household: Readonly<Record<string, JsonValue>>, values: readonly JsonValue[]): Variant[] {
  return values
    .filter((v) => v !== assumption.assumed_value)
    .map((value) => {
      const set = withFact(household, assumption.input, assumption.entity_id, value);
      return { input: assumption.input, entity_id: assumption.entity_id, where: set.where, value, household: set.household };
    });
}

/** One variant per assumed fact and plausible value, each fact once however many programs assumed it. */
export function variantsOf(assumptions: readonly Assumption[], household: Readonly<Record<string, JsonValue>>, index: ShapeIndex): Variant[] {
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const assumption of assumptions) {
    const key = factKey(assumption.input, assumption.entity_id);
    if (seen.has(key)) continue;
    seen.add(key);
    variants.push(...variantsAt(assumption, household, plausibleValues(inputOf(index, assumption.input), assumption.assumed_value)));
  }
  return variants;
}
