/**
 * Sample households drawn from evidence: the companion test cases (`*.test.yaml`, reference §8) of the modules in
 * a package's closure. A case whose outputs sit closest to the package outputs in the compiled graph is
 * translated into the package's household conventions (facts keyed by the package's input names, relation rows as
 * `people`, the case's period as `YYYY-MM`). Candidates are only proposals: CompiledPackage.settleSample keeps the
 * first one that really computes. Parsing is pure; reading the files is the caller's (an async `readText`).
 */
import { neutralValue } from '../../domain/household/sample.js';
import type { JsonValue, PackageEntity, PackageInput } from '../../domain/household/shape.js';
import { valueKind, valueProblem } from '../../domain/household/values.js';
import { parseYaml, splitId, type RuntimePackage } from '../index.js';
import { parsePeriod } from '../period.js';

/**
 * Reads and parses test files once per load (packages share closure modules); a malformed or unreadable file
 * reads as undefined (the corpus runner reports it; here it is simply no evidence).
 */
export function testDocuments(readText: (path: string) => Promise<string>): (path: string) => Promise<unknown> {
  const cache = new Map<string, Promise<unknown>>();
  return (path) => {
    let doc = cache.get(path);
    if (!doc) {
      doc = readText(path).then(parseYaml, () => undefined).catch(() => undefined);
      cache.set(path, doc);
    }
    return doc;
  };
}
import type { HouseholdShape } from '../../domain/household/shape.js';
import { relationName } from '../syntax/ids.js';
import { isObject } from '../../domain/is-object.js';

/** A proposed sample household and where it came from (shown when no candidate computes). */
export interface SampleCandidate {
  origin: string;
  household: Record<string, JsonValue>;
}

/** At most this many test files are read per package, and this many cases proposed (start-up cost). */
const MAX_FILES = 4;
const MAX_CASES = 12;


/** Distance of each rule (legal id) from the package outputs along the compiled graph's rule dependencies. */
export function ruleDepths(pkg: RuntimePackage): Map<string, number> {
  const byId = new Map(pkg.graph.rules.map((r) => [r.legalId, r]));
  const byName = new Map(pkg.graph.rules.map((r) => [r.name, r]));
  const depth = new Map<string, number>();
  let frontier: string[] = [];
  for (const output of pkg.outputs) {
    const id = output.legalId && byId.has(output.legalId) ? output.legalId : byName.get(output.name)?.legalId;
    if (id && !depth.has(id)) {
      depth.set(id, 0);
      frontier.push(id);
    }
  }
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const dep of byId.get(id)?.ruleDeps ?? []) {
        if (depth.has(dep)) continue;
        depth.set(dep, d);
        next.push(dep);
      }
    }
    frontier = next;
  }
  return depth;
}

/** Test files of closure modules, nearest to the outputs first (modules none of whose rules lead to an output are left out). */
export function evidenceFiles(depths: ReadonlyMap<string, number>, testFiles: ReadonlyMap<string, string>): string[] {
  const moduleDepth = new Map<string, number>();
  for (const [id, d] of depths) {
    const module = splitId(id)?.module;
    if (module && (moduleDepth.get(module) ?? Infinity) > d) moduleDepth.set(module, d);
  }
  return [...moduleDepth]
    .filter(([module]) => testFiles.has(module))
    .sort(([a, da], [b, db]) => da - db || a.localeCompare(b))
    .slice(0, MAX_FILES)
    .map(([module]) => testFiles.get(module)!);
}

/** The month a test period starts in (`2026-08-01` day periods, tax years and months alike). */
function monthOfCase(raw: unknown): string | undefined {
  try {
    return parsePeriod(raw).start.slice(0, 7);
  } catch {
    return undefined;
  }
}

