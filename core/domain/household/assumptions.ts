/**
 * "Say what was assumed": the defaults a calculation relied on that could change its outcome. An input counts when
 * the package marks it material (PackageInput.material), the household did not give it, and the material condition
 * holds for that entity (a person's age within the band). Whether an `unless_output` makes it moot is only known
 * after the calculation, so those stay pending until then (docs/calculation.md "Assumptions").
 */
import type { JsonValue, PackageEntity, PackageInput } from './shape.js';

export interface Assumption {
  /** The input as a caller names it (the package alias, else the canonical name). */
  input: string;
  /** Entity kind (Household, Person) and id (household, or the person's key in household.people). */
  entity: string;
  entity_id: string;
  /** The default the calculation used. */
  assumed_value: JsonValue;
  /** Why it matters and where to give it. */
  message: string;
}

export interface PendingAssumption {
  readonly assumption: Assumption;
  /** Dropped once the calculation shows this Judgment output holds. */
  unless_output?: string;
  /** The output whose value the rules used in place of the omitted fact (MaterialInput.inferred_from); for a person's fact, a person output of that person when the package reports one. */
  inferred_from?: string;
  /** The person whose fact this is (undefined for the household's). */
  person?: string;
  /** The assumption worded for the value inferred from `inferred_from` (that output's value in this calculation). */
  inferred?(value: JsonValue): Assumption;
}

/** Where a caller gives the input for this entity. */
function whereToGive(entity: PackageEntity, id: string, name: string, isPerson: boolean): string {
  if (isPerson) return `household.people.${id}.${name}`;
  return entity.count === undefined && entity.count_from === undefined ? `household.facts.${name}` : `household.entities.${entity.entity}.${id}.${name}`;
}

/** Most assumptions a package's words cache keeps before it starts again (entity ids come from callers). */
const MAX_CACHED_ASSUMPTIONS = 512;

/**
 * One package's assumptions as answers give them, made once per input, entity and id: the same people (`parent`,
 * `child_1`) leave out the same facts in request after request, and each message is a few hundred characters.
 * The entries are frozen and shared by every answer that relies on the same default (the JSON writer keeps their
 * bytes by identity). The calculation service keeps one per package; at MAX_CACHED_ASSUMPTIONS entries it is emptied.
 */
export class AssumptionWords {
  readonly #byInput = new Map<PackageInput, Map<string, Assumption>>();
  #size = 0;

  /**
   * The assumption for `input` of entity instance `id`, defaulted to `value`, or (`inferred`) whose value the rules
   * took from the input's `inferred_from` output.
   */
  of(entity: PackageEntity, id: string, input: PackageInput, value: JsonValue, isPerson: boolean, inferred = false): Assumption {
    const key = `${isPerson ? 'p' : 'e'}${inferred ? 'i' : 'd'}${entity.entity}\u0000${id}`;
    let byId = this.#byInput.get(input);
    const cached = byId?.get(key);
    // A default is a scalar in the packages; anything else (or a changed value) is written afresh.
    if (cached !== undefined && cached.assumed_value === value) return cached;
    const made = Object.freeze(writeAssumption(entity, id, input, value, isPerson, inferred));
    if (typeof value === 'object' && value !== null) return made;
    if (this.#size >= MAX_CACHED_ASSUMPTIONS) {
      this.#byInput.clear();
      this.#size = 0;
    }
    if (byId === undefined) this.#byInput.set(input, (byId = new Map()));
    if (!byId.has(key)) this.#size += 1;
    byId.set(key, made);
    return made;
  }
}

function writeAssumption(entity: PackageEntity, id: string, input: PackageInput, value: JsonValue, isPerson: boolean, inferred: boolean): Assumption {
  const name = input.alias ?? input.name;
  const who = isPerson ? `${entity.entity} ${id}` : 'The household';
  const how = inferred ? `, inferred from ${input.material?.inferred_from} computed for this ${isPerson ? 'person' : 'household'}` : '';
  const message = `${who}: ${name} not given, assumed ${JSON.stringify(value)}${how}; it matters because ${input.material?.reason}. Give ${whereToGive(entity, id, name, isPerson)} to confirm or correct it.`;
  return { input: name, entity: entity.entity, entity_id: id, assumed_value: value, message };
}

