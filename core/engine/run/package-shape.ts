/**
 * Derives a package's household shape (entities, inputs, defaults, aliases) from an engine RuntimePackage and
 * its spec extensions (docs/snap-package-contract.md): `household_entity`, `household_aliases`, `input_types`,
 * `input_defaults`, `person_entity`, `person_relation`, `person_aliases`, `person_input_defaults`,
 * `default_period`, and the docs extensions `input_docs` / `person_input_docs` (./package-docs.ts). Without extensions every input sits on one `household` unit, except inputs the engine
 * reads through a relation, which go on a counted member entity.
 */
import type { HouseholdShape, JsonValue, PackageEntity, PackageInput } from '../../domain/household/shape.js';
import type { RuntimePackage } from '../index.js';
import { isPeriod } from '../../domain/household/period.js';
import { inputLimits, inputValues, materialInputs } from './material-inputs.js';
import { inputDocs, sourceInputDocs, type FieldDocs } from './package-docs.js';

type Extensions = Readonly<Record<string, unknown>>;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Relation names are shown and accepted bare (`member_of_snap_household`), not as durable ids. */
export function bareRelationName(name: string): string {
  const hash = name.indexOf('#relation.');
  return hash >= 0 ? name.slice(hash + '#relation.'.length) : name;
}

/**
 * Period from the extension or the spec, as `YYYY-MM`: a year-only period (a tax year `2026`) reads as its
 * first month, a date as its month.
 */
export function defaultPeriod(pkg: RuntimePackage): string {
  const fromExtension = pkg.spec.extensions.default_period;
  const candidate = String(typeof fromExtension === 'string' || typeof fromExtension === 'number' ? fromExtension : pkg.spec.period);
  if (/^\d{4}$/.test(candidate)) return `${candidate}-01`;
  return isPeriod(candidate) ? candidate : String(candidate).slice(0, 7);
}