/** Judgment literals of test files (`holds`/`not_holds`) travel as JSON booleans in a household. */
function householdValue(raw: unknown, dtype: string): JsonValue | undefined {
  if (raw === null || raw === undefined || typeof raw === 'object') return undefined;
  if (valueKind(dtype) === 'bool' && typeof raw === 'string') {
    const word = raw.toLowerCase().replace(/-/g, '_');
    return word === 'holds' ? true : word === 'not_holds' ? false : undefined;
  }
  return raw as JsonValue;
}

/** A case value the package accepts for the input; a value of the wrong type (a defect of the test file) is left out. */
function fitting(raw: unknown, input: PackageInput): JsonValue | undefined {
  const value = householdValue(raw, input.dtype);
  return value !== undefined && valueProblem(input, value) === undefined ? value : undefined;
}

interface ShapeLookup {
  canonical(key: string): string | undefined;
  /** The entity declaring a canonical input: the unit entity first. */
  entityOf(name: string): PackageEntity | undefined;
  declaration(name: string): PackageInput | undefined;
  person: PackageEntity | undefined;
}

function lookup(pkg: RuntimePackage, shape: HouseholdShape): ShapeLookup {
  const exact = new Map<string, string>();
  const bySlot = new Map<string, string | null>();
  for (const input of pkg.inputs) {
    for (const name of [input.name, ...input.accepted]) exact.set(name, input.name);
    // A bare slot names its input only when no other input shares it.
    bySlot.set(input.slot, bySlot.has(input.slot) && bySlot.get(input.slot) !== input.name ? null : input.name);
  }
  const declared = new Map<string, { entity: PackageEntity; input: PackageInput }>();
  for (const entity of shape.entities) for (const input of entity.inputs) if (!declared.has(input.name)) declared.set(input.name, { entity, input });
  return {
    canonical(key) {
      const hit = exact.get(key);
      if (hit) return hit;
      const slot = splitId(key)?.name ?? key;
      return bySlot.get(slot) ?? undefined;
    },
    entityOf: (name) => declared.get(name)?.entity,
    declaration: (name) => declared.get(name)?.input,
    person: shape.entities.find((e) => e !== shape.entities[0]),
  };
}

/** One test case as a household, or undefined when it cannot be expressed in this package's conventions. */
export function caseHousehold(c: unknown, pkg: RuntimePackage, shape: HouseholdShape, names: ShapeLookup = lookup(pkg, shape)): Record<string, JsonValue> | undefined {
  if (!isObject(c) || c.tables !== undefined) return undefined; // Table rows feed list expectations, not one household.
  const period = monthOfCase(c.period);
  if (!period) return undefined;
  const facts: Record<string, JsonValue> = {};
  const people: Record<string, JsonValue> = {};
  const input = isObject(c.input) ? c.input : {};
  for (const [key, raw] of Object.entries(input)) {
    if (Array.isArray(raw)) {
      // Relation rows become the person entity's members when the package declares that relation.
      const person = names.person;
      const relation = splitId(key)?.name ?? relationName(key);
      if (!person?.relations?.some((r) => r.name === relation)) return undefined;
      for (const row of raw) {
        if (!isObject(row)) continue;
        const member: Record<string, JsonValue> = {};
        for (const [field, value] of Object.entries(row)) {
          const name = field === 'id' || field === 'entity_id' ? undefined : names.canonical(field);
          const input = name ? person.inputs.find((i) => i.name === name) : undefined;
          const v = input ? fitting(value, input) : undefined;
          if (name && v !== undefined) member[name] = v;
        }
        people[`person-${Object.keys(people).length + 1}`] = member;
      }
      continue;
    }
    const name = names.canonical(key);
    if (!name || !names.entityOf(name)) continue; // An input this package never reads.
    const v = fitting(raw, names.declaration(name)!);
    if (v !== undefined) facts[name] = v;
  }
  const household: Record<string, JsonValue> = { period, facts };
  if (Object.keys(people).length > 0) household.people = people;
  return household;
}

