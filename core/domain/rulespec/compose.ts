/**
 * Program composition (reference §9): a `programs/<jur>/<prog>/*.yaml` compose spec → a RuntimePackage:
 * compiled program, inputs, outputs, ProgramGraph (API spec "Runtime packages"), input catalog and digest.
 */
import { createHash } from 'node:crypto';
import { isLiteral } from './ast.js';
import { compileModules, resolveClosure, type CompiledDerived, type CompiledParameter, type CompiledProgram, type SyntheticRules } from './compile.js';
import { Evaluator, type Dataset, type Period, type TraceEntry } from './evaluate.js';
import type { IR } from './ir.js';
import type { DataRelationRule, DerivedRule, Diagnostic, InputDoc, LoadedModule, ParameterRule, Rule } from './model.js';
import { lowerDType, parseYaml } from './module-loader.js';
import { parseFormula, FormulaSyntaxError } from './parser.js';
import type { RuleRepositoryModel } from './repository.js';
import { parseTestPeriod } from './corpus-runner.js';
import { EvalError, fromRaw, toJson, type Value } from './values.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

const KNOWN_KEYS = new Set(['program', 'period', 'outputs', 'scope', 'acknowledged_incomplete', 'transformations', 'auto_gate_outputs', 'rounding']);

export interface ProgramSpec {
  readonly path: string;
  /** `<jur>/<program>`, e.g. `us-co/snap`. */
  readonly program: string;
  readonly jurisdiction: string;
  readonly name: string;
  readonly period: string;
  readonly outputs: readonly string[];
  readonly scope: Readonly<Record<string, readonly string[]>>;
  readonly acknowledgedIncomplete: readonly string[];
  readonly transformations: readonly Obj[];
  readonly autoGateOutputs: readonly string[];
  /** Top-level keys this engine does not interpret (household_aliases, input_defaults, sample_household, …). */
  readonly extensions: Readonly<Record<string, unknown>>;
}

export type SpecResult = { ok: true; spec: ProgramSpec } | { ok: false; diagnostics: Diagnostic[] };

const strList = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : []);

