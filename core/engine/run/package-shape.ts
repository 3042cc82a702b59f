/**
 * Derives a package's household shape (entities, inputs, defaults, aliases) from an engine RuntimePackage and
 * its program profile (the spec's checked extensions, ../package/program-profile.ts; docs/snap-package-contract.md):
 * the household and person levels' entities, aliases, defaults, docs (./package-docs.ts) and material inputs
 * (./material-inputs.ts), the person relation, input types, values and limits, and the default period. Without
 * them every input sits on one `household` unit, except inputs the engine reads through a relation, which go on a
 * counted member entity.
 */
import type { HouseholdShape, JsonValue, PackageEntity, PackageInput } from '../../domain/household/shape.js';
import type { RuntimePackage } from '../index.js';
import { isPeriod } from '../../domain/household/period.js';
import { materialInputs } from './material-inputs.js';
import { inputDocs, sourceInputDocs, type FieldDocs } from './package-docs.js';
import { relationName } from '../syntax/ids.js';


/**
 * Period from the extension or the spec, as `YYYY-MM`: a year-only period (a tax year `2026`) reads as its
 * first month, a date as its month.
 */
export function defaultPeriod(pkg: RuntimePackage): string {
  const candidate = pkg.spec.profile.defaultPeriod ?? pkg.spec.period;
  if (/^\d{4}$/.test(candidate)) return `${candidate}-01`;
  return isPeriod(candidate) ? candidate : String(candidate).slice(0, 7);
}

export function householdShape(pkg: RuntimePackage): HouseholdShape {
  const { household, person, inputTypes, inputLimits, inputValues } = pkg.spec.profile;
  // Any accepted id (or the bare slot) -> the input's canonical request name.
  const canonicalOf = new Map<string, string>();
  for (const input of pkg.inputs) for (const name of [input.slot, input.name, ...input.accepted]) canonicalOf.set(name, input.name);
  // Aliases naming no input of this package are left out: the spec may list inputs another closure reads.
  const resolveAliases = (aliases: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [alias, target] of Object.entries(aliases)) {
      const canonical = canonicalOf.get(target);
      if (canonical) out[alias] = canonical;
    }
    return out;
  };
  const householdAliases = resolveAliases(household.aliases);
  const personAliases = resolveAliases(person.aliases);
  const typeOf = (canonical: string, fallback: string): string => {
    for (const [alias, target] of Object.entries({ ...personAliases, ...householdAliases })) {
      if (target === canonical && Object.hasOwn(inputTypes, alias)) return inputTypes[alias];
    }
    return fallback;
  };
  const defaultsFor = (defaults: Readonly<Record<string, JsonValue>>, aliases: Record<string, string>): Map<string, JsonValue> => {
    const out = new Map<string, JsonValue>();
    for (const [name, value] of Object.entries(defaults)) {
      const canonical = aliases[name] ?? canonicalOf.get(name);
      if (canonical) out.set(canonical, value);
    }
    return out;
  };
  const householdDefaults = defaultsFor(household.defaults, householdAliases);
  const personDefaults = defaultsFor(person.defaults, personAliases);

  const unitEntity = household.entity ?? 'Household';
  const personEntity = person.entity ?? pkg.inputs.find((i) => i.relation)?.entity ?? 'Person';
  const personRelation = person.relation ?? pkg.inputs.find((i) => i.relation)?.relation;
  const householdTargets = new Set(Object.values(householdAliases));
  const queryEntities = new Set(pkg.outputs.map((o) => o.entity));
  const declaredPerson = person.entity !== undefined;
  const personTargets = new Set(Object.values(personAliases));

  const constraints = new Map<string, Pick<PackageInput, 'minimum' | 'maximum' | 'values'>>();
  const closedLists = Object.fromEntries(Object.entries(inputValues).map(([alias, values]) => [alias, { values: [...values] }]));
  for (const [alias, constraint] of Object.entries({ ...inputLimits, ...closedLists })) {
    const canonical = householdAliases[alias] ?? personAliases[alias];
    if (canonical) constraints.set(canonical, constraint);
  }
  // A person input without its own entry takes the household's, which includes the source's (below).
  const householdDocs = inputDocs(household.docs, householdAliases, canonicalOf, sourceInputDocs(pkg));
  const personDocs = inputDocs(person.docs, personAliases, canonicalOf);
  const declare = (name: string, dtype: string, value: JsonValue | undefined, docs: FieldDocs | undefined): PackageInput => {
    // RuleSpec reads an input only when evaluation reaches it, so an input without a default is optional here;
    // a missing input that a rule needs comes back from the engine and is reported as invalid_household.
    const input: PackageInput = value === undefined ? { name, dtype, optional: true } : { name, dtype, default: value };
    return { ...input, ...constraints.get(name), ...docs };
  };
  const householdMaterial = materialInputs(household.material, householdAliases);
  const personMaterial = materialInputs(person.material, personAliases);
  // flag canonical -> { given_of: the canonical input whose presence it records }, per level.
  const givenFlags = (flags: Readonly<Record<string, string>>, aliases: Record<string, string>): Map<string, { given_of: string }> => {
    const out = new Map<string, { given_of: string }>();
    for (const [flag, of] of Object.entries(flags)) {
      const flagName = aliases[flag] ?? canonicalOf.get(flag);
      const ofName = aliases[of] ?? canonicalOf.get(of);
      if (flagName && ofName) out.set(flagName, { given_of: ofName });
    }
    return out;
  };
  const householdFlags = givenFlags(household.givenFlags, householdAliases);
  const personFlags = givenFlags(person.givenFlags, personAliases);
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
    if (onUnit) unitInputs.push({ ...declare(input.name, dtype, householdDefaults.get(input.name) ?? (input.default as JsonValue | undefined), householdDocs.get(input.name)), ...householdMaterial.get(input.name), ...householdFlags.get(input.name) });
    // A person input the spec documents only at household level keeps that text.
    const docsOnPerson = personDocs.get(input.name) ?? householdDocs.get(input.name);
    if (onPerson) personInputs.push({ ...declare(input.name, dtype, personDefaults.get(input.name) ?? (input.default as JsonValue | undefined), docsOnPerson), ...personMaterial.get(input.name), ...personFlags.get(input.name) });
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
    // Relation names are shown and accepted bare (`member_of_snap_household`), not as durable ids.
    if (personRelation) {
      const names = [personRelation, ...pkg.spec.profile.person.alsoRelations].map(relationName);
      person.relations = [...new Set(names)].map((name) => ({ name, tuple: [personEntity, unitEntity] }));
    }
    entities.push(person);
  }
  // Published aliases: the household's, plus person-level ones (e.g. `age`) that do not clash with them.
  return { default_period: defaultPeriod(pkg), entities, household_aliases: { ...personAliases, ...householdAliases } };
}