/** The case with neutral values (see sampleHousehold) for the unit inputs it leaves out. */
function withNeutralFacts(household: Record<string, JsonValue>, shape: HouseholdShape): Record<string, JsonValue> {
  const facts = { ...(household.facts as Record<string, JsonValue>) };
  const period = household.period as string;
  for (const input of shape.entities[0].inputs) if (input.default === undefined && !(input.name in facts)) facts[input.name] = neutralValue(input, period);
  return { ...household, facts };
}

type Ranked = { origin: string; household: Record<string, JsonValue>; offPeriod: number; depth: number; inputs: number; order: number };

/** Cases at the package's own period first, then nearest the outputs, then those supplying more inputs. */
const byRank = (a: Ranked, b: Ranked): number => a.offPeriod - b.offPeriod || a.depth - b.depth || b.inputs - a.inputs || a.order - b.order;

/**
 * Candidates from the companion tests of the package's closure, one batch per test file (nearest module first,
 * so a caller that stops at the first computing candidate reads no further file): the file's cases ranked
 * (byRank), each as given, then (when dated in another month) with its inputs at the package's default period,
 * then each of those completed with neutral values. A last batch merges the best case of every file.
 */
export async function* evidenceCandidates(
  pkg: RuntimePackage,
  shape: HouseholdShape,
  testFiles: ReadonlyMap<string, string>,
  readDocument: (path: string) => Promise<unknown>,
): AsyncGenerator<SampleCandidate[]> {
  const depths = ruleDepths(pkg);
  const names = lookup(pkg, shape);
  const best: Ranked[] = [];
  for (const file of evidenceFiles(depths, testFiles)) {
    const doc = await readDocument(file);
    if (!Array.isArray(doc)) continue;
    const ranked: Ranked[] = [];
    doc.forEach((c, i) => {
      if (!isObject(c) || !isObject(c.output)) return;
      const depth = Math.min(...Object.keys(c.output).map((k) => depths.get(k) ?? Infinity));
      if (depth === Infinity) return;
      const household = caseHousehold(c, pkg, shape, names);
      if (!household) return;
      const name = c.name !== undefined ? String(c.name) : `case-${i + 1}`;
      const offPeriod = household.period === shape.default_period ? 0 : 1;
      ranked.push({ origin: `${file}: ${name}`, household, offPeriod, depth, inputs: Object.keys(household.facts as object).length, order: ranked.length });
    });
    ranked.sort(byRank);
    if (ranked.length > 0) best.push(ranked[0]);
    yield ranked.slice(0, MAX_CASES).flatMap((r) => {
      const variants: SampleCandidate[] = [{ origin: r.origin, household: r.household }];
      // The program's own rules (e.g. synthesized outputs) may start after the case's period: its inputs at the package period.
      if (r.offPeriod) variants.push({ origin: `${r.origin} (inputs at ${shape.default_period})`, household: { ...r.household, period: shape.default_period } });
      return [...variants, ...variants.map((v) => ({ origin: `${v.origin} (with neutral values for other inputs)`, household: withNeutralFacts(v.household, shape) }))];
    });
  }
  // Last: the facts of the best case of every file together at the package period (each file covers part of the program).
  const merged = mergedCase(best.sort(byRank), shape.default_period);
  if (merged) yield [merged, { origin: `${merged.origin} (with neutral values for other inputs)`, household: withNeutralFacts(merged.household, shape) }];
}

function mergedCase(ranked: readonly { origin: string; household: Record<string, JsonValue> }[], period: string): SampleCandidate | undefined {
  const facts: Record<string, JsonValue> = {};
  const files = new Set<string>();
  for (const r of ranked) {
    const file = r.origin.slice(0, r.origin.indexOf(': '));
    if (files.has(file) || r.household.people !== undefined) continue;
    files.add(file);
    for (const [name, value] of Object.entries(r.household.facts as Record<string, JsonValue>)) if (!(name in facts)) facts[name] = value;
  }
  if (files.size < 2) return undefined;
  return { origin: `the first case of each of ${[...files].join(', ')}`, household: { period, facts } };
}
