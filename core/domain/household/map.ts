import { ServiceError } from '../errors.js';
import { AssumptionWords, pendingAssumptions, type PendingAssumption } from './assumptions.js';
import { isPeriod, monthRange, type MonthRange } from './period.js';
import { entityId, type EntityFacts, type JsonValue, type PackageEntity, type PackageInput, type ShapeIndex } from './shape.js';
import { isJsonObject, valueForPeriod, valueProblem } from './values.js';

/**
 * Inputs exactly as the engine loads them: entity id -> canonical input name -> value (an id declared under two
 * entity kinds gets both sets, later kinds winning; the mapping refuses a person id equal to the unit's).
 */
export type EntityInputs = Record<string, Record<string, JsonValue>>;

export interface MappedHousehold {
  /** Calculation month `YYYY-MM`. */
  period: string;
  /** The same month as dates, as the engine takes it (parsed here, once). */
  month: MonthRange;
  inputs: EntityInputs;
  /** Entity id -> its kind as the package names it (`Household`, `Person`; the first kind wins): names trace entries' entity. */
  kinds: Record<string, string>;
  /** relation name -> tuples of entity ids (member first, as the package declares the tuple). */
  relations: Record<string, string[][]>;
  warnings: string[];
  /** Material defaults relied on; those with `unless_output` are settled after the calculation. */
  assumptions: PendingAssumption[];
  /** Entity id -> the canonical inputs the household gave for it (the rest of `inputs` are defaults and flags). */
  given?: Record<string, ReadonlySet<string>>;
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

/** One entity instance under construction: its values and which of them the household supplied. */
interface Instance {
  values: Record<string, JsonValue>;
  supplied: Set<string>;
}

type Instances = Array<[PackageEntity, Map<string, Instance>]>;

/**
 * Maps a free-form household onto a package's inputs, following the spec's conventions table:
 * package defaults, then the first of `spm_units`, then `facts`, then `people` (person entity), then
 * `entities` (most specific). Names may be canonical inputs or household aliases. Every semantic problem
 * raises invalid_household naming the path and the input. `words` is the package's assumption cache, kept by the
 * caller across households (a fresh one keeps nothing).
 */
export function mapHousehold(index: ShapeIndex, household: unknown, words: AssumptionWords = new AssumptionWords()): MappedHousehold {
  if (!isJsonObject(household)) throw invalid('household: must be an object');
  return new HouseholdMapping(index, household, words).run();
}

/** One mapping run: the package's index, the household, and what the run has found so far. */
class HouseholdMapping {
  private readonly warnings: string[] = [];
  private period: string;
  /** Person facts given once in household.facts, for every person. */
  private readonly personFacts: Array<[string, JsonValue]> = [];
  private readonly unitId: string | undefined;
  private readonly unitInstance: Instance | undefined;

  constructor(
    private readonly index: ShapeIndex,
    private readonly household: Record<string, JsonValue>,
    private readonly words: AssumptionWords,
  ) {
    this.period = index.shape.default_period;
    this.unitId = index.unit ? entityId(index.unit, 1) : undefined;
    this.unitInstance = index.unit ? this.newInstance(index.unit) : undefined;
  }

  run(): MappedHousehold {
    this.readPeriod();
    this.checkTopLevel();
    const overrides = section(this.household, 'entities');
    this.mapUnit(overrides);
    const counted = this.index.shape.entities.filter((entity) => entity !== this.index.unit).map((entity): [PackageEntity, Map<string, Instance>] => [entity, this.mapCounted(entity, overrides)]);
    if (overrides) {
      for (const kind of Object.keys(overrides)) {
        if (!this.index.shape.entities.some((e) => e.entity === kind)) throw invalid(`household.entities.${kind}: not an entity of this package`);
      }
    }
    const { unit } = this.index;
    const all: Instances = unit && this.unitInstance && this.unitId ? [[unit, new Map([[this.unitId, this.unitInstance]])], ...counted] : counted;
    const { inputs, kinds, given } = this.entityInputs(all);
    return { period: this.period, month: monthRange(this.period), inputs, kinds, relations: mapRelations(this.index, this.household, all), warnings: this.warnings, assumptions: this.assumptions(all), given };
  }

  private facts(entity: PackageEntity): EntityFacts {
    return this.index.entityFacts.get(entity) as EntityFacts;
  }

  private declared(entity: PackageEntity, name: string): PackageInput | undefined {
    return this.facts(entity).byName.get(name);
  }

