/**
 * The part of a runtime package that household mapping needs: its entities with their inputs and
 * defaults, its household aliases and its default period. Field names follow RuntimePackageDetail in
 * the API spec so a package detail can be passed in as it is.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface PackageInput {
  name: string;
  /** RuleSpec dtype spelling as the package lists it (Money, Integer, Boolean, Judgment, Text, Date, Rate, ...). */
  dtype: string;
  /** Value used when the household omits the input. An input without a default is required, unless optional. */
  default?: JsonValue;
  /** Omitted stays unset: the runtime reports it (invalid_household) only if a rule it evaluates needs it. */
  optional?: boolean;
  /** Money and integer inputs must be >= 0 unless the package marks them as allowing negatives. */
  allow_negative?: boolean;
  /** Smallest accepted number (e.g. 1 for a household size). */
  minimum?: number;
  /** Largest accepted number (e.g. 100 for a household size). */
  maximum?: number;
  /** The accepted values of a text input (e.g. utility types, regions). */
  values?: string[];
  /** What the input means, from the package's source (absent when the source says nothing). */
  description?: string;
  /** The span the value covers: `month`, `year` or `none` (from the source; absent when it says nothing). */
  period?: string;
  /** e.g. `USD per month`, `count`, `boolean`, `text` (from the source; absent when it says nothing). */
  unit?: string;
  /** The caller-facing name (the package alias) of a material input; messages and assumptions use it. */
  alias?: string;
  /** Omitting this input can change the outcome: the result then lists its default under `assumptions`. */
  material?: MaterialInput;
  /**
   * Set by the service, never by the caller: true when the household gave the input named here (canonical name, same
   * entity), false when it did not. A rule that must tell a stated fact from a defaulted one reads it (the profile's
   * `given_flags`; e.g. a stated `receives_snap` against SNAP eligibility computed from the household).
   */
  given_of?: string;
}

/**
 * When an omitted input matters (the package's `material_inputs`; docs/calculation.md "Assumptions"): always, or only
 * for a person whose age is within `ages`, and not when the Judgment output `unless_output` holds.
 */
export interface MaterialInput {
  /** Why the default matters, in words (with the provision). */
  reason: string;
  /** Inclusive age band of the people the fact can affect (person inputs only). */
  ages?: [number, number];
  /** A Judgment output that, when it holds, makes the fact irrelevant (e.g. categorical eligibility and resources). */
  unless_output?: string;
  /**
   * An output whose value the calculation used in place of the omitted fact (e.g. SNAP receipt inferred from the SNAP
   * eligibility computed for the household): the assumption then reports that value as inferred from this output,
   * not the input's default, which the rules did not use.
   */
  inferred_from?: string;
}

export interface PackageRelation {
  name: string;
  /** Entity kinds of the tuple slots, member first: e.g. ['Person', 'Household']. */
  tuple: string[];
}

export interface PackageEntity {
  entity: string;
  /** Id of each instance; `{n}` is replaced by the 1-based instance number for counted entities. */
  id_template: string;
  count?: number;
  /** Input whose value gives the number of instances (e.g. household_size for Person). */
  count_from?: string;
  inputs: PackageInput[];
  relations?: PackageRelation[];
  /** Aliases that apply to this entity's inputs only (consulted before the package's household_aliases). */
  aliases?: Record<string, string>;
}

export interface HouseholdShape {
  default_period: string;
  entities: PackageEntity[];
  /** alias -> canonical input name */
  household_aliases?: Record<string, string>;
}

/** Household-independent view of a shape, computed once per package. */
export interface ShapeIndex {
  shape: HouseholdShape;
  /** The single-instance entity fed by spm_units and facts (the first entity without a count). */
  unit: PackageEntity | undefined;
  /** The counted entity fed by `people` (named Person, else the first with count or count_from). */
  person: PackageEntity | undefined;
  /** canonical input name -> entity kinds that declare it */
  inputEntities: Map<string, PackageEntity[]>;
  aliases: Map<string, string>;
  /** What mapping needs of each entity, worked out once per package (household/map.ts). */
  entityFacts: Map<PackageEntity, EntityFacts>;
}

/** An entity's inputs by name, its defaults, and the inputs a household must supply (no default, not optional). */
export interface EntityFacts {
  byName: Map<string, PackageInput>;
  /** Input name -> default, in declaration order: each instance starts as a copy (one object spread, not a loop). */
  defaults: Readonly<Record<string, JsonValue>>;
  required: string[];
  /** Inputs set from whether the household gave another input: [flag input, the input it records]. */
  givenFlags: Array<[string, string]>;
  /** Inputs marked material (a default that may matter is stated as an assumption: household/assumptions.ts). */
  material: readonly PackageInput[];
}

function entityFactsOf(entity: PackageEntity): EntityFacts {
  // Built in one step (not key by key, which leaves V8 a slow dictionary object): a spread of it is then a fast copy.
  const defaults = Object.fromEntries(entity.inputs.filter((input) => input.default !== undefined).map((input) => [input.name, input.default as JsonValue]));
  return {
    byName: new Map(entity.inputs.map((input) => [input.name, input])),
    defaults,
    required: entity.inputs.filter((input) => input.default === undefined && !input.optional).map((input) => input.name),
    givenFlags: entity.inputs.filter((input) => input.given_of !== undefined).map((input) => [input.name, input.given_of as string]),
    material: materialInputsOf(entity),
  };
}

/** The entity's inputs marked material, in declaration order. */
export function materialInputsOf(entity: PackageEntity): PackageInput[] {
  return entity.inputs.filter((input) => input.material);
}

function isCounted(entity: PackageEntity): boolean {
  return entity.count !== undefined || entity.count_from !== undefined;
}

export function indexShape(shape: HouseholdShape): ShapeIndex {
  const unit = shape.entities.find((e) => !isCounted(e));
  const person =
    shape.entities.find((e) => e.entity.toLowerCase() === 'person') ?? shape.entities.find((e) => e !== unit && isCounted(e));
  const inputEntities = new Map<string, PackageEntity[]>();
  for (const entity of shape.entities) {
    for (const input of entity.inputs) {
      const list = inputEntities.get(input.name) ?? [];
      list.push(entity);
      inputEntities.set(input.name, list);
    }
  }
  const entityFacts = new Map(shape.entities.map((entity) => [entity, entityFactsOf(entity)]));
  return { shape, unit, person, inputEntities, aliases: new Map(Object.entries(shape.household_aliases ?? {})), entityFacts };
}

/** The id of instance `n` (1-based) of an entity. Single-instance entities use the template as it is. */
export function entityId(entity: PackageEntity, n: number): string {
  return entity.id_template.includes('{n}') ? entity.id_template.replaceAll('{n}', String(n)) : isCounted(entity) ? `${entity.id_template}-${n}` : entity.id_template;
}
