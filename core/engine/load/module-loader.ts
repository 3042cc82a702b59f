/**
 * Turns the text of one RuleSpec module into a LoadedModule: YAML parse, shape checks (§1.4, §2, §3, §7),
 * formula parsing and rule classification by shape (§2.1). Never throws: problems become diagnostics.
 * The parts live in this folder (dtypes, versions, one file per rule family) and in ../syntax/ (ids, YAML, line index).
 */
import { isCanonicalCitationPath, jurisdictionOf, parseImport, targetProblem } from '../syntax/ids.js';
import type { Diagnostic, InputDoc, LoadedModule, ModuleMeta, Rule, UnitDecl } from './model.js';
import { BUILTIN_CURRENCIES } from './dtypes.js';
import { scanLines, type LineIndex } from '../syntax/line-index.js';
import { loadRule } from './rule.js';
import { isObject, parseYaml, str, type Obj } from '../syntax/yaml.js';

export { BUILTIN_CURRENCIES, lowerDType } from './dtypes.js';
export { filePosition, scanLines, type LineIndex } from '../syntax/line-index.js';
export { parseYaml } from '../syntax/yaml.js';

export interface ModuleLoadOptions {
  /** Accept a first path segment that is not an atomic root (the corpus has one such module). Default true. */
  readonly allowAnyRoot?: boolean;
  /** The already-parsed YAML document of `text` (lets a caller cache parses); parsed from `text` when absent. */
  readonly document?: unknown;
}

/** Diagnostics of one module file, located at a rule's line when one is named. */
interface ModuleProblems {
  readonly diags: Diagnostic[];
  err(message: string, rule?: string, line?: number, column?: number): void;
  warn(message: string, rule?: string): void;
}

function moduleProblems(id: string, path: string, lines: ReadonlyMap<string, number>): ModuleProblems {
  const diags: Diagnostic[] = [];
  return {
    diags,
    err(message, rule, line, column) {
      diags.push({ severity: 'error', module: id, file: path, rule, line: line ?? (rule ? lines.get(rule) : undefined), column, message });
    },
    warn(message, rule) {
      diags.push({ severity: 'warning', module: id, file: path, rule, line: rule ? lines.get(rule) : undefined, message });
    },
  };
}

export function loadModule(id: string, path: string, text: string, options: ModuleLoadOptions = {}): LoadedModule {
  const index = scanLines(text);
  const problems = moduleProblems(id, path, index.rules);
  const { diags, err, warn } = problems;
  const empty = (meta: ModuleMeta = { raw: {} }): LoadedModule => ({
    id, jurisdiction: jurisdictionOf(id), path, meta, imports: [], rules: [], units: [], diagnostics: diags, ok: false,
  });

  const strictProblem = targetProblem(id);
  if (strictProblem) {
    const lenient = targetProblem(id, options.allowAnyRoot ?? true);
    if (lenient) {
      err(`the file path does not make a valid module id: ${lenient}`);
      return empty();
    }
    warn(`not addressable by a strict loader: ${strictProblem}`);
  }

  let doc: unknown;
  try {
    doc = options.document !== undefined ? options.document : parseYaml(text);
  } catch (e) {
    const mark = (e as { mark?: { line?: number; column?: number } }).mark;
    err(`YAML syntax error: ${(e as Error).message.split('\n')[0]}`, undefined, mark?.line !== undefined ? mark.line + 1 : undefined, mark?.column !== undefined ? mark.column + 1 : undefined);
    return empty();
  }
  if (!isObject(doc)) {
    err('a module must be a YAML mapping');
    return empty();
  }
  if (doc.format !== 'rulespec/v1') err(`"format" must be exactly rulespec/v1 (found ${JSON.stringify(doc.format ?? null)})`);
  for (const k of ['schema', 'extends', 'relations']) if (k in doc) err(`top-level "${k}" is not allowed in RuleSpec v1`);
  // Citation metadata is inert to evaluation: defects are reported as warnings so the module still runs.
  if (text.includes('corpus_citation_paths')) warn('the plural "corpus_citation_paths" is not allowed; use corpus_citation_path');

  const meta = moduleMeta(doc, problems);
  const imports = moduleImports(doc, problems);
  const units = moduleUnits(doc, problems);
  const rules = moduleRules(id, doc, meta.citationPath, units, index, problems);
  const ok = !diags.some((d) => d.severity === 'error');
  const inputDocs = documentedInputs(doc.inputs);
  return { id, jurisdiction: jurisdictionOf(id), path, meta, imports, rules, units, ...(inputDocs.length > 0 ? { inputDocs } : {}), diagnostics: diags, ok };
}