export function householdShape(pkg: RuntimePackage): HouseholdShape {
  const ext: Extensions = pkg.spec.extensions;
  // Any accepted id (or the bare slot) -> the input's canonical request name.
  const canonicalOf = new Map<string, string>();
  for (const input of pkg.inputs) for (const name of [input.slot, input.name, ...input.accepted]) canonicalOf.set(name, input.name);
  const resolveAliases = (raw: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [alias, target] of Object.entries(record(raw))) {
      const canonical = typeof target === 'string' ? canonicalOf.get(target) : undefined;
      if (canonical) out[alias] = canonical;
    }
    return out;
  };
  const householdAliases = resolveAliases(ext.household_aliases);
  const personAliases = resolveAliases(ext.person_aliases);
  const inputTypes = record(ext.input_types);
  const typeOf = (canonical: string, fallback: string): string => {
    for (const [alias, target] of Object.entries({ ...personAliases, ...householdAliases })) {
      if (target === canonical && typeof inputTypes[alias] === 'string') return inputTypes[alias] as string;
    }
    return fallback;
  };
  const defaultsFor = (raw: unknown, aliases: Record<string, string>): Map<string, JsonValue> => {
    const out = new Map<string, JsonValue>();
    for (const [name, value] of Object.entries(record(raw))) {
      const canonical = aliases[name] ?? canonicalOf.get(name);
      if (canonical && value !== undefined) out.set(canonical, value as JsonValue);
    }
    return out;
  };
  const householdDefaults = defaultsFor(ext.input_defaults, householdAliases);
  const personDefaults = defaultsFor(ext.person_input_defaults, personAliases);

  const unitEntity = text(ext.household_entity) ?? 'Household';
  const personEntity = text(ext.person_entity) ?? pkg.inputs.find((i) => i.relation)?.entity ?? 'Person';
  const personRelation = text(ext.person_relation) ?? pkg.inputs.find((i) => i.relation)?.relation;
  const householdTargets = new Set(Object.values(householdAliases));
  const queryEntities = new Set(pkg.outputs.map((o) => o.entity));
  const declaredPerson = text(ext.person_entity) !== undefined;
  const personTargets = new Set(Object.values(personAliases));

  const constraints = new Map<string, Pick<PackageInput, 'minimum' | 'maximum' | 'values'>>();
  for (const [alias, constraint] of Object.entries({ ...inputLimits(ext), ...inputValues(ext) })) {
    const canonical = householdAliases[alias] ?? personAliases[alias];
    if (canonical) constraints.set(canonical, constraint);
  }
  // A person input without its own entry takes the household's, which includes the source's (below).
  const householdDocs = inputDocs(ext, 'input_docs', householdAliases, canonicalOf, sourceInputDocs(pkg));
  const personDocs = inputDocs(ext, 'person_input_docs', personAliases, canonicalOf);
  const declare = (name: string, dtype: string, value: JsonValue | undefined, docs: FieldDocs | undefined): PackageInput => {
    // RuleSpec reads an input only when evaluation reaches it, so an input without a default is optional here;
    // a missing input that a rule needs comes back from the engine and is reported as invalid_household.
    const input: PackageInput = value === undefined ? { name, dtype, optional: true } : { name, dtype, default: value };
    return { ...input, ...constraints.get(name), ...docs };
  };
  const householdMaterial = materialInputs(ext, 'household', householdAliases);
  const personMaterial = materialInputs(ext, 'person', personAliases);
  const unitInputs: PackageInput[] = [];
  const personInputs: PackageInput[] = [];
  for (const input of pkg.inputs) {
    // Only a relation reaches member entities: without one, an input is read at the query entity (the unit), unless
    // the package declares its person entity and the input belongs to it rather than to the outputs' entity.
    const ofMembers = !!input.relation || (declaredPerson && input.entity === personEntity && !queryEntities.has(input.entity));
    const onPerson = personTargets.has(input.name) || (ofMembers && !householdTargets.has(input.name));
    // Read both directly at the query entity and through a relation: declared on the unit and on members.
    const onUnit = householdTargets.has(input.name) || !onPerson || (queryEntities.has(input.entity) && !personTargets.has(input.name));
    const dtype = typeOf(input.name, input.dtype);
    if (onUnit) unitInputs.push({ ...declare(input.name, dtype, householdDefaults.get(input.name) ?? (input.default as JsonValue | undefined), householdDocs.get(input.name)), ...householdMaterial.get(input.name) });
    // A person input the spec documents only at household level keeps that text.
    const docsOnPerson = personDocs.get(input.name) ?? householdDocs.get(input.name);
    if (onPerson) personInputs.push({ ...declare(input.name, dtype, personDefaults.get(input.name) ?? (input.default as JsonValue | undefined), docsOnPerson), ...personMaterial.get(input.name) });
  }

  // Besides the published aliases, every bare slot name and every accepted input id names its input.
  const implicit = (inputs: PackageInput[]): Record<string, string> => {
    const names = new Set(inputs.map((i) => i.name));
    const out: Record<string, string> = {};
    for (const input of pkg.inputs) {
      if (!names.has(input.name)) continue;
      for (const name of [input.slot, ...input.accepted]) if (name !== input.name) out[name] = input.name;
    }
    return out;
  };
  const entities: PackageEntity[] = [{ entity: unitEntity, id_template: 'household', inputs: unitInputs, aliases: implicit(unitInputs) }];
  if (personInputs.length > 0) {
    const person: PackageEntity = { entity: personEntity, id_template: 'person-{n}', count: 0, inputs: personInputs, aliases: { ...implicit(personInputs), ...personAliases } };
    if (personRelation) person.relations = [{ name: bareRelationName(personRelation), tuple: [personEntity, unitEntity] }];
    entities.push(person);
  }
  // Published aliases: the household's, plus person-level ones (e.g. `age`) that do not clash with them.
  return { default_period: defaultPeriod(pkg), entities, household_aliases: { ...personAliases, ...householdAliases } };
}
