import { ServiceError } from '../errors.js';
import { pendingAssumptions, type PendingAssumption } from './assumptions.js';
import { isPeriod } from './period.js';
import { entityId, type JsonValue, type PackageEntity, type PackageInput, type ShapeIndex } from './shape.js';
import { isJsonObject, valueForPeriod, valueProblem } from './values.js';

/** Inputs ready for a runtime: entity kind -> entity id -> canonical input name -> value. */
export type EntityInputs = Record<string, Record<string, Record<string, JsonValue>>>;

export interface MappedHousehold {
  /** Calculation month `YYYY-MM`. */
  period: string;
  inputs: EntityInputs;
  /** relation name -> tuples of entity ids (member first, as the package declares the tuple). */
  relations: Record<string, string[][]>;
  warnings: string[];
  /** Material defaults relied on; those with `unless_output` are settled after the calculation. */
  assumptions: PendingAssumption[];
}

/** Counted entities are capped so a household cannot ask for unbounded work. */
export const MAX_ENTITY_COUNT = 100;

/** The one object key JavaScript does not store as a key. */
const RESERVED_ID = '__proto__';

const CONVENTIONS = new Set(['people', 'spm_units', 'facts', 'period', 'entities', 'relations']);

function invalid(message: string): ServiceError {
  return new ServiceError('invalid_household', message);
}

function section(household: Record<string, JsonValue>, key: string): Record<string, JsonValue> | undefined {
  const value = household[key];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw invalid(`household.${key}: must be an object`);
  return value;
}

/** What mapping needs of an entity, worked out once per entity: inputs by name, defaults, required inputs. */
interface EntityFacts {
  byName: Map<string, PackageInput>;
  defaults: Array<[string, JsonValue]>;
  /** Inputs without a default that are not optional: the household must supply them. */
  required: string[];
}

const entityFacts = new WeakMap<PackageEntity, EntityFacts>();

function factsOf(entity: PackageEntity): EntityFacts {
  let facts = entityFacts.get(entity);
  if (!facts) {
    facts = {
      byName: new Map(entity.inputs.map((input) => [input.name, input])),
      defaults: entity.inputs.filter((input) => input.default !== undefined).map((input) => [input.name, input.default as JsonValue]),
      required: entity.inputs.filter((input) => input.default === undefined && !input.optional).map((input) => input.name),
    };
    entityFacts.set(entity, facts);
  }
  return facts;
}

function declared(entity: PackageEntity, name: string): PackageInput | undefined {
  return factsOf(entity).byName.get(name);
}

/**
 * Where a household key naming an input (or alias) of the package belongs: `household.facts.<key>` for the unit
 * entity, under `household.people.<id>` for the person entity, under `household.entities` for any other entity;
 * undefined when the key names no input.
 */
function homeOfInput(index: ShapeIndex, key: string, canonical: (name: string, entity?: PackageEntity) => string): string | undefined {
  const { unit, person, shape } = index;
  if (unit && declared(unit, canonical(key, unit))) return `household.facts.${key}`;
  if (person && declared(person, canonical(key, person))) {
    return `household.people.<id>.${key} (one value per person; household.facts.${key} gives every person the same value)`;
  }
  const other = shape.entities.find((entity) => declared(entity, canonical(key, entity)));
  return other ? `household.entities.${other.entity}.<id>.${key}` : undefined;
}

/** One entity instance under construction: its values and which of them the household supplied. */
interface Instance {
  values: Record<string, JsonValue>;
  supplied: Set<string>;
}

function newInstance(entity: PackageEntity): Instance {
  const values: Record<string, JsonValue> = {};
  for (const [name, value] of factsOf(entity).defaults) values[name] = value;
  return { values, supplied: new Set() };
}

/**
 * Maps a free-form household onto a package's inputs, following the spec's conventions table:
 * package defaults, then the first of `spm_units`, then `facts`, then `people` (person entity), then
 * `entities` (most specific). Names may be canonical inputs or household aliases. Every semantic problem
 * raises invalid_household naming the path and the input.
 */
