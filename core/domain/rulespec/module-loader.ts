/**
 * Turns the text of one RuleSpec module into a LoadedModule: YAML parse, shape checks (§1.4, §2, §3, §7),
 * formula parsing and rule classification by shape (§2.1). Never throws: problems become diagnostics.
 */
import jsYaml from 'js-yaml';
import { isLiteral } from './ast.js';
import { isCanonicalCitationPath, jurisdictionOf, parseImport, targetProblem } from './ids.js';
import type {
  DType,
  DerivedRule,
  Diagnostic,
  InputDoc,
  ParameterRule,
  LoadedModule,
  ModuleMeta,
  RoundingMode,
  Rule,
  RuleVersion,
  SourceRef,
  UnitDecl,
} from './model.js';
import type { Pos } from './ast.js';
import { FormulaSyntaxError, parseFormula } from './parser.js';
import { fromCell, isoToDays, type Value } from './values.js';

const KINDS = new Set(['derived', 'parameter', 'source_relation', 'data_relation', 'derived_relation']);
const ROUNDING = new Set(['half_up', 'half_even', 'floor', 'ceil']);
const REL_TYPES = new Set(['restates', 'sets', 'implements', 'delegates', 'amends', 'defines', 'cites']);
export const BUILTIN_CURRENCIES: ReadonlyMap<string, number> = new Map([
  ['USD', 2], ['EUR', 2], ['GBP', 2], ['GHS', 2], ['GHp', 0], ['NGN', 2], ['UGX', 0], ['ZMW', 2], ['ETB', 2], ['RWF', 0], ['TZS', 2], ['DKK', 2],
]);

const DTYPES: Record<string, DType> = {
  Judgment: 'judgment', judgment: 'judgment',
  Boolean: 'bool', Bool: 'bool', boolean: 'bool', bool: 'bool',
  Integer: 'integer', integer: 'integer', int: 'integer',
  Money: 'decimal', money: 'decimal', Rate: 'decimal', rate: 'decimal', Decimal: 'decimal', decimal: 'decimal', float: 'decimal',
  Text: 'text', text: 'text', String: 'text', string: 'text',
  Date: 'date', date: 'date',
};

/** Lowered dtype for a declared spelling; unknown or missing spellings are decimal (§2.3). */
export function lowerDType(label: unknown): DType {
  return typeof label === 'string' && label in DTYPES ? DTYPES[label] : 'decimal';
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined);

/** YAML parse with the core schema plus `<<` merge keys (no timestamps: dates stay strings). */
const MERGE = (jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge;
const SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [MERGE] });
export function parseYaml(text: string): unknown {
  return jsYaml.load(text, { schema: SCHEMA });
}

/** Where a formula's text starts in the file: 1-based line, 0-based column offset, block scalar or inline. */
export interface FormulaAt {
  readonly line: number;
  readonly column: number;
  readonly block: boolean;
}

/** File line and column of a formula-relative position (block content is de-indented by YAML). */
export function filePosition(at: FormulaAt, pos: Pos): { line: number; column: number } {
  const line = at.line + pos.line - 1;
  return { line, column: at.block || pos.line === 1 ? at.column + pos.col : pos.col };
}

export interface LineIndex {
  /** Rule name → line of its `- name:` entry. */
  readonly rules: Map<string, number>;
  /** Rule name → its `formula:` keys in file order. */
  readonly formulas: Map<string, FormulaAt[]>;
}

/**
 * Lines of `- name: X` entries and of their `formula:` keys, so diagnostics and read surfaces can point into
 * the file. A scan with indexOf (native) rather than a multiline regex: this runs over every module's full text.
 */