  private newInstance(entity: PackageEntity): Instance {
    return { values: { ...this.facts(entity).defaults }, supplied: new Set() };
  }

  /** Own aliases only: a household may name `constructor` or `__proto__`, which a plain object inherits. */
  private canonical(name: string, entity?: PackageEntity): string {
    return (entity?.aliases !== undefined && Object.hasOwn(entity.aliases, name) ? entity.aliases[name] : undefined) ?? this.index.aliases.get(name) ?? name;
  }

  private label(path: string, name: string, entity?: PackageEntity): string {
    const target = this.canonical(name, entity);
    return target === name ? `${path}.${name}` : `${path}.${name} (${target})`;
  }

  private assign(entity: PackageEntity, instance: Instance, path: string, name: string, given: JsonValue): void {
    const input = this.declared(entity, this.canonical(name, entity));
    if (!input) throw invalid(`${this.label(path, name, entity)}: not an input of entity ${entity.entity} in this package`);
    if (input.given_of !== undefined) throw invalid(`${this.label(path, name, entity)}: set by the service from whether ${this.aliasOf(input.given_of, entity)} is given; give ${this.aliasOf(input.given_of, entity)} instead`);
    const value = this.periodValue(given, () => this.label(path, name, entity));
    const problem = valueProblem(input, value);
    if (problem) throw invalid(`${this.label(path, name, entity)}: ${problem}`);
    instance.values[input.name] = value;
    instance.supplied.add(input.name);
  }

  /** The caller-facing name of a canonical input (its alias, else itself), for messages. */
  private aliasOf(canonical: string, entity: PackageEntity): string {
    for (const [alias, target] of this.index.aliases) if (target === canonical && this.canonical(alias, entity) === canonical) return alias;
    return this.declared(entity, canonical)?.alias ?? canonical;
  }

  private readPeriod(): void {
    const { period } = this.household;
    if (period === undefined) return;
    if (isPeriod(period)) this.period = period;
    else this.warnings.push(`household.period ${JSON.stringify(period)} is not a valid YYYY-MM month; used the package default period ${this.index.shape.default_period}.`);
  }

  /** A value given per period picks the calculation period's; `where` is only worked out for the error message. */
  private periodValue(given: JsonValue, where: () => string): JsonValue {
    if (!isJsonObject(given)) return given;
    const picked = valueForPeriod(given, this.period);
    if ('missing' in picked) throw invalid(`${where()}: no value for the calculation period ${this.period} (periods given: ${picked.missing.join(', ')})`);
    return picked.value as JsonValue;
  }

  /**
   * Where a household key naming an input (or alias) of the package belongs: `household.facts.<key>` for the unit
   * entity, under `household.people.<id>` for the person entity, under `household.entities` for any other entity;
   * undefined when the key names no input.
   */
  private homeOfInput(key: string): string | undefined {
    const { unit, person, shape } = this.index;
    if (unit && this.declared(unit, this.canonical(key, unit))) return `household.facts.${key}`;
    if (person && this.declared(person, this.canonical(key, person))) {
      return `household.people.<id>.${key} (one value per person; household.facts.${key} gives every person the same value)`;
    }
    const other = shape.entities.find((entity) => this.declared(entity, this.canonical(key, entity)));
    return other ? `household.entities.${other.entity}.<id>.${key}` : undefined;
  }

  /** Unknown top-level keys are warned; an input put at the top level is refused (ignoring it would answer for another household). */
  private checkTopLevel(): void {
    const misplaced: string[] = [];
    for (const key of Object.keys(this.household)) {
      if (CONVENTIONS.has(key)) continue;
      const home = this.homeOfInput(key);
      if (home !== undefined) misplaced.push(`household.${key}: an input of this package belongs at ${home}, not at the top level of the household`);
      else this.warnings.push(`household.${key} is not a recognised household convention and was ignored.`);
    }
    if (misplaced.length > 0) throw invalid(misplaced.join('; '));
  }