export function parseProgramSpec(path: string, text: string): SpecResult {
  const diag = (message: string): SpecResult => ({ ok: false, diagnostics: [{ severity: 'error', module: path, file: path, message }] });
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    return diag(`YAML syntax error: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc)) return diag('a compose spec must be a YAML mapping');
  const program = typeof doc.program === 'string' ? doc.program : undefined;
  if (!program || !/^[a-z]{2}(-[a-z0-9]+)*(\/[A-Za-z0-9_.-]+)+$/.test(program)) return diag('"program" must be <jurisdiction>/<program>, e.g. us-co/snap');
  const outputs = strList(doc.outputs);
  if (outputs.length === 0) return diag('"outputs" must be a non-empty list of rule names');
  const scope: Record<string, string[]> = {};
  if (doc.scope !== undefined && doc.scope !== null) {
    if (!isObj(doc.scope)) return diag('"scope" must map anchors to lists of module paths');
    for (const [k, v] of Object.entries(doc.scope)) {
      if (['jurisdictions', 'include', 'exclude'].includes(k)) return diag(`scope key "${k}" is reserved`);
      scope[k] = strList(v);
    }
  }
  const transformations = Array.isArray(doc.transformations) ? doc.transformations.filter(isObj) : [];
  const extensions: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!KNOWN_KEYS.has(k)) extensions[k] = v;
  const jurisdiction = program.slice(0, program.indexOf('/'));
  const name = program.slice(program.indexOf('/') + 1);
  return {
    ok: true,
    spec: {
      path,
      program,
      jurisdiction,
      name,
      period: doc.period === undefined ? '' : String(doc.period),
      outputs,
      scope,
      acknowledgedIncomplete: strList(doc.acknowledged_incomplete),
      transformations,
      autoGateOutputs: strList(doc.auto_gate_outputs),
      extensions,
    },
  };
}

export interface PackageInput {
  /** Canonical request name (bare slot when a synthesized rule reads it, else the first owner's input id). */
  readonly name: string;
  readonly slot: string;
  /** All accepted request names: owner input ids, plus the bare slot when a synthesized rule reads it. */
  readonly accepted: readonly string[];
  readonly entity: string;
  readonly dtype: 'bool' | 'decimal' | 'integer' | 'text' | 'date';
  readonly default?: unknown;
  readonly relation?: string;
}

export interface PackageOutput {
  readonly name: string;
  readonly legalId?: string;
  readonly entity?: string;
  readonly dtype: string;
  readonly unit?: string;
}

export interface GraphRule {
  legalId: string;
  name: string;
  fileLegalId: string;
  kind: 'derived' | 'parameter';
  entity: string | null;
  dtype: string | null;
  period: string | null;
  unit: string | null;
  source: string | null;
  sourceUrl: string | null;
  ruleDeps: string[];
  inputDeps: string[];
  relationDeps: string[];
  formula: string | null;
}

export interface ProgramGraph {
  rules: GraphRule[];
  inputs: { legalId: string; name: string; fileLegalId: string; entity: string; relationLegalId?: string }[];
  relations: { legalId: string; name: string; fileLegalId: string; memberInputIds: string[] }[];
  ownOutputs: string[];
  terminalOutputs: string[];
}

export interface InputCatalogEntry {
  readonly slot: string;
  readonly canonical: string;
  readonly accepted: readonly string[];
}

export interface RuntimePackage {
  readonly spec: ProgramSpec;
  /** `programs/<jur>/<prog>` — the file id used for synthesized rules. */
  readonly programId: string;
  readonly program: CompiledProgram;
  readonly inputs: readonly PackageInput[];
  readonly outputs: readonly PackageOutput[];
  readonly graph: ProgramGraph;
  readonly inputCatalog: readonly InputCatalogEntry[];
  /** slot -> what the closure's `inputs:` blocks say about it (first module in load order); inert, not in the digest. */
  readonly inputDocs?: ReadonlyMap<string, InputDoc>;
  /** `sha256:<hex>` over the canonical form of everything that determines results. */
  readonly digest: string;
  readonly diagnostics: readonly Diagnostic[];
}

export type ComposeResult = { ok: true; package: RuntimePackage } | { ok: false; diagnostics: Diagnostic[] };

function scopeRoots(spec: ProgramSpec): string[] {
  const roots: string[] = [];
  for (const [anchor, paths] of Object.entries(spec.scope)) {
    const prefix = anchor === 'federal' ? 'us' : anchor === 'state' ? spec.jurisdiction : anchor;
    for (const p of paths) {
      const id = p.includes(':') ? p : `${prefix}:${p}`;
      if (!roots.includes(id)) roots.push(id);
    }
  }
  return roots;
}

/** Synthesized (originless) rules from `transformations` (§9 step 3). */
function synthesize(spec: ProgramSpec, programId: string, diags: Diagnostic[]): Rule[] {
  const out: Rule[] = [];
  const err = (t: Obj, message: string): void => {
    diags.push({ severity: 'error', module: programId, file: spec.path, rule: typeof t.name === 'string' ? t.name : undefined, message });
  };
  for (const t of spec.transformations) {
    const name = typeof t.name === 'string' ? t.name : undefined;
    if (!name) {
      err(t, 'a transformation needs a name');
      continue;
    }
    const base = {
      name,
      id: name,
      module: programId,
      declaredKind: 'derived',
      source: typeof t.source === 'string' ? t.source : undefined,
      sourceUrl: typeof t.source_url === 'string' ? t.source_url : undefined,
      sources: [],
      period: typeof t.period === 'string' ? t.period : undefined,
      private: false,
    };
    const pattern = String(t.pattern ?? '');
    if (pattern === 'data_relation') {
      const rel: DataRelationRule = { ...base, shape: 'data_relation', declaredKind: 'data_relation', arity: Number(t.arity ?? 2), arguments: strList(t.arguments) };
      out.push(rel);
      continue;
    }
    let formula: string;
    let dtype = typeof t.dtype === 'string' ? t.dtype : undefined;
    switch (pattern) {
      case 'sum_terms': {
        const terms = strList(t.terms);
        formula = terms.length ? terms.join(' + ') : '0';
        break;
      }
      case 'all_of':
      case 'any_of': {
        const conds = strList(t.conditions);
        if (conds.length === 0) {
          err(t, `${pattern} needs conditions`);
          continue;
        }
        formula = conds.join(pattern === 'all_of' ? ' and ' : ' or ');
        dtype ??= 'Judgment';
        break;
      }
      case 'any_related':
        formula = `count_where(${String(t.relation)}, ${String(t.condition)}) > 0`;
        dtype ??= 'Judgment';
        break;
      case 'conditional_value':
        formula = `if ${String(t.condition)}: ${String(t.when_true)} else: ${String(t.when_false)}`;
        break;
      case 'derived_formula':
        formula = String(t.formula ?? '');
        break;
      default:
        err(t, `transformation pattern "${pattern}" is not supported by this engine`);
        continue;
    }
    const from = typeof t.effective_from === 'string' ? t.effective_from : '0001-01-01';
    let expr;
    try {
      expr = parseFormula(formula);
    } catch (e) {
      err(t, `transformation "${name}" formula: ${e instanceof FormulaSyntaxError ? e.message : (e as Error).message}`);
      continue;
    }
    const entity = typeof t.entity === 'string' ? t.entity : undefined;
    const unit = typeof t.unit === 'string' ? t.unit : undefined;
    const versions = [{ from, formulaText: formula, formula: expr }];
    if (!entity && isLiteral(expr)) {
      const p: ParameterRule = { ...base, declaredKind: 'parameter', shape: 'parameter', dtypeLabel: dtype, dtype: lowerDType(dtype), unit, table: false, versions };
      out.push(p);
    } else {
      const d: DerivedRule = { ...base, shape: 'derived', entity, dtypeLabel: dtype, dtype: lowerDType(dtype), unit, versions };
      out.push(d);
    }
  }
  return out;
}

/** Input dtype inferred from how formulas use the slot (inputs are undeclared in RuleSpec). */
function inferInputTypes(program: CompiledProgram): Map<string, PackageInput['dtype']> {
  const types = new Map<string, PackageInput['dtype']>();
  const set = (slot: string, t: PackageInput['dtype']): void => {
    if (!types.has(slot) || types.get(slot) === 'decimal') types.set(slot, t);
  };
  const walk = (ir: IR, hint?: PackageInput['dtype']): void => {
    switch (ir.k) {
      case 'input':
        set(ir.slot, hint ?? 'decimal');
        return;
      case 'truthy':
        walk(ir.e, 'bool');
        return;
      case 'cmp': {
        const other = (x: IR): PackageInput['dtype'] | undefined =>
          x.k === 'const' ? (x.v.k === 'text' ? 'text' : x.v.k === 'bool' ? 'bool' : x.v.k === 'date' ? 'date' : undefined) : x.k === 'period' ? 'date' : undefined;
        walk(ir.l, other(ir.r));
        walk(ir.r, other(ir.l));
        return;
      }
      case 'param':
        if (ir.index) walk(ir.index, 'integer');
        return;
      case 'fn':
        ir.args.forEach((a, i) => walk(a, ir.fn === 'days_between' || (ir.fn === 'date_add_days' && i === 0) ? 'date' : ir.fn === 'date_add_days' ? 'integer' : undefined));
        return;
      case 'arith':
        walk(ir.l);
        walk(ir.r);
        return;
      case 'neg':
      case 'not':
        walk(ir.e);
        return;
      case 'and':
      case 'or':
      case 'exactly_one':
        ir.items.forEach((i) => walk(i));
        return;
      case 'if':
        ir.conds.forEach((c) => walk(c));
        ir.thens.forEach((t) => walk(t));
        walk(ir.otherwise);
        return;
      case 'agg':
        if (ir.field) walk(ir.field);
        if (ir.pred) walk(ir.pred);
        return;
      default:
        return;
    }
  };
  for (const d of program.derived.values()) for (const v of d.versions) if (v.ir) walk(v.ir);
  for (const r of program.relations.values()) if (r.predicate) walk(r.predicate);
  for (const p of program.parameters.values()) if (p.rule.table && p.rule.indexedBy) set(p.rule.indexedBy, 'integer');
  return types;
}

/** The package's input slots that some closure module documents in its `inputs:` block; the first module in load order wins. */
function documentedSlots(loaded: readonly LoadedModule[], slots: ReadonlySet<string>): Map<string, InputDoc> {
  const out = new Map<string, InputDoc>();
  for (const m of loaded) for (const d of m.inputDocs ?? []) if (slots.has(d.name) && !out.has(d.name)) out.set(d.name, d);
  return out;
}

/** Everything reachable from the named outputs: derived rules, parameters, input slots, relations. */
function reachable(program: CompiledProgram, outputs: readonly string[]): { rules: Set<string>; params: Set<string>; inputs: Set<string>; relations: Set<string> } {
  const rules = new Set<string>();
  const params = new Set<string>();
  const inputs = new Set<string>();
  const relations = new Set<string>();
  const stack = [...outputs];
  const addRelation = (rel: string): void => {
    if (relations.has(rel)) return;
    relations.add(rel);
    const r = program.relations.get(rel);
    if (r?.source) addRelation(r.source);
    if (r?.predicateDeps) {
      stack.push(...r.predicateDeps.rules);
      for (const p of r.predicateDeps.params) params.add(p);
      for (const i of r.predicateDeps.inputs) inputs.add(i);
      for (const x of r.predicateDeps.relations) addRelation(x);
    }
  };
  while (stack.length) {
    const n = stack.pop()!;
    if (program.parameters.has(n)) {
      params.add(n);
      const ib = program.parameters.get(n)!.rule.indexedBy;
      if (program.parameters.get(n)!.rule.table && ib) inputs.add(ib);
      continue;
    }
    if (rules.has(n)) continue;
    const d = program.derived.get(n);
    if (!d) continue;
    rules.add(n);
    stack.push(...d.deps.rules);
    for (const p of d.deps.params) params.add(p);
    for (const i of d.deps.inputs) inputs.add(i);
    for (const r of d.deps.relations) addRelation(r);
  }
  for (const p of params) {
    const ib = program.parameters.get(p)?.rule.indexedBy;
    if (program.parameters.get(p)?.rule.table && ib) inputs.add(ib);
  }
  return { rules, params, inputs, relations };
}

/** Canonical JSON (sorted keys, no undefined) written into one parts array; Maps become objects. */
/** Derived rules that depend (transitively) on `name`: gating `name` with them would make a cycle. */
function dependentsOf(program: CompiledProgram, name: string): Set<string> {
  const reverse = new Map<string, string[]>();
  for (const d of program.derived.values())
    for (const dep of d.deps.rules) {
      const list = reverse.get(dep);
      if (list) list.push(d.name);
      else reverse.set(dep, [d.name]);
    }
  const out = new Set<string>();
  const stack = [name];
  while (stack.length) {
    for (const up of reverse.get(stack.pop() as string) ?? []) {
      if (out.has(up)) continue;
      out.add(up);
      stack.push(up);
    }
  }
  return out;
}

/**
 * Canonical text of one compiled rule: everything about it that determines results or attribution
 * (versions with formulas and cells, entity, dtype, unit, rounding, legal source, sets binding).
 * Cached on the compiled rule, which closures and packages share.
 */
const ruleText = new WeakMap<object, string>();
function canonicalRule(rule: CompiledDerived | CompiledParameter): string {
  const hit = ruleText.get(rule);
  if (hit !== undefined) return hit;
  const r = rule.rule;
  // A fixed-order array through native JSON.stringify: deterministic and much faster than a key-sorting walk.
  const text = JSON.stringify([
    rule.id,
    rule.kind,
    r.shape === 'derived' ? (r.entity ?? null) : null,
    r.dtype,
    r.unit ?? null,
    r.shape === 'derived' ? (r.rounding ?? null) : null,
    r.shape === 'parameter' ? (r.indexedBy ?? null) : null,
    r.source ?? null,
    r.sourceUrl ?? null,
    rule.boundBy ? [rule.boundBy.hook, rule.boundBy.value] : null,
    rule.versions.map((v) => [v.from, v.to ?? null, v.formulaText ?? null, v.cells ? [...v.cells.entries()].map(([k, c]) => [k, toJson(c)]) : null]),
  ]);
  ruleText.set(rule, text);
  return text;
}

function canonicalJson(x: unknown): string {
  const parts: string[] = [];
  const write = (v: unknown): void => {
    if (v === null || v === undefined || typeof v !== 'object') {
      parts.push(JSON.stringify(v ?? null));
      return;
    }
    if (v instanceof Map) {
      write(Object.fromEntries([...v.entries()].map(([k, val]) => [String(k), val])));
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => {
        if (i) parts.push(',');
        write(item);
      });
      parts.push(']');
      return;
    }
    const o = v as Obj;
    parts.push('{');
    let first = true;
    for (const k of Object.keys(o).sort()) {
      if (o[k] === undefined) continue;
      if (!first) parts.push(',');
      first = false;
      parts.push(JSON.stringify(k), ':');
      write(o[k]);
    }
    parts.push('}');
  };
  write(x);
  return parts.join('');
}

export function composeProgram(repo: RuleRepositoryModel, spec: ProgramSpec): ComposeResult {
  const programId = `programs/${spec.program}`;
  const diagnostics: Diagnostic[] = [];
  const err = (message: string): ComposeResult => ({ ok: false, diagnostics: [...diagnostics, { severity: 'error', module: programId, file: spec.path, message }] });

  let roots = scopeRoots(spec);
  if (roots.length === 0) {
    // No scope: each output resolves to a unique producer, preferring the program's jurisdiction, then us.
    for (const out of spec.outputs) {
      let found: string | undefined;
      for (const jur of [spec.jurisdiction, 'us']) {
        const producers = [...repo.modules.values()].filter((m) => m.jurisdiction === jur && m.rules.some((r) => r.name === out && (r.shape === 'derived' || r.shape === 'parameter')));
        if (producers.length > 1) return err(`output "${out}" is produced by several modules: ${producers.map((m) => m.id).join(', ')}`);
        if (producers.length === 1) {
          found = producers[0].id;
          break;
        }
      }
      if (!found) return err(`no module produces output "${out}"`);
      if (!roots.includes(found)) roots.push(found);
    }
  }
  const missing = roots.filter((r) => !repo.modules.has(r));
  if (missing.length) return err(`scope modules do not exist: ${missing.join(', ')}`);
  roots = [...roots];
  const closure = resolveClosure(roots, repo.modules);
  if (closure.diagnostics.length) return { ok: false, diagnostics: closure.diagnostics };
  const loaded = closure.order.map((id) => repo.modules.get(id) as LoadedModule);

  const synthetic = synthesize(spec, programId, diagnostics);
  if (diagnostics.length) return { ok: false, diagnostics };

  // auto_gate_outputs (§9 step 4): X → X_core; X := all_of(X_core, in-scope eligibility judgments X ignores).
  let replaced: Set<string> | undefined;
  if (spec.autoGateOutputs.length) {
    const first = compileModules(roots, loaded, { module: programId, rules: synthetic });
    if (!first.ok) return { ok: false, diagnostics: first.diagnostics };
    const p = first.program;
    replaced = new Set();
    const rootSet = new Set(roots);
    for (const x of spec.autoGateOutputs) {
      const d = p.derived.get(x);
      if (!d) return err(`auto_gate_outputs: "${x}" is not a derived rule`);
      const ignored = reachable(p, [x]).rules;
      const dependents = dependentsOf(p, x);
      const gates: string[] = [];
      for (const cand of p.derived.values()) {
        if (cand.name === x || cand.position !== 'judgment' || !rootSet.has(cand.rule.module) || !/eligib/.test(cand.name)) continue;
        if (ignored.has(cand.name) || dependents.has(cand.name)) continue;
        if (cand.rule.entity !== d.rule.entity) continue;
        gates.push(cand.name);
      }
      const core = `${x}_core`;
      const idx = synthetic.findIndex((r) => r.name === x);
      const coreRule = { ...(d.rule as DerivedRule), name: core, id: d.rule.module === programId ? core : `${d.rule.module}#${core}` };
      if (idx >= 0) synthetic[idx] = coreRule;
      else {
        synthetic.push(coreRule);
        replaced.add(x);
      }
      const formula = [core, ...gates.sort()].join(' and ');
      synthetic.push({
        ...(d.rule as DerivedRule),
        module: programId,
        id: x,
        dtype: 'judgment',
        dtypeLabel: 'Judgment',
        versions: [{ from: d.rule.versions[0]?.from ?? '0001-01-01', formulaText: formula, formula: parseFormula(formula) }],
      });
    }
  }

  const modulesForCompile = replaced && replaced.size
    ? loaded.map((m) => (m.rules.some((r) => replaced!.has(r.name)) ? { ...m, rules: m.rules.filter((r) => !(replaced!.has(r.name) && r.shape === 'derived')) } : m))
    : loaded;
  const syn: SyntheticRules = { module: programId, rules: synthetic };
  const compiled = compileModules(roots, modulesForCompile, syn);
  if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics };
  const program = compiled.program;

  for (const o of spec.outputs) if (!program.derived.has(o) && !program.parameters.has(o)) return err(`output "${o}" is not defined in the composed closure`);

  const reach = reachable(program, spec.outputs);
  const types = inferInputTypes(program);
  const defaults = isObj(spec.extensions.input_defaults) ? spec.extensions.input_defaults : {};

  const catalog: InputCatalogEntry[] = [];
  const inputs: PackageInput[] = [];
  for (const slot of [...reach.inputs].sort()) {
    const s = program.inputs.get(slot);
    const ownerIds = (s?.owners ?? []).map((m) => `${m}#input.${slot}`).sort();
    const bare = s?.bareAccepted ?? false;
    const accepted = bare ? [slot, ...ownerIds] : ownerIds.length ? ownerIds : [slot];
    const canonical = bare ? slot : accepted[0];
    catalog.push({ slot, canonical, accepted });
    const rel = s?.relation ? program.relations.get(s.relation) : undefined;
    const relEntity = rel?.rule && rel.rule.shape === 'data_relation' ? rel.rule.arguments?.[0] : undefined;
    const dflt = defaults[slot] ?? accepted.map((a) => defaults[a]).find((v) => v !== undefined);
    inputs.push({
      name: canonical,
      slot,
      accepted,
      entity: relEntity ?? s?.entity ?? 'Scalar',
      dtype: types.get(slot) ?? 'decimal',
      ...(dflt !== undefined ? { default: dflt } : {}),
      ...(s?.relation ? { relation: s.relation } : {}),
    });
  }
  const inputLegal = new Map(catalog.map((c) => [c.slot, c.canonical]));

  const legalOf = (name: string): string => program.derived.get(name)?.id ?? program.parameters.get(name)?.id ?? name;
  const fileOf = (module: string): string => module;
  const rules: GraphRule[] = [];
  const consumed = new Set<string>();
  for (const n of [...reach.rules].sort()) {
    const d = program.derived.get(n)!;
    for (const r of d.deps.rules) consumed.add(r);
    for (const p of d.deps.params) consumed.add(p);
    rules.push({
      legalId: d.id,
      name: n,
      fileLegalId: fileOf(d.rule.module),
      kind: 'derived',
      entity: d.rule.entity ?? null,
      dtype: d.rule.dtypeLabel ?? null,
      period: d.rule.period ?? null,
      unit: d.rule.unit ?? null,
      source: d.rule.source ?? null,
      sourceUrl: d.rule.sourceUrl ?? null,
      ruleDeps: [...d.deps.rules, ...d.deps.params].map(legalOf).sort(),
      inputDeps: [...d.deps.inputs].map((i) => inputLegal.get(i) ?? i).sort(),
      relationDeps: [...d.deps.relations].map((r) => program.relations.get(r)?.id ?? r).sort(),
      formula: d.versions[d.versions.length - 1]?.formulaText ?? null,
    });
  }
  for (const n of [...reach.params].sort()) {
    const p = program.parameters.get(n)!;
    rules.push({
      legalId: p.id,
      name: n,
      fileLegalId: fileOf(p.rule.module),
      kind: 'parameter',
      entity: null,
      dtype: p.rule.dtypeLabel ?? null,
      period: p.rule.period ?? null,
      unit: p.rule.unit ?? null,
      source: p.rule.source ?? null,
      sourceUrl: p.rule.sourceUrl ?? null,
      ruleDeps: [],
      inputDeps: p.rule.table && p.rule.indexedBy ? [inputLegal.get(p.rule.indexedBy) ?? p.rule.indexedBy] : [],
      relationDeps: [],
      formula: p.versions[p.versions.length - 1]?.formulaText ?? null,
    });
  }
  for (const rel of reach.relations) {
    const r = program.relations.get(rel);
    if (r?.predicateDeps) for (const x of r.predicateDeps.rules) consumed.add(x);
  }
  const graph: ProgramGraph = {
    rules,
    inputs: inputs.map((i) => {
      const s = program.inputs.get(i.slot);
      const rel = i.relation ? program.relations.get(i.relation) : undefined;
      return {
        legalId: i.name,
        name: i.slot,
        fileLegalId: s?.bareAccepted || !s?.owners.length ? programId : s.owners[0],
        entity: i.entity,
        ...(rel ? { relationLegalId: rel.id } : {}),
      };
    }),
    relations: [...reach.relations].sort().map((rel) => {
      const r = program.relations.get(rel)!;
      return { legalId: r.id, name: r.name, fileLegalId: r.module, memberInputIds: [...r.memberInputs].sort().map((i) => inputLegal.get(i) ?? i) };
    }),
    ownOutputs: spec.outputs.map(legalOf),
    terminalOutputs: rules.filter((r) => !consumed.has(r.name)).map((r) => r.legalId),
  };

  const outputs: PackageOutput[] = spec.outputs.map((o) => {
    const d = program.derived.get(o);
    const p = program.parameters.get(o);
    const rule = d?.rule ?? p!.rule;
    const legal = legalOf(o);
    return { name: o, ...(legal !== o ? { legalId: legal } : {}), entity: d?.rule.entity, dtype: rule.dtypeLabel ?? (d?.position === 'judgment' ? 'Judgment' : 'Decimal'), unit: rule.unit };
  });

  // Digest: program-level facts, then each reached rule's cached canonical text, in name order.
  const hash = createHash('sha256');
  hash.update(
    canonicalJson({
      format: 'tenet-package/v1',
      program: spec.program,
      period: spec.period,
      outputs: spec.outputs,
      roots,
      modules: program.modules,
      inputCatalog: catalog,
      relations: [...reach.relations].sort().map((r) => {
        const rel = program.relations.get(r);
        return { id: rel?.id, kind: rel?.kind, source: rel?.source, predicate: rel?.rule?.shape === 'derived_relation' ? (rel.rule.versions[0]?.formulaText ?? null) : null };
      }),
      extensions: spec.extensions,
    }),
  );
  for (const n of [...reach.rules, ...reach.params].sort()) {
    const rule = program.derived.get(n) ?? program.parameters.get(n);
    if (rule) hash.update(`\n${n}=${canonicalRule(rule)}`);
  }
  const digest = `sha256:${hash.digest('hex')}`;

  const inputDocs = documentedSlots(loaded, new Set(inputs.map((i) => i.slot)));
  return { ok: true, package: { spec, programId, program, inputs, outputs, graph, inputCatalog: catalog, inputDocs, digest, diagnostics: program.diagnostics } };
}