/** The `module:` block; citation defects are warnings (the metadata is inert to evaluation). */
function moduleMeta(doc: Obj, { warn }: ModuleProblems): ModuleMeta {
  const rawMeta = isObject(doc.module) ? doc.module : {};
  const sv = isObject(rawMeta.source_verification) ? rawMeta.source_verification : undefined;
  const citationPath = sv ? str(sv.corpus_citation_path) : undefined;
  if (sv) {
    if (citationPath === undefined) warn('module.source_verification.corpus_citation_path is required');
    else if (!isCanonicalCitationPath(citationPath)) warn(`corpus_citation_path "${citationPath}" is not canonical`);
    if (sv.source_sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(String(sv.source_sha256))) warn('source_sha256 must be 64 hex characters');
  }
  return {
    summary: str(rawMeta.summary),
    kind: str(rawMeta.kind),
    status: str(rawMeta.status),
    citationPath,
    sourceSha256: sv ? str(sv.source_sha256) : undefined,
    raw: rawMeta,
  };
}

/** Imported module ids, de-duplicated in order. */
function moduleImports(doc: Obj, { err }: ModuleProblems): string[] {
  const imports: string[] = [];
  if (doc.imports === undefined || doc.imports === null) return imports;
  if (!Array.isArray(doc.imports)) {
    err('"imports" must be a list of module ids');
    return imports;
  }
  for (const entry of doc.imports) {
    if (typeof entry !== 'string') {
      err(`import ${JSON.stringify(entry)} is not a string`);
      continue;
    }
    const { id: target, problem } = parseImport(entry);
    if (problem) err(`invalid import "${entry}": ${problem}`);
    else if (!imports.includes(target)) imports.push(target);
  }
  return imports;
}

function moduleUnits(doc: Obj, { err }: ModuleProblems): UnitDecl[] {
  const units: UnitDecl[] = [];
  if (Array.isArray(doc.units))
    for (const u of doc.units) {
      if (!isObject(u) || typeof u.name !== 'string') {
        err('each unit needs a name');
        continue;
      }
      const minor = Number(u.minor_units ?? 0);
      units.push({ name: u.name, kind: String(u.kind ?? ''), minorUnits: Number.isInteger(minor) && minor >= 0 ? minor : 0 });
    }
  return units;
}

/** The rules, in file order; a rule with an invalid or repeated name, or that fails to load, is left out. */
function moduleRules(id: string, doc: Obj, citationPath: string | undefined, units: readonly UnitDecl[], index: LineIndex, problems: ModuleProblems): Rule[] {
  const { err, warn } = problems;
  // The module's own units override the built-in currencies (a non-currency unit of the same name removes one).
  const currencies = new Map(BUILTIN_CURRENCIES);
  for (const u of units) {
    if (u.kind === 'currency') currencies.set(u.name, u.minorUnits);
    else currencies.delete(u.name);
  }
  const rules: Rule[] = [];
  if (doc.rules !== undefined && !Array.isArray(doc.rules)) err('"rules" must be a list');
  const seen = new Set<string>();
  for (const [idx, raw] of (Array.isArray(doc.rules) ? doc.rules : []).entries()) {
    if (!isObject(raw)) {
      err(`rules[${idx}] is not a mapping`);
      continue;
    }
    const name = str(raw.name);
    if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      err(`rules[${idx}] has a missing or invalid name ${JSON.stringify(raw.name ?? null)}`);
      continue;
    }
    if (seen.has(name)) {
      err(`rule "${name}" is declared twice in this module`, name);
      continue;
    }
    seen.add(name);
    const origin = { moduleId: id, citationPath, line: index.rules.get(name) };
    const ruleProblems = { err: (m: string, line?: number, col?: number) => err(m, name, line, col), warn: (m: string) => warn(m, name) };
    const rule = loadRule(name, raw, origin, currencies, ruleProblems, index.formulas.get(name));
    if (rule) rules.push(rule);
  }
  return rules;
}

/** The `inputs:` block's named entries (documentation the engine never reads, so a malformed one is skipped, not an error). */
function documentedInputs(raw: unknown): InputDoc[] {
  if (!Array.isArray(raw)) return [];
  const out: InputDoc[] = [];
  for (const entry of raw) {
    if (!isObject(entry) || typeof entry.name !== 'string') continue;
    const description = str(entry.description)?.trim();
    const period = str(entry.period)?.trim();
    const unit = str(entry.unit)?.trim();
    out.push({ name: entry.name, ...(description ? { description } : {}), ...(period ? { period } : {}), ...(unit ? { unit } : {}) });
  }
  return out;
}