  /** The single-instance unit entity: defaults, the first spm unit, facts, then its entry in household.entities. */
  private mapUnit(overrides: Record<string, JsonValue> | undefined): void {
    const { unit } = this.index;
    const instance = this.unitInstance;
    const spmUnits = section(this.household, 'spm_units');
    const ids = spmUnits ? Object.keys(spmUnits) : [];
    if (spmUnits && ids.length > 0) {
      const first = spmUnits[ids[0]];
      if (!isJsonObject(first)) throw invalid(`household.spm_units.${ids[0]}: must be an object of input values`);
      if (!unit || !instance) throw invalid('household.spm_units: this package has no unit-level entity');
      for (const [name, value] of Object.entries(first)) this.assign(unit, instance, `household.spm_units.${ids[0]}`, name, value);
      if (ids.length > 1) this.warnings.push(`Only the first SPM unit (${ids[0]}) feeds the package inputs; ignored: ${ids.slice(1).join(', ')}.`);
    }
    this.mapFacts();
    const unitOverrides = unit && overrides ? overrides[unit.entity] : undefined;
    if (!unit || !instance || unitOverrides === undefined) return;
    if (!isJsonObject(unitOverrides)) throw invalid(`household.entities.${unit.entity}: must be an object keyed by entity id`);
    for (const [id, values] of Object.entries(unitOverrides)) {
      if (id !== this.unitId) throw invalid(`household.entities.${unit.entity}.${id}: unknown entity id; this package uses ${this.unitId}`);
      if (!isJsonObject(values)) throw invalid(`household.entities.${unit.entity}.${id}: must be an object of input values`);
      for (const [name, value] of Object.entries(values)) this.assign(unit, instance, `household.entities.${unit.entity}.${id}`, name, value);
    }
  }

  /** household.facts: unit inputs go on the unit; person inputs are kept to give every person. */
  private mapFacts(): void {
    const facts = section(this.household, 'facts');
    if (!facts) return;
    const { unit, person } = this.index;
    for (const [name, value] of Object.entries(facts)) {
      if (unit && this.unitInstance && this.declared(unit, this.canonical(name, unit))) this.assign(unit, this.unitInstance, 'household.facts', name, value);
      else if (person && this.declared(person, this.canonical(name, person))) {
        const target = this.canonical(name, person);
        const of = this.declared(person, target)!.given_of;
        if (of !== undefined) throw invalid(`${this.label('household.facts', name, person)}: set by the service from whether ${this.aliasOf(of, person)} is given; give ${this.aliasOf(of, person)} instead`);
        const picked = this.periodValue(value, () => this.label('household.facts', name, person));
        const problem = valueProblem(this.declared(person, target)!, picked);
        if (problem) throw invalid(`${this.label('household.facts', name, person)}: ${problem}`);
        this.personFacts.push([target, picked]);
      } else throw invalid(`${this.label('household.facts', name)}: not an input of this package; remove it, or use a name the package detail lists (its entities' inputs and household_aliases)`);
    }
  }

  /** A counted entity's instances: people give the person entity's members; otherwise the count input decides. */
  private mapCounted(entity: PackageEntity, overrides: Record<string, JsonValue> | undefined): Map<string, Instance> {
    const people = section(this.household, 'people');
    const instances = entity === this.index.person && people ? this.mapPeople(entity, people) : this.countedInstances(entity);
    const entityOverrides = overrides?.[entity.entity];
    if (entityOverrides !== undefined) {
      if (!isJsonObject(entityOverrides)) throw invalid(`household.entities.${entity.entity}: must be an object keyed by entity id`);
      for (const [id, values] of Object.entries(entityOverrides)) {
        const instance = instances.get(id);
        if (!instance) throw invalid(`household.entities.${entity.entity}.${id}: unknown entity id; known ids: ${[...instances.keys()].join(', ') || 'none'}`);
        if (!isJsonObject(values)) throw invalid(`household.entities.${entity.entity}.${id}: must be an object of input values`);
        for (const [name, value] of Object.entries(values)) this.assign(entity, instance, `household.entities.${entity.entity}.${id}`, name, value);
      }
    }
    if (entity === this.index.person && instances.size === 0 && this.personFacts.length > 0) {
      // A person fact in facts is given to each listed person; with nobody listed no rule reads it.
      const { unit } = this.index;
      const names = Object.keys(section(this.household, 'facts') ?? {}).filter((name) => !(unit && this.declared(unit, this.canonical(name, unit))));
      this.warnings.push(`household.facts.${names.join(', household.facts.')}: person facts apply to each person in household.people; no people are listed, so they were not used.`);
    }
    return instances;
  }

