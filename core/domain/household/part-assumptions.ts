/**
 * The material defaults one package relied on, read from the mapping of the household onto a larger package whose
 * shape contains it (a screen's merged package; docs/screening.md): what mapping the household restricted to this
 * package's facts (restrict.ts) would list, without mapping it a second time. It holds when the part's entities and
 * material inputs line up with the whole's (same kinds and roles, same instance ids, each material input declared by
 * the whole on the same entity with the same default), which is checked once per pair of shapes; where they do not,
 * or the household uses a section whose facts a part mapping would refuse differently (`entities`, `spm_units`,
 * `relations`), the caller maps the household again.
 */
import { pendingAssumptions, type AssumptionWords, type PendingAssumption } from './assumptions.js';
import { MAX_ENTITY_COUNT, type MappedHousehold } from './map.js';
import { entityId, type JsonValue, type PackageEntity, type ShapeIndex } from './shape.js';
import { isJsonObject } from './values.js';

/** Sections a part's own mapping reads unrestricted (and may refuse where the whole's accepts). */
const UNRESTRICTED = ['entities', 'spm_units', 'relations'];

/** The canonical input a name stands for on an entity, as mapping resolves it (map.ts: the entity's aliases, then the package's). */
function canonical(index: ShapeIndex, entity: PackageEntity | undefined, name: string): string {
  return (entity?.aliases !== undefined && Object.hasOwn(entity.aliases, name) ? entity.aliases[name] : undefined) ?? index.aliases.get(name) ?? name;
}

export class PartAssumptions {
  /** Whether the part's entities and material inputs line up with the whole's (else `pending` answers undefined). */
  readonly fits: boolean;
  /** The whole's name of the person's age (age bands read it). */
  private readonly age: string | undefined;
  /** Per part entity: each material input's name in the whole's mapping (the merged package names a fact once). */
  private readonly names = new Map<PackageEntity, Map<string, string>>();

  constructor(
    private readonly part: ShapeIndex,
    private readonly whole: ShapeIndex,
    private readonly words: AssumptionWords,
  ) {
    this.fits = part.shape.entities.every((entity) => this.entityFits(entity));
    // A part without an age input reads no age (the restricted household gives it none), whatever the whole reads.
    const own = part.person ? canonical(part, part.person, 'age') : undefined;
    const person = whole.shape.entities.find((e) => e.entity === part.person?.entity);
    this.age = own !== undefined && part.entityFacts.get(part.person!)!.byName.has(own) && person ? canonical(whole, person, own) : undefined;
  }

  /** Same kind, role, ids and counts in the whole, and each material input there (by the whole's name) with the same default. */
  private entityFits(entity: PackageEntity): boolean {
    const { part, whole } = this;
    const other = whole.shape.entities.find((e) => e.entity === entity.entity);
    if (!other || (entity === part.unit) !== (other === whole.unit) || (entity === part.person) !== (other === whole.person)) return false;
    if (entity.id_template !== other.id_template || entity.count !== other.count || entity.count_from !== other.count_from) return false;
    const facts = whole.entityFacts.get(other)!;
    const names = new Map<string, string>();
    this.names.set(entity, names);
    for (const input of entity.inputs) {
      if (!input.material) continue;
      const name = canonical(whole, other, input.name);
      if (!facts.byName.has(name) || JSON.stringify(facts.defaults[name]) !== JSON.stringify(input.default)) return false;
      names.set(input.name, name);
    }
    return true;
  }

  /** The part's pending assumptions for `household` as the whole mapped it (`mapped`), or undefined: map it again. */
  pending(mapped: MappedHousehold, household: Readonly<Record<string, JsonValue>>): PendingAssumption[] | undefined {
    if (!this.fits || mapped.given === undefined || UNRESTRICTED.some((key) => household[key] !== undefined && household[key] !== null)) return undefined;
    const out: PendingAssumption[] = [];
    for (const entity of this.part.shape.entities) {
      const isPerson = entity === this.part.person;
      for (const id of this.ids(entity, mapped, household)) {
        const values = mapped.inputs[id];
        const given = mapped.given[id];
        if (values === undefined || given === undefined || mapped.kinds[id] !== entity.entity) return undefined;
        const age = isPerson && this.age ? values[this.age] : undefined;
        out.push(...pendingAssumptions(entity, id, values, given, { isPerson, age, words: this.words, names: this.names.get(entity), material: this.part.entityFacts.get(entity)!.material }));
      }
    }
    return out;
  }

  /** The entity's instance ids in the order mapping makes them: the unit's, people as listed, else counted 1..n. */
  private ids(entity: PackageEntity, mapped: MappedHousehold, household: Readonly<Record<string, JsonValue>>): string[] {
    if (entity === this.part.unit) return [entityId(entity, 1)];
    const people = household.people;
    if (entity === this.part.person && isJsonObject(people)) return Object.keys(people);
    const unit = this.part.unit ? mapped.inputs[entityId(this.part.unit, 1)] : undefined;
    const count = entity.count ?? (entity.count_from !== undefined ? unit?.[entity.count_from] : 0);
    const ids: string[] = [];
    for (let n = 1; typeof count === 'number' && n <= Math.min(count, MAX_ENTITY_COUNT); n++) ids.push(entityId(entity, n));
    return ids;
  }
}
