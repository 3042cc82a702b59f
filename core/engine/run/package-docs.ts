/**
 * What a package says about its inputs and outputs: description, period and unit (docs/read-surface.md,
 * "Package detail"). A compose spec may state them in its extensions `input_docs` (keyed by household alias or
 * input name), `person_input_docs` (keyed by person alias) and `output_docs` (keyed by output name), read from
 * the program profile (../package/program-profile.ts); an output
 * the spec does not document takes what its RuleSpec rule has (`description` or `label`, `period`, `unit`), and an
 * input what a closure module's `inputs:` documentation block says about its slot. Nothing is invented: a field
 * the source does not state is left out.
 */
import type { RuntimePackage } from '../index.js';
import type { FieldDocs } from '../package/program-profile.js';

export type { FieldDocs } from '../package/program-profile.js';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** RuleSpec period labels (`Month`, `Year`) are shown as the lower-case word the docs extensions use. */
function periodWord(value: unknown): string | undefined {
  return text(value)?.toLowerCase();
}

function compact(docs: FieldDocs): FieldDocs {
  const out: FieldDocs = {};
  if (docs.description !== undefined) out.description = docs.description;
  if (docs.period !== undefined) out.period = docs.period;
  if (docs.unit !== undefined) out.unit = docs.unit;
  return out;
}

/** One `{description, period, unit}` entry of a module's `inputs:` block; other keys are not read. */
function entryDocs(raw: unknown): FieldDocs {
  const entry = record(raw);
  return compact({ description: text(entry.description), period: periodWord(entry.period), unit: text(entry.unit) });
}

/**
 * canonical input name -> docs, from one level's profile docs whose entries are keyed by an alias (resolved
 * through `aliases`) or by any name the input accepts (resolved through `canonicalOf`), field by field over
 * `fromSource`.
 */
export function inputDocs(
  declared: Readonly<Record<string, FieldDocs>>,
  aliases: Readonly<Record<string, string>>,
  canonicalOf: ReadonlyMap<string, string>,
  fromSource: ReadonlyMap<string, FieldDocs> = new Map(),
): Map<string, FieldDocs> {
  const out = new Map(fromSource);
  for (const [name, docs] of Object.entries(declared)) {
    const canonical = aliases[name] ?? canonicalOf.get(name);
    if (canonical) out.set(canonical, { ...out.get(canonical), ...docs });
  }
  return out;
}

/** canonical input name -> what the modules' `inputs:` blocks say about its slot (RuntimePackage.inputDocs). */
export function sourceInputDocs(pkg: RuntimePackage): Map<string, FieldDocs> {
  const out = new Map<string, FieldDocs>();
  for (const input of pkg.inputs) {
    const doc = pkg.inputDocs?.get(input.slot);
    const docs = doc ? entryDocs(doc) : {};
    if (Object.keys(docs).length > 0) out.set(input.name, docs);
  }
  return out;
}

/** output name -> docs: the spec's `output_docs` entry, field by field over what the output's rule states. */
export function outputDocs(pkg: RuntimePackage): Map<string, FieldDocs> {
  return ruleDocs(pkg, pkg.outputs.map((o) => [o.name, o.unit]));
}

/** person output name -> docs, as outputDocs (`output_docs` may describe them too). */
export function personOutputDocs(pkg: RuntimePackage): Map<string, FieldDocs> {
  return ruleDocs(pkg, pkg.spec.profile.person.outputs.map((name) => [name, undefined]));
}

function ruleDocs(pkg: RuntimePackage, names: ReadonlyArray<readonly [string, string | undefined]>): Map<string, FieldDocs> {
  const declared = pkg.spec.profile.outputDocs;
  const out = new Map<string, FieldDocs>();
  for (const [name, unit] of names) {
    const rule = pkg.program.derived.get(name)?.rule ?? pkg.program.parameters.get(name)?.rule;
    const fromRule = compact({ description: text(rule?.description) ?? text(rule?.label), period: periodWord(rule?.period), unit: text(rule?.unit ?? unit) });
    out.set(name, { ...fromRule, ...(Object.hasOwn(declared, name) ? declared[name] : {}) });
  }
  return out;
}
