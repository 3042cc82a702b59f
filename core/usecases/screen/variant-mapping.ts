/**
 * A variant's household as the engine takes it (docs/screening.md "Undetermined, not guessed"): the base household's
 * mapping with the one fact the variant sets, instead of mapping the whole household again per variant. It is what
 * mapping the variant's household gives (tests/core/usecases/screen/variant-mapping.test.ts) wherever the fact is a
 * plain input of the unit or of a listed person: its value replaced, and the flags recording whether it was given set.
 * A fact that counts entities, a value the input refuses, or a fact put where its entity is not, is mapped again.
 */
import type { MappedHousehold } from '../../domain/household/map.js';
import type { ShapeIndex } from '../../domain/household/shape.js';
import { valueProblem } from '../../domain/household/values.js';
import type { Variant } from './variants.js';

export function variantMapping(index: ShapeIndex, base: MappedHousehold, variant: Variant): MappedHousehold | undefined {
  const id = variant.entity_id;
  const entity = index.shape.entities.find((e) => e.entity === base.kinds[id]);
  const values = base.inputs[id];
  if (!entity || values === undefined) return undefined;
  // Where the variant gave it: a listed person's own fact, else household.facts, which only the unit takes as its own.
  const onPerson = variant.where.startsWith('household.people.');
  if (onPerson ? entity !== index.person : entity !== index.unit) return undefined;
  const name = (entity.aliases !== undefined && Object.hasOwn(entity.aliases, variant.input) ? entity.aliases[variant.input] : undefined) ?? index.aliases.get(variant.input) ?? variant.input;
  const facts = index.entityFacts.get(entity);
  const input = facts?.byName.get(name);
  if (!facts || !input || input.given_of !== undefined || valueProblem(input, variant.value) !== undefined) return undefined;
  if (index.shape.entities.some((e) => e.count_from === name)) return undefined;
  const changed = { ...values, [name]: variant.value };
  for (const [flag, of] of facts.givenFlags) if (of === name) changed[flag] = true;
  // A variant is read for its outputs only: no assumptions are settled from it.
  return { ...base, inputs: { ...base.inputs, [id]: changed }, assumptions: [] };
}