/**
 * A default relied on, whose words are looked up only when asked for: most pending assumptions of a household are
 * settled away by an output (an eligible household's ABAWD facts, say), so their messages are never needed.
 */
class PendingDefault implements PendingAssumption {
  constructor(
    private readonly words: AssumptionWords,
    private readonly entity: PackageEntity,
    private readonly id: string,
    private readonly input: PackageInput,
    private readonly value: JsonValue,
    private readonly isPerson: boolean,
    readonly unless_output: string | undefined,
    readonly inferred_from: string | undefined,
  ) {}

  get person(): string | undefined {
    return this.isPerson ? this.id : undefined;
  }

  get assumption(): Assumption {
    return this.words.of(this.entity, this.id, this.input, this.value, this.isPerson);
  }

  inferred(value: JsonValue): Assumption {
    return this.words.of(this.entity, this.id, this.input, value, this.isPerson, true);
  }
}

/**
 * Material defaults of one entity instance: inputs marked material, not supplied, whose age band (if any) holds for
 * `age`. An unknown age keeps the fact listed: it may matter.
 */
export function pendingAssumptions(
  entity: PackageEntity,
  id: string,
  values: Readonly<Record<string, JsonValue>>,
  supplied: ReadonlySet<string>,
  /**
   * `names`: where `values` and `supplied` hold an input under another name (a larger package's mapping,
   * part-assumptions.ts). `material`: the entity's material inputs as its shape index lists them (EntityFacts.material,
   * found once per package: a package has many inputs and a few material ones, so no call filters them again).
   */
  options: { isPerson: boolean; age?: JsonValue; words?: AssumptionWords; names?: ReadonlyMap<string, string>; material: readonly PackageInput[] },
): PendingAssumption[] {
  const out: PendingAssumption[] = [];
  const words = options.words ?? new AssumptionWords();
  for (const input of options.material) {
    const material = input.material!;
    const key = options.names?.get(input.name) ?? input.name;
    if (supplied.has(key) || values[key] === undefined) continue;
    const age = options.age;
    if (material.ages && typeof age === 'number' && (age < material.ages[0] || age > material.ages[1])) continue;
    out.push(new PendingDefault(words, entity, id, input, values[key], options.isPerson, material.unless_output, material.inferred_from));
  }
  return out;
}

/** The warning in words that accompanies a non-empty assumptions list; `field` names where the list is (the compat sidecar's is `tenet.assumptions`). */
export function assumptionsWarning(assumptions: readonly Pick<Assumption, 'entity_id' | 'input' | 'assumed_value'>[], field = 'assumptions'): string {
  const shown = assumptions.slice(0, 8).map((a) => `${a.entity_id}.${a.input} = ${JSON.stringify(a.assumed_value)}`);
  const more = assumptions.length > shown.length ? ` and ${assumptions.length - shown.length} more` : '';
  return `This result relies on ${assumptions.length} default${assumptions.length === 1 ? '' : 's'} for facts not given that could change it (${shown.join(', ')}${more}); see ${field} for each and where to give it.`;
}

/**
 * Pending assumptions less those an output shows to be moot (`unless_output` holds); one whose value the rules took
 * from an output (`inferred_from`) reports that output's value: a person's fact the person's own value of it
 * (`personOutputs`, the answer's person outputs), else the household's.
 */
export function settled(pending: readonly PendingAssumption[], outputs: Readonly<Record<string, unknown>>, personOutputs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Assumption[] {
  const out: Assumption[] = [];
  for (const p of pending) {
    if (p.unless_output !== undefined && outputs[p.unless_output] === true) continue;
    const own = p.person === undefined || p.inferred_from === undefined ? undefined : personOutputs?.[p.person]?.[p.inferred_from];
    const inferred = p.inferred_from === undefined ? undefined : own ?? outputs[p.inferred_from];
    out.push(inferred !== undefined && inferred !== null && p.inferred ? p.inferred(inferred as JsonValue) : p.assumption);
  }
  return out;
}