export function mapHousehold(index: ShapeIndex, household: unknown): MappedHousehold {
  if (!isJsonObject(household)) throw invalid('household: must be an object');
  const warnings: string[] = [];
  const { shape, unit, person, aliases } = index;

  // Own aliases only: a household may name `constructor` or `__proto__`, which a plain object inherits.
  const canonical = (name: string, entity?: PackageEntity): string =>
    (entity?.aliases !== undefined && Object.hasOwn(entity.aliases, name) ? entity.aliases[name] : undefined) ?? aliases.get(name) ?? name;
  const label = (path: string, name: string, entity?: PackageEntity): string => {
    const target = canonical(name, entity);
    return target === name ? `${path}.${name}` : `${path}.${name} (${target})`;
  };
  const assign = (entity: PackageEntity, instance: Instance, path: string, name: string, given: JsonValue): void => {
    const input = declared(entity, canonical(name, entity));
    if (!input) throw invalid(`${label(path, name, entity)}: not an input of entity ${entity.entity} in this package`);
    const value = periodValue(given, () => label(path, name, entity));
    const problem = valueProblem(input, value);
    if (problem) throw invalid(`${label(path, name, entity)}: ${problem}`);
    instance.values[input.name] = value;
    instance.supplied.add(input.name);
  };

  let period = shape.default_period;
  if (household.period !== undefined) {
    if (isPeriod(household.period)) period = household.period;
    else warnings.push(`household.period ${JSON.stringify(household.period)} is not a valid YYYY-MM month; used the package default period ${shape.default_period}.`);
  }
  // `where` is only worked out for the error message.
  const periodValue = (given: JsonValue, where: () => string): JsonValue => {
    if (!isJsonObject(given)) return given;
    const picked = valueForPeriod(given, period);
    if ('missing' in picked) throw invalid(`${where()}: no value for the calculation period ${period} (periods given: ${picked.missing.join(', ')})`);
    return picked.value as JsonValue;
  };
  const misplaced: string[] = [];
  for (const key of Object.keys(household)) {
    if (CONVENTIONS.has(key)) continue;
    const home = homeOfInput(index, key, canonical);
    if (home !== undefined) misplaced.push(`household.${key}: an input of this package belongs at ${home}, not at the top level of the household`);
    else warnings.push(`household.${key} is not a recognised household convention and was ignored.`);
  }
  // Ignoring a misplaced input would answer confidently for a different household: refuse instead.
  if (misplaced.length > 0) throw invalid(misplaced.join('; '));

  const spmUnits = section(household, 'spm_units');
  const facts = section(household, 'facts');
  const people = section(household, 'people');
  const overrides = section(household, 'entities');

  // The single-instance unit entity: defaults, first spm unit, facts.
  const unitId = unit ? entityId(unit, 1) : undefined;
  const unitInstance = unit ? newInstance(unit) : undefined;
  const personFacts: Array<[string, JsonValue]> = [];
  if (spmUnits) {
    const ids = Object.keys(spmUnits);
    if (ids.length > 0) {
      const first = spmUnits[ids[0]];
      if (!isJsonObject(first)) throw invalid(`household.spm_units.${ids[0]}: must be an object of input values`);
      if (!unit || !unitInstance) throw invalid('household.spm_units: this package has no unit-level entity');
      for (const [name, value] of Object.entries(first)) assign(unit, unitInstance, `household.spm_units.${ids[0]}`, name, value);
      if (ids.length > 1) warnings.push(`Only the first SPM unit (${ids[0]}) feeds the package inputs; ignored: ${ids.slice(1).join(', ')}.`);
    }
  }
  if (facts) {
    for (const [name, value] of Object.entries(facts)) {
      if (unit && unitInstance && declared(unit, canonical(name, unit))) assign(unit, unitInstance, 'household.facts', name, value);
      else if (person && declared(person, canonical(name, person))) {
        const target = canonical(name, person);
        const picked = periodValue(value, () => label('household.facts', name, person));
        const problem = valueProblem(declared(person, target)!, picked);
        if (problem) throw invalid(`${label('household.facts', name, person)}: ${problem}`);
        personFacts.push([target, picked]);
      } else throw invalid(`${label('household.facts', name)}: not an input of this package`);
    }
  }
  const unitOverrides = unit && overrides ? overrides[unit.entity] : undefined;
  if (unit && unitInstance && unitOverrides !== undefined) {
    if (!isJsonObject(unitOverrides)) throw invalid(`household.entities.${unit.entity}: must be an object keyed by entity id`);
    for (const [id, values] of Object.entries(unitOverrides)) {
      if (id !== unitId) throw invalid(`household.entities.${unit.entity}.${id}: unknown entity id; this package uses ${unitId}`);
      if (!isJsonObject(values)) throw invalid(`household.entities.${unit.entity}.${id}: must be an object of input values`);
      for (const [name, value] of Object.entries(values)) assign(unit, unitInstance, `household.entities.${unit.entity}.${id}`, name, value);
    }
  }

  // Counted entities: people give the person entity's members; otherwise the count input decides.
  const counted: Array<[PackageEntity, Map<string, Instance>]> = [];
  for (const entity of shape.entities) {
    if (entity === unit) continue;
    const instances = new Map<string, Instance>();
    if (entity === person && people) {
      const ids = Object.keys(people);
      if (ids.length > MAX_ENTITY_COUNT) throw invalid(`household.people: at most ${MAX_ENTITY_COUNT} people`);
      for (const id of ids) {
        if (id === unitId) throw invalid(`household.people.${id}: a person id must differ from the unit id ${unitId}`);
        // Ids become object keys on the way to the engine, where `__proto__` would set a prototype instead of a key.
        if (id === RESERVED_ID) throw invalid(`household.people.${id}: ${RESERVED_ID} cannot be a person id; use another id such as p1`);
        const member = people[id];
        if (!isJsonObject(member)) throw invalid(`household.people.${id}: must be an object of input values`);
        const instance = newInstance(entity);
        for (const [name, value] of personFacts) given(instance, name, value);
        for (const [name, value] of Object.entries(member)) assign(entity, instance, `household.people.${id}`, name, value);
        instances.set(id, instance);
      }
      // The count input follows the people listed unless the household states it explicitly.
      if (entity.count_from && unit && unitInstance && declared(unit, entity.count_from) && !unitInstance.supplied.has(entity.count_from)) {
        unitInstance.values[entity.count_from] = ids.length;
        unitInstance.supplied.add(entity.count_from);
      }
    } else {
      let count = entity.count ?? 0;
      if (entity.count_from) {
        const raw = unitInstance?.values[entity.count_from];
        if (raw === undefined) throw invalid(`household: required input ${entity.count_from} missing (it gives the number of ${entity.entity} entities)`);
        if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw invalid(`household: input ${entity.count_from} must be a whole number >= 0`);
        count = raw;
      }
      if (count > MAX_ENTITY_COUNT) throw invalid(`household: input ${entity.count_from ?? entity.entity} exceeds the maximum of ${MAX_ENTITY_COUNT} ${entity.entity} entities`);
      for (let n = 1; n <= count; n += 1) {
        const instance = newInstance(entity);
        if (entity === person) for (const [name, value] of personFacts) given(instance, name, value);
        instances.set(entityId(entity, n), instance);
      }
    }
    const entityOverrides = overrides?.[entity.entity];
    if (entityOverrides !== undefined) {
      if (!isJsonObject(entityOverrides)) throw invalid(`household.entities.${entity.entity}: must be an object keyed by entity id`);
      for (const [id, values] of Object.entries(entityOverrides)) {
        const instance = instances.get(id);
        if (!instance) throw invalid(`household.entities.${entity.entity}.${id}: unknown entity id; known ids: ${[...instances.keys()].join(', ') || 'none'}`);
        if (!isJsonObject(values)) throw invalid(`household.entities.${entity.entity}.${id}: must be an object of input values`);
        for (const [name, value] of Object.entries(values)) assign(entity, instance, `household.entities.${entity.entity}.${id}`, name, value);
      }
    }
    if (entity === person && instances.size === 0 && personFacts.length > 0) {
      // A person fact in facts is given to each listed person; with nobody listed no rule reads it.
      const names = Object.keys(facts ?? {}).filter((name) => !(unit && declared(unit, canonical(name, unit))));
      warnings.push(`household.facts.${names.join(', household.facts.')}: person facts apply to each person in household.people; no people are listed, so they were not used.`);
    }
    counted.push([entity, instances]);
  }
  if (overrides) {
    for (const kind of Object.keys(overrides)) {
      if (!shape.entities.some((e) => e.entity === kind)) throw invalid(`household.entities.${kind}: not an entity of this package`);
    }
  }

  // Required inputs: those without a default (and not optional) that the household did not supply.
  const inputs: EntityInputs = {};
  const all: Array<[PackageEntity, Map<string, Instance>]> = unit && unitInstance && unitId ? [[unit, new Map([[unitId, unitInstance]])], ...counted] : counted;
  for (const [entity, instances] of all) {
    const byId: Record<string, Record<string, JsonValue>> = {};
    const required = factsOf(entity).required;
    for (const [id, instance] of instances) {
      for (const name of required) {
        if (instance.values[name] === undefined) throw invalid(`household: required input ${name} missing for ${entity.entity} ${id}`);
      }
      byId[id] = instance.values;
    }
    inputs[entity.entity] = byId;
  }

  const age = person ? canonical('age', person) : undefined;
  const assumptions: PendingAssumption[] = [];
  for (const [entity, instances] of all) {
    const isPerson = entity === person;
    for (const [id, instance] of instances) {
      assumptions.push(...pendingAssumptions(entity, id, instance.values, instance.supplied, { isPerson, age: isPerson && age ? instance.values[age] : undefined }));
    }
  }
  return { period, inputs, relations: mapRelations(index, household, all), warnings, assumptions };
}