export interface PackageRequest {
  /** `YYYY-MM` or an explicit period. Defaults to the spec's period. */
  readonly period?: string | Period;
  /** Entity id the outputs are computed for. Default `household`. */
  readonly entityId?: string;
  /** Entity id → input name (bare slot or any accepted id) → JSON value. */
  readonly inputs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Relation name (or `#relation.` id) → tuples `[member, current]`. */
  readonly relations?: Readonly<Record<string, readonly (readonly [string, string])[]>>;
  readonly outputs?: readonly string[];
  readonly trace?: boolean;
}

export interface PackageResult {
  readonly period: Period;
  readonly outputs: Record<string, string | number | boolean>;
  readonly errors: Record<string, string>;
  readonly trace: readonly TraceEntry[];
}

/** The explain path's facts for a package request: period, query entity and dataset (defaults applied). */
export function packageDataset(pkg: RuntimePackage, req: PackageRequest): { period: Period; entityId: string; data: Dataset } {
  const period: Period = typeof req.period === 'object' ? req.period : parseTestPeriod(req.period ?? pkg.spec.period);
  const entityId = req.entityId ?? 'household';
  const nameToSlot = new Map<string, string>();
  for (const c of pkg.inputCatalog) for (const a of [c.slot, ...c.accepted]) nameToSlot.set(a, c.slot);
  const inputs = new Map<string, Map<string, Value>>();
  const put = (slot: string, ent: string, v: Value): void => {
    let m = inputs.get(slot);
    if (!m) inputs.set(slot, (m = new Map()));
    m.set(ent, v);
  };
  for (const [ent, vals] of Object.entries(req.inputs ?? {})) {
    if (typeof vals !== 'object' || vals === null || Array.isArray(vals)) throw new EvalError(`inputs for entity "${ent}" must be an object of input name to value`);
    for (const [name, raw] of Object.entries(vals)) {
      const hash = name.indexOf('#input.');
      const slot = nameToSlot.get(name) ?? (hash >= 0 ? name.slice(hash + 7) : name);
      if (raw === null || raw === undefined) continue;
      put(slot, ent, fromRaw(raw));
    }
  }
  for (const i of pkg.inputs) {
    if (i.default === undefined) continue;
    const m = inputs.get(i.slot);
    if (!m || !m.has(entityId)) put(i.slot, entityId, fromRaw(i.default));
  }
  const relations = new Map<string, (readonly [string, string])[]>();
  for (const [name, tuples] of Object.entries(req.relations ?? {})) {
    const hash = name.indexOf('#relation.');
    if (!Array.isArray(tuples) || !tuples.every((t) => Array.isArray(t) && t.length === 2 && t.every((x) => typeof x === 'string')))
      throw new EvalError(`relation "${name}" must be a list of [member id, entity id] pairs`);
    relations.set(hash >= 0 ? name.slice(hash + 10) : name, [...tuples]);
  }
  return { period, entityId, data: { inputs, relations } };
}

/** Evaluates a package on the explain path. Unknown input names and bad values throw EvalError. */
export function evaluatePackage(pkg: RuntimePackage, req: PackageRequest): PackageResult {
  const { period, entityId, data } = packageDataset(pkg, req);
  const ev = new Evaluator(pkg.program, data, period, { trace: req.trace ?? false });
  const outputs: Record<string, string | number | boolean> = {};
  const errors: Record<string, string> = {};
  for (const o of req.outputs ?? pkg.spec.outputs) {
    try {
      outputs[o] = toJson(ev.evaluate(o, entityId));
    } catch (e) {
      if (e instanceof EvalError) errors[o] = e.message;
      else throw e;
    }
  }
  return { period, outputs, errors, trace: ev.trace };
}