  private mapPeople(entity: PackageEntity, people: Record<string, JsonValue>): Map<string, Instance> {
    const instances = new Map<string, Instance>();
    const ids = Object.keys(people);
    if (ids.length > MAX_ENTITY_COUNT) throw invalid(`household.people: at most ${MAX_ENTITY_COUNT} people`);
    for (const id of ids) {
      if (id === this.unitId) throw invalid(`household.people.${id}: a person id must differ from the unit id ${this.unitId}`);
      // Ids become object keys on the way to the engine, where `__proto__` would set a prototype instead of a key.
      if (id === RESERVED_ID) throw invalid(`household.people.${id}: ${RESERVED_ID} cannot be a person id; use another id such as p1`);
      const member = people[id];
      if (!isJsonObject(member)) throw invalid(`household.people.${id}: must be an object of input values`);
      const instance = this.newInstance(entity);
      for (const [name, value] of this.personFacts) given(instance, name, value);
      for (const [name, value] of Object.entries(member)) this.assign(entity, instance, `household.people.${id}`, name, value);
      instances.set(id, instance);
    }
    // The count input follows the people listed unless the household states it explicitly.
    const { unit } = this.index;
    const unitInstance = this.unitInstance;
    if (entity.count_from && unit && unitInstance && this.declared(unit, entity.count_from) && !unitInstance.supplied.has(entity.count_from)) {
      unitInstance.values[entity.count_from] = ids.length;
      unitInstance.supplied.add(entity.count_from);
    }
    return instances;
  }

  private countedInstances(entity: PackageEntity): Map<string, Instance> {
    let count = entity.count ?? 0;
    if (entity.count_from) {
      const raw = this.unitInstance?.values[entity.count_from];
      if (raw === undefined) throw invalid(`household: required input ${entity.count_from} missing (it gives the number of ${entity.entity} entities)`);
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw invalid(`household: input ${entity.count_from} must be a whole number >= 0`);
      count = raw;
    }
    if (count > MAX_ENTITY_COUNT) throw invalid(`household: input ${entity.count_from ?? entity.entity} exceeds the maximum of ${MAX_ENTITY_COUNT} ${entity.entity} entities`);
    const instances = new Map<string, Instance>();
    for (let n = 1; n <= count; n += 1) {
      const instance = this.newInstance(entity);
      if (entity === this.index.person) for (const [name, value] of this.personFacts) given(instance, name, value);
      instances.set(entityId(entity, n), instance);
    }
    return instances;
  }

  /**
   * Entity id -> values and entity id -> kind, in the one form the engine loads (no runtime reshapes them); an input
   * without a default (and not optional) the household did not supply is refused.
   */
  private entityInputs(all: Instances): { inputs: EntityInputs; kinds: Record<string, string>; given: Record<string, ReadonlySet<string>> } {
    const inputs: EntityInputs = {};
    const kinds: Record<string, string> = {};
    const given: Record<string, ReadonlySet<string>> = {};
    for (const [entity, instances] of all) {
      const { required, givenFlags } = this.facts(entity);
      for (const [id, instance] of instances) {
        for (const [flag, of] of givenFlags) instance.values[flag] = instance.supplied.has(of);
        for (const name of required) {
          if (instance.values[name] === undefined) throw invalid(`household: required input ${name} missing for ${entity.entity} ${id}`);
        }
        if (Object.hasOwn(inputs, id)) inputs[id] = { ...inputs[id], ...instance.values };
        else {
          inputs[id] = instance.values;
          kinds[id] = entity.entity;
          given[id] = instance.supplied;
        }
      }
    }
    return { inputs, kinds, given };
  }

  private assumptions(all: Instances): PendingAssumption[] {
    const { person } = this.index;
    const age = person ? this.canonical('age', person) : undefined;
    const assumptions: PendingAssumption[] = [];
    for (const [entity, instances] of all) {
      const isPerson = entity === person;
      for (const [id, instance] of instances) {
        assumptions.push(...pendingAssumptions(entity, id, instance.values, instance.supplied, { isPerson, age: isPerson && age ? instance.values[age] : undefined, words: this.words, material: this.facts(entity).material }));
      }
    }
    return assumptions;
  }
}

/** A value the household gave (a person fact given once in household.facts counts as given for every person). */
function given(instance: Instance, name: string, value: JsonValue): void {
  instance.values[name] = value;
  instance.supplied.add(name);
}

/** Declared relations get one tuple per member and group; `household.relations` replaces a relation's tuples. */
function mapRelations(index: ShapeIndex, household: Record<string, JsonValue>, all: Instances): Record<string, string[][]> {
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