/** A value the household gave (a person fact given once in household.facts counts as given for every person). */
function given(instance: Instance, name: string, value: JsonValue): void {
  instance.values[name] = value;
  instance.supplied.add(name);
}

/** Declared relations get one tuple per member and group; `household.relations` replaces a relation's tuples. */
function mapRelations(index: ShapeIndex, household: Record<string, JsonValue>, all: Array<[PackageEntity, Map<string, Instance>]>): Record<string, string[][]> {
  const idsOf = (kind: string): Iterable<string> => all.find(([entity]) => entity.entity === kind)?.[1].keys() ?? [];
  const relations: Record<string, string[][]> = {};
  const arity = new Map<string, number>();
  for (const entity of index.shape.entities) {
    for (const relation of entity.relations ?? []) {
      arity.set(relation.name, relation.tuple.length);
      if (relation.tuple.length !== 2) continue;
      const members = [...idsOf(relation.tuple[0])];
      const tuples: string[][] = [];
      for (const group of idsOf(relation.tuple[1])) for (const member of members) tuples.push([member, group]);
      relations[relation.name] = tuples;
    }
  }
  const explicit = section(household, 'relations');
  if (explicit === undefined) return relations;
  for (const [name, tuples] of Object.entries(explicit)) {
    const expected = arity.get(name);
    if (expected === undefined) throw invalid(`household.relations.${name}: not a relation of this package`);
    if (!Array.isArray(tuples) || tuples.length > MAX_ENTITY_COUNT * MAX_ENTITY_COUNT) throw invalid(`household.relations.${name}: must be an array of tuples`);
    relations[name] = tuples.map((tuple, i) => {
      if (!Array.isArray(tuple) || tuple.length !== expected || !tuple.every((id) => typeof id === 'string')) {
        throw invalid(`household.relations.${name}[${i}]: must be an array of ${expected} entity ids`);
      }
      return tuple as string[];
    });
  }
  return relations;
}
