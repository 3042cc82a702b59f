/**
 * A household restricted to the facts one package reads. A screen takes one household for several programs; each
 * program's own answer (its assumptions, the property that it equals POST /v1/calculate of that program) is made
 * from the facts that program accepts, as a caller calculating it alone would send them.
 */
import { isObject } from '../is-object.js';
import type { JsonValue, ShapeIndex } from './shape.js';

const accepts = (index: ShapeIndex, name: string): boolean => index.inputEntities.has(index.aliases.get(name) ?? name);

function keep(index: ShapeIndex, facts: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(facts)) return facts;
  return Object.fromEntries(Object.entries(facts).filter(([name]) => accepts(index, name))) as JsonValue;
}

export function restrictHousehold(index: ShapeIndex, household: Readonly<Record<string, JsonValue>>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { ...household };
  if (household.facts !== undefined) out.facts = keep(index, household.facts) ?? null;
  if (isObject(household.people)) {
    out.people = Object.fromEntries(Object.entries(household.people).map(([id, facts]) => [id, keep(index, facts as JsonValue) ?? null])) as JsonValue;
  }
  return out;
}
