/**
 * A household restricted to the facts one package reads. A screen takes one household for several programs; each
 * program's own answer (its assumptions, the property that it equals POST /v1/calculate of that program) is made
 * from the facts that program accepts, as a caller calculating it alone would send them.
 *
 * A fact is kept at the level it was given only if the package reads it at that level, as mapping would place it:
 * `facts` on the unit entity, else given to every person; `people.<id>` on the person entity; the first of
 * `spm_units` on the unit entity; `entities.<Kind>` on that entity. One name can be two facts at two levels
 * (`is_homeless`: the SNAP household's, and a person's for school meals and Head Start; docs/household.md "One name,
 * two levels"): a program reading only the household's never receives a person's.
 */
import { isObject } from '../is-object.js';
import type { JsonValue, PackageEntity, ShapeIndex } from './shape.js';

/** The input `entity` reads under `name`, resolved as mapping resolves it (the entity's own aliases first), if any. */
export function inputAt(index: ShapeIndex, entity: PackageEntity | undefined, name: string): string | undefined {
  if (entity === undefined) return undefined;
  const own = entity.aliases !== undefined && Object.hasOwn(entity.aliases, name) ? entity.aliases[name] : undefined;
  const canonical = own ?? index.aliases.get(name) ?? name;
  return index.entityFacts.get(entity)?.byName.has(canonical) ? canonical : undefined;
}

export const readsAt = (index: ShapeIndex, entity: PackageEntity | undefined, name: string): boolean => inputAt(index, entity, name) !== undefined;

function keep(facts: JsonValue | undefined, read: (name: string) => boolean): JsonValue | undefined {
  if (!isObject(facts)) return facts;
  return Object.fromEntries(Object.entries(facts).filter(([name]) => read(name))) as JsonValue;
}

/** Each id's facts restricted to what `entity` reads. */
function keepEach(index: ShapeIndex, entity: PackageEntity | undefined, byId: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(byId)) return byId;
  return Object.fromEntries(Object.entries(byId).map(([id, facts]) => [id, keep(facts as JsonValue, (name) => readsAt(index, entity, name)) ?? null])) as JsonValue;
}

/** `entities` restricted to the kinds the package has, each to what that entity reads. */
function keepEntities(index: ShapeIndex, entities: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(entities)) return entities;
  const kinds = Object.entries(entities).flatMap(([kind, byId]) => {
    const entity = index.shape.entities.find((e) => e.entity === kind);
    return entity ? [[kind, keepEach(index, entity, byId as JsonValue) ?? null]] : [];
  });
  return Object.fromEntries(kinds) as JsonValue;
}

/**
 * `household` as the package of `index` is given it. `screen` (the merged package's index, when a screen restricts it
 * for one of its programs) decides the level of each `facts` entry: a name the screen reads on the household is the
 * household's fact for every program, so a program reading that name only per person does not receive it (alone, it
 * would have given it to every person; docs/household.md "One name, two levels").
 */
export function restrictHousehold(index: ShapeIndex, household: Readonly<Record<string, JsonValue>>, screen: ShapeIndex = index): Record<string, JsonValue> {
  const { unit, person } = index;
  const out: Record<string, JsonValue> = { ...household };
  const fact = (name: string): boolean => readsAt(index, unit, name) || (!readsAt(screen, screen.unit, name) && readsAt(index, person, name));
  if (household.facts !== undefined) out.facts = keep(household.facts, fact) ?? null;
  if (household.people !== undefined) out.people = keepEach(index, person, household.people) ?? null;
  if (household.spm_units !== undefined) out.spm_units = keepEach(index, unit, household.spm_units) ?? null;
  if (household.entities !== undefined) out.entities = keepEntities(index, household.entities) ?? null;
  return out;
}
