/** Small translations between a compiled package's forms and the engine's request and result forms. */
import type { MappedHousehold } from '../../domain/household/map.js';

/** The entries of `record` whose keys are in `names`. */
export function pick<T>(record: Readonly<Record<string, T>>, names: readonly string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const name of names) if (Object.hasOwn(record, name)) out[name] = record[name];
  return out;
}

/** Relation tuples as the engine's (member, group) pairs; mapped tuples are pairs already unless a package says otherwise. */
export function engineRelations(household: MappedHousehold): Record<string, Array<[string, string]>> {
  const relations: Record<string, Array<[string, string]>> = {};
  for (const name in household.relations) {
    const tuples = household.relations[name];
    relations[name] = tuples.every((t) => t.length === 2) ? (tuples as Array<[string, string]>) : tuples.map((t) => [t[0], t[1]]);
  }
  return relations;
}