export function scanLines(text: string): LineIndex {
  const rules = new Map<string, number>();
  const formulas = new Map<string, FormulaAt[]>();
  let line = 1;
  let lastNl = -1;
  let current: string | undefined;
  let nextName = text.indexOf('name:');
  let nextFormula = text.indexOf('formula:');
  const advanceTo = (k: number): void => {
    for (let nl = text.indexOf('\n', lastNl + 1); nl >= 0 && nl < k; nl = text.indexOf('\n', lastNl + 1)) {
      line++;
      lastNl = nl;
    }
  };
  /** Whether only spaces and (required or optional) `- ` precede position k on its line. */
  const keyStart = (k: number, needDash: boolean): boolean => {
    let j = k - 1;
    while (j > lastNl && text.charCodeAt(j) === 32) j--;
    if (j > lastNl && text.charCodeAt(j) === 45) {
      j--;
      while (j > lastNl && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
      return j === lastNl;
    }
    return !needDash && j === lastNl;
  };
  while (nextName >= 0 || nextFormula >= 0) {
    if (nextFormula < 0 || (nextName >= 0 && nextName < nextFormula)) {
      const k = nextName;
      nextName = text.indexOf('name:', k + 5);
      advanceTo(k);
      if (!keyStart(k, true)) continue;
      const m = /^[ \t]*['"]?([A-Za-z0-9_]+)/.exec(text.slice(k + 5, k + 205));
      if (!m) continue;
      current = m[1];
      if (!rules.has(current)) rules.set(current, line);
    } else {
      const k = nextFormula;
      nextFormula = text.indexOf('formula:', k + 8);
      advanceTo(k);
      if (current === undefined || !keyStart(k, false)) continue;
      const eol = text.indexOf('\n', k);
      const rest = text.slice(k + 8, eol < 0 ? text.length : eol);
      let at: FormulaAt;
      if (/^\s*[|>][-+0-9]*\s*(#.*)?$/.test(rest)) {
        const eol2 = eol < 0 ? -1 : text.indexOf('\n', eol + 1);
        const next = eol < 0 ? '' : text.slice(eol + 1, eol2 < 0 ? text.length : eol2);
        at = { line: line + 1, column: next.length - next.trimStart().length, block: true };
      } else {
        const lead = rest.length - rest.trimStart().length;
        const quoted = /^['"]/.test(rest.trimStart()) ? 1 : 0;
        at = { line, column: k + 8 - (lastNl + 1) + lead + quoted, block: false };
      }
      const list = formulas.get(current);
      if (list) list.push(at);
      else formulas.set(current, [at]);
    }
  }
  return { rules, formulas };
}

export interface ModuleLoadOptions {
  /** Accept a first path segment that is not an atomic root (the corpus has one such module). Default true. */
  readonly allowAnyRoot?: boolean;
  /** The already-parsed YAML document of `text` (lets a caller cache parses); parsed from `text` when absent. */
  readonly document?: unknown;
}

export function loadModule(id: string, path: string, text: string, options: ModuleLoadOptions = {}): LoadedModule {
  const diags: Diagnostic[] = [];
  const index = scanLines(text);
  const lines = index.rules;
  const err = (message: string, rule?: string, line?: number, column?: number): void => {
    diags.push({ severity: 'error', module: id, file: path, rule, line: line ?? (rule ? lines.get(rule) : undefined), column, message });
  };
  const warn = (message: string, rule?: string): void => {
    diags.push({ severity: 'warning', module: id, file: path, rule, line: rule ? lines.get(rule) : undefined, message });
  };
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
  if (!isObj(doc)) {
    err('a module must be a YAML mapping');
    return empty();
  }
  if (doc.format !== 'rulespec/v1') err(`"format" must be exactly rulespec/v1 (found ${JSON.stringify(doc.format ?? null)})`);
  for (const k of ['schema', 'extends', 'relations']) if (k in doc) err(`top-level "${k}" is not allowed in RuleSpec v1`);
  // Citation metadata is inert to evaluation: defects are reported as warnings so the module still runs.
  if (text.includes('corpus_citation_paths')) warn('the plural "corpus_citation_paths" is not allowed; use corpus_citation_path');

  const rawMeta = isObj(doc.module) ? doc.module : {};
  const sv = isObj(rawMeta.source_verification) ? rawMeta.source_verification : undefined;
  const citationPath = sv ? str(sv.corpus_citation_path) : undefined;
  if (sv) {
    if (citationPath === undefined) warn('module.source_verification.corpus_citation_path is required');
    else if (!isCanonicalCitationPath(citationPath)) warn(`corpus_citation_path "${citationPath}" is not canonical`);
    if (sv.source_sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(String(sv.source_sha256))) warn('source_sha256 must be 64 hex characters');
  }
  const meta: ModuleMeta = {
    summary: str(rawMeta.summary),
    kind: str(rawMeta.kind),
    status: str(rawMeta.status),
    citationPath,
    sourceSha256: sv ? str(sv.source_sha256) : undefined,
    raw: rawMeta,
  };

  const imports: string[] = [];
  if (doc.imports !== undefined && doc.imports !== null) {
    if (!Array.isArray(doc.imports)) err('"imports" must be a list of module ids');
    else
      for (const entry of doc.imports) {
        if (typeof entry !== 'string') {
          err(`import ${JSON.stringify(entry)} is not a string`);
          continue;
        }
        const { id: target, problem } = parseImport(entry);
        if (problem) err(`invalid import "${entry}": ${problem}`);
        else if (!imports.includes(target)) imports.push(target);
      }
  }

  const units: UnitDecl[] = [];
  if (Array.isArray(doc.units))
    for (const u of doc.units) {
      if (!isObj(u) || typeof u.name !== 'string') {
        err('each unit needs a name');
        continue;
      }
      const minor = Number(u.minor_units ?? 0);
      units.push({ name: u.name, kind: String(u.kind ?? ''), minorUnits: Number.isInteger(minor) && minor >= 0 ? minor : 0 });
    }
  const currencies = new Map(BUILTIN_CURRENCIES);
  for (const u of units) {
    if (u.kind === 'currency') currencies.set(u.name, u.minorUnits);
    else currencies.delete(u.name);
  }

  const rules: Rule[] = [];
  if (doc.rules !== undefined && !Array.isArray(doc.rules)) err('"rules" must be a list');
  const seen = new Set<string>();
  for (const [idx, raw] of (Array.isArray(doc.rules) ? doc.rules : []).entries()) {
    if (!isObj(raw)) {
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
    const rule = loadRule(id, name, raw, citationPath, lines.get(name), currencies, (m, line, col) => err(m, name, line, col), (m) => warn(m, name), index.formulas.get(name));
    if (rule) rules.push(rule);
  }
  const ok = !diags.some((d) => d.severity === 'error');
  const inputDocs = documentedInputs(doc.inputs);
  return { id, jurisdiction: jurisdictionOf(id), path, meta, imports, rules, units, ...(inputDocs.length > 0 ? { inputDocs } : {}), diagnostics: diags, ok };
}

/** The `inputs:` block's named entries (documentation the engine never reads, so a malformed one is skipped, not an error). */
function documentedInputs(raw: unknown): InputDoc[] {
  if (!Array.isArray(raw)) return [];
  const out: InputDoc[] = [];
  for (const entry of raw) {
    if (!isObj(entry) || typeof entry.name !== 'string') continue;
    const description = str(entry.description)?.trim();
    const period = str(entry.period)?.trim();
    const unit = str(entry.unit)?.trim();
    out.push({ name: entry.name, ...(description ? { description } : {}), ...(period ? { period } : {}), ...(unit ? { unit } : {}) });
  }
  return out;
}

function loadRule(
  moduleId: string,
  name: string,
  raw: Obj,
  citationPath: string | undefined,
  line: number | undefined,
  currencies: ReadonlyMap<string, number>,
  err: (m: string, line?: number, col?: number) => void,
  warn: (m: string) => void,
  formulaAt: readonly FormulaAt[] = [],
): Rule | undefined {
  const kind = str(raw.kind);
  if (!kind || !KINDS.has(kind)) {
    err(`rule "${name}" has a missing or unknown kind ${JSON.stringify(raw.kind ?? null)}`);
    return undefined;
  }
  if ('default' in raw) {
    err(`rule "${name}": "default:" is not allowed; missing inputs are errors in RuleSpec`);
    return undefined;
  }
  if ('arity' in raw) {
    err(`rule "${name}": a rule-level "arity" is not allowed (put it in the relation block)`);
    return undefined;
  }
  const meta = isObj(raw.metadata) ? raw.metadata : {};
  const sources: SourceRef[] = [];
  if (Array.isArray(raw.sources))
    for (const s of raw.sources) if (isObj(s) && str(s.citation)) sources.push({ citation: str(s.citation)!, url: str(s.url) });
  const base = {
    name,
    id: `${moduleId}#${name}`,
    module: moduleId,
    citationPath,
    declaredKind: kind,
    source: str(raw.source),
    sourceUrl: str(raw.source_url),
    sources,
    label: str(raw.label),
    description: str(raw.description),
    period: str(raw.period),
    line,
    private: meta.private === true,
    metadata: isObj(raw.metadata) ? raw.metadata : undefined,
  };

  if (kind === 'source_relation') {
    const sr = isObj(raw.source_relation) ? raw.source_relation : undefined;
    for (const k of ['formula', 'versions', 'entity', 'dtype', 'period', 'unit', 'indexed_by']) {
      if (k in raw) {
        err(`source relation "${name}" may not have "${k}"`);
        return undefined;
      }
    }
    if (!sr) {
      err(`source relation "${name}" needs a source_relation block`);
      return undefined;
    }
    const type = str(sr.type);
    const target = str(sr.target);
    if (!type || !REL_TYPES.has(type)) {
      err(`source relation "${name}" has an unknown type ${JSON.stringify(sr.type ?? null)}`);
      return undefined;
    }
    if (!target || !target.includes(':')) {
      err(`source relation "${name}" needs an absolute target`);
      return undefined;
    }
    const basis = isObj(sr.basis) ? sr.basis : {};
    const amendment = isObj(sr.amendment) ? sr.amendment : undefined;
    const value = str(sr.value);
    const delegation = str(basis.delegation);
    for (const [label, v] of [['value', value], ['basis.delegation', delegation], ['amendment.superseding_rule', amendment ? str(amendment.superseding_rule) : undefined]] as const) {
      if (v !== undefined && (!v.includes(':') || !v.includes('#'))) {
        err(`source relation "${name}": ${label} must be an absolute rule id with "#"`);
        return undefined;
      }
    }
    if ((type === 'sets' || type === 'implements') && !delegation) {
      err(`source relation "${name}" of type ${type} needs basis.delegation`);
      return undefined;
    }
    if (type === 'amends' && (!amendment || amendment.operation === undefined || amendment.effective === undefined)) {
      err(`source relation "${name}" of type amends needs amendment.operation and amendment.effective`);
      return undefined;
    }
    if (type === 'sets' && !value) {
      err(`source relation "${name}" of type sets needs a value`);
      return undefined;
    }
    return { ...base, shape: 'source_relation', relationType: type, target, value, authority: str(sr.authority), delegation };
  }

  if (kind === 'data_relation') {
    const dr = isObj(raw.data_relation) ? raw.data_relation : {};
    const arity = Number(dr.arity);
    if (!Number.isInteger(arity) || arity < 1) {
      err(`data relation "${name}" needs an integer arity`);
      return undefined;
    }
    const args = Array.isArray(dr.arguments) ? dr.arguments.map(String) : undefined;
    if (args && args.length !== arity) {
      err(`data relation "${name}" has ${args.length} arguments but arity ${arity}`);
      return undefined;
    }
    return { ...base, shape: 'data_relation', arity, arguments: args };
  }

  const versions = loadVersions(name, raw, err, formulaAt);
  if (!versions) return undefined;

  if (kind === 'derived_relation') {
    const dr = isObj(raw.derived_relation) ? raw.derived_relation : {};
    const arity = Number(dr.arity);
    if (!Number.isInteger(arity) || arity < 1) {
      err(`derived relation "${name}" needs an integer arity`);
      return undefined;
    }
    const src = str(dr.source_relation);
    if (!src) {
      err(`derived relation "${name}" needs a source_relation`);
      return undefined;
    }
    if (versions.length !== 1 || !versions[0].formula) {
      err(`derived relation "${name}" must have exactly one formula version`);
      return undefined;
    }
    const localSrc = src.includes('#relation.') ? src.slice(src.indexOf('#relation.') + 10) : src.includes('#') ? src.slice(src.indexOf('#') + 1) : src;
    return {
      ...base,
      shape: 'derived_relation',
      arity,
      sourceRelation: localSrc,
      aliasEntity: str(dr.entity),
      memberRelation: str(dr.member_relation),
      slotEntities: Array.isArray(dr.slot_entities) ? dr.slot_entities.map(String) : undefined,
      currentSlot: dr.current_slot === undefined ? 1 : Number(dr.current_slot),
      relatedSlot: dr.related_slot === undefined ? 0 : Number(dr.related_slot),
      versions,
    };
  }

  const entity = str(raw.entity);
  const dtypeLabel = str(raw.dtype);
  const unit = str(raw.unit);
  const table = versions.some((v) => v.cells !== undefined);
  const indexedBy = str(raw.indexed_by);
  if (table && !indexedBy) {
    err(`parameter "${name}" has a values table but no indexed_by`);
    return undefined;
  }
  if (table && versions.some((v) => v.formula !== undefined)) {
    err(`rule "${name}" mixes values tables and formulas across versions`);
    return undefined;
  }
  const literalOnly = versions.every((v) => v.formula !== undefined && isLiteral(v.formula));
  const isParameter = table || (!entity && literalOnly);
  if (raw.rounding !== undefined) {
    const mode = str(raw.rounding);
    if (isParameter) {
      err(`"rounding" is only allowed on derived rules ("${name}" is a parameter)`);
      return undefined;
    }
    if (!mode || !ROUNDING.has(mode)) {
      err(`unknown rounding mode ${JSON.stringify(raw.rounding)} (use half_up, half_even, floor or ceil)`);
      return undefined;
    }
    if (!unit || !currencies.has(unit)) {
      err(`"rounding" needs a currency unit; "${unit ?? '(none)'}" is not a declared currency`);
      return undefined;
    }
  }
  // Explicit literals, not `{...base}`: spreading a 14-field object was a measurable share of loading time.
  if (isParameter) {
    const p: ParameterRule = {
      name: base.name,
      id: base.id,
      module: base.module,
      citationPath: base.citationPath,
      declaredKind: base.declaredKind,
      source: base.source,
      sourceUrl: base.sourceUrl,
      sources: base.sources,
      label: base.label,
      description: base.description,
      period: base.period,
      line: base.line,
      private: base.private,
      metadata: base.metadata,
      shape: 'parameter',
      dtypeLabel,
      dtype: lowerDType(dtypeLabel),
      unit,
      indexedBy,
      table,
      versions,
    };
    return p;
  }
  if (versions.some((v) => !v.formula)) {
    err(`derived rule "${name}" needs a formula in every version`);
    return undefined;
  }
  if (kind === 'parameter' && entity) warn(`kind: parameter with an entity is compiled as a derived rule`);
  const d: DerivedRule = {
    name: base.name,
    id: base.id,
    module: base.module,
    citationPath: base.citationPath,
    declaredKind: base.declaredKind,
    source: base.source,
    sourceUrl: base.sourceUrl,
    sources: base.sources,
    label: base.label,
    description: base.description,
    period: base.period,
    line: base.line,
    private: base.private,
    metadata: base.metadata,
    shape: 'derived',
    entity,
    dtypeLabel,
    dtype: lowerDType(dtypeLabel),
    unit,
    rounding: raw.rounding === undefined ? undefined : (String(raw.rounding) as RoundingMode),
    versions,
  };
  return d;
}

function dateOf(x: unknown): string | undefined {
  const s = str(x);
  return s !== undefined && isoToDays(s) !== undefined ? s : undefined;
}

function loadVersions(
  name: string,
  raw: Obj,
  err: (m: string, line?: number, col?: number) => void,
  formulaAt: readonly FormulaAt[],
): RuleVersion[] | undefined {
  let rawVersions: unknown[];
  if (Array.isArray(raw.versions)) rawVersions = raw.versions;
  else if (raw.formula !== undefined || raw.values !== undefined)
    rawVersions = [{ effective_from: raw.effective_from ?? raw.from, effective_to: raw.effective_to ?? raw.to, formula: raw.formula, values: raw.values }];
  else {
    err(`rule "${name}" has no versions and no formula`);
    return undefined;
  }
  const out: RuleVersion[] = [];
  let formulaCount = 0;
  // Positions are trusted only when every formula version has its own block-style `formula:` key (flow-style
  // versions like `[{formula: '1'}]` are not indexed).
  const located = formulaAt.length === rawVersions.filter((v) => isObj(v) && v.formula !== undefined).length ? formulaAt : [];
  for (const [i, rv] of rawVersions.entries()) {
    if (!isObj(rv)) {
      err(`rule "${name}": versions[${i}] is not a mapping`);
      return undefined;
    }
    const fromRaw = rv.effective_from ?? rv.from;
    const from = dateOf(fromRaw);
    if (!from) {
      err(`rule "${name}": versions[${i}] needs effective_from as a YYYY-MM-DD date (found ${JSON.stringify(fromRaw ?? null)})`);
      return undefined;
    }
    const toRaw = rv.effective_to ?? rv.to;
    const to = toRaw === undefined || toRaw === null ? undefined : dateOf(toRaw);
    if (toRaw !== undefined && toRaw !== null && !to) {
      err(`rule "${name}": versions[${i}] effective_to ${JSON.stringify(toRaw)} is not a YYYY-MM-DD date`);
      return undefined;
    }
    if (to && to < from) {
      err(`rule "${name}": versions[${i}] ends (${to}) before it starts (${from})`);
      return undefined;
    }
    if (rv.values !== undefined) {
      if (!isObj(rv.values)) {
        err(`rule "${name}": versions[${i}].values must be a mapping of integer keys to values`);
        return undefined;
      }
      const cells = new Map<number, Value>();
      for (const [k, v] of Object.entries(rv.values)) {
        if (!/^-?\d+$/.test(k)) {
          err(`rule "${name}": table key ${JSON.stringify(k)} is not an integer`);
          return undefined;
        }
        try {
          cells.set(Number(k), fromCell(v));
        } catch (e) {
          err(`rule "${name}": table cell ${k}: ${(e as Error).message}`);
          return undefined;
        }
      }
      out.push({ from, to, cells });
      continue;
    }
    const ftext = str(rv.formula);
    if (ftext === undefined) {
      err(`rule "${name}": versions[${i}] needs a formula or values`);
      return undefined;
    }
    // The k-th formula version sits at the k-th `formula:` key of the rule (tables have `values:` instead).
    const at = located[formulaCount++];
    try {
      out.push({ from, to, formulaText: ftext, formula: parseFormula(ftext), at });
    } catch (e) {
      if (e instanceof FormulaSyntaxError) {
        const where = at ? filePosition(at, e.pos) : undefined;
        err(`rule "${name}" versions[${i}] formula: ${e.message}`, where?.line, where?.column);
      } else err(`rule "${name}" versions[${i}] formula: ${(e as Error).message}`);
      return undefined;
    }
  }
  out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (let i = 1; i < out.length; i++) {
    if (out[i].from === out[i - 1].from) {
      err(`rule "${name}" has two versions starting ${out[i].from}`);
      return undefined;
    }
    const prevTo = out[i - 1].to;
    if (prevTo && prevTo >= out[i].from) {
      err(`rule "${name}": a version ends ${prevTo}, on or after the next version starts (${out[i].from})`);
      return undefined;
    }
  }
  return out;
}
