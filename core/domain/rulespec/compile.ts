/**
 * Compiler: a module closure (§1.3) → an immutable CompiledProgram with merged namespace, `sets` bindings (§7),
 * lowered formulas (IR + checked AST), dependency graph with named cycles and a topological order.
 */
import { collectIdents, type Expr } from './ast.js';
import { splitId, relationId } from './ids.js';
import type { Deps, IR } from './ir.js';
import { LoweringError, lowerFormula, type Namespace } from './lower.js';
import type {
  DataRelationRule,
  DerivedRelationRule,
  DerivedRule,
  Diagnostic,
  LoadedModule,
  ParameterRule,
  Rule,
  RuleVersion,
  SourceRelationRule,
} from './model.js';
import { BUILTIN_CURRENCIES, filePosition } from './module-loader.js';
import type { Value } from './values.js';

export interface CompiledVersion {
  readonly from: string;
  readonly to?: string;
  /** Checked AST (kept for code generation and display). */
  readonly formula?: Expr;
  readonly formulaText?: string;
  readonly ir?: IR;
  readonly cells?: ReadonlyMap<number, Value>;
}

export interface SetsBinding {
  /** Durable id of the `sets` source relation. */
  readonly hook: string;
  /** Durable id of the rule whose versions were bound in. */
  readonly value: string;
}

export interface CompiledDerived {
  readonly kind: 'derived';
  readonly rule: DerivedRule;
  readonly id: string;
  readonly name: string;
  readonly position: 'judgment' | 'scalar';
  readonly versions: readonly CompiledVersion[];
  readonly deps: Deps;
  /** Minor units when the rule rounds (currency unit with `rounding`). */
  readonly minorUnits?: number;
  readonly boundBy?: SetsBinding;
}

export interface CompiledParameter {
  readonly kind: 'parameter';
  readonly rule: ParameterRule;
  readonly id: string;
  readonly name: string;
  readonly versions: readonly CompiledVersion[];
  readonly boundBy?: SetsBinding;
}

export interface CompiledRelation {
  readonly name: string;
  readonly id: string;
  readonly module: string;
  readonly kind: 'data' | 'derived' | 'auto';
  readonly arity: number;
  readonly rule?: DataRelationRule | DerivedRelationRule;
  /** Derived relations: source relation name and predicate. */
  readonly source?: string;
  readonly predicate?: IR;
  readonly predicateDeps?: Deps;
  /** Input slots read per member of this relation (aggregation fields and predicates, through member rules). */
  readonly memberInputs: ReadonlySet<string>;
}

export interface InputSlot {
  readonly name: string;
  /** Modules owning the slot (a derived rule reads it, or a table is indexed by it), sorted. */
  readonly owners: string[];
  /** Whether an originless (synthesized) rule reads it, making the bare name acceptable. */
  bareAccepted: boolean;
  /** Entity label of the first rule reading it, when known. */
  entity?: string;
  /** Relation whose members carry this input, when it is only read per member. */
  relation?: string;
}

export interface CompiledProgram {
  /** Root module ids (one for a module closure; several for a program). */
  readonly roots: readonly string[];
  /** Closure modules in load order (imports before importers). */
  readonly modules: readonly string[];
  readonly derived: ReadonlyMap<string, CompiledDerived>;
  readonly parameters: ReadonlyMap<string, CompiledParameter>;
  readonly relations: ReadonlyMap<string, CompiledRelation>;
  readonly inputs: ReadonlyMap<string, InputSlot>;
  /** Derived rule names, dependencies first. */
  readonly order: readonly string[];
  readonly currencies: ReadonlyMap<string, number>;
  readonly sourceRelations: readonly SourceRelationRule[];
  readonly diagnostics: readonly Diagnostic[];
  /** Durable id → bare name, for every parameter and derived rule (including merged duplicates' ids). */
  readonly idToName: ReadonlyMap<string, string>;
}

export type CompileResult = { ok: true; program: CompiledProgram } | { ok: false; diagnostics: Diagnostic[] };

export interface ModuleSource {
  get(id: string): LoadedModule | undefined;
}

/** Walks imports depth-first (imports before importer); reports missing modules, bad modules and cycles. */
export function resolveClosure(roots: readonly string[], modules: ModuleSource): { order: string[]; diagnostics: Diagnostic[] } {
  const order: string[] = [];
  const done = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (id: string, from?: LoadedModule): void => {
    if (done.has(id)) return;
    if (onStack.has(id)) {
      const cycle = [...stack.slice(stack.indexOf(id)), id].join(' → ');
      diagnostics.push({ severity: 'error', module: from?.id ?? id, file: from?.path ?? id, message: `import cycle: ${cycle}` });
      return;
    }
    const m = modules.get(id);
    if (!m) {
      diagnostics.push({ severity: 'error', module: from?.id ?? id, file: from?.path ?? id, message: `imported module "${id}" does not exist` });
      return;
    }
    if (!m.ok) {
      const first = m.diagnostics.find((d) => d.severity === 'error');
      diagnostics.push({
        severity: 'error',
        module: m.id,
        file: m.path,
        rule: first?.rule,
        line: first?.line,
        message: `module ${m.id} failed to load${from ? ` (imported by ${from.id})` : ''}: ${first?.message ?? 'unknown error'}`,
      });
      done.add(id);
      return;
    }
    stack.push(id);
    onStack.add(id);
    for (const imp of m.imports) visit(imp, m);
    stack.pop();
    onStack.delete(id);
    done.add(id);
    order.push(id);
  };
  for (const r of roots) visit(r);
  return { order, diagnostics };
}

function sameVersions(a: readonly RuleVersion[], b: readonly RuleVersion[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.from !== y.from || x.to !== y.to || (x.formulaText ?? '').trim() !== (y.formulaText ?? '').trim()) return false;
    if (x.cells || y.cells) {
      if (!x.cells || !y.cells || x.cells.size !== y.cells.size) return false;
      for (const [k, v] of x.cells) if (JSON.stringify(y.cells.get(k)) !== JSON.stringify(v)) return false;
    }
  }
  return true;
}

/** Extra, originless rules (program transformations) compiled alongside a closure. */
export interface SyntheticRules {
  readonly module: string;
  readonly rules: readonly Rule[];
}

export function compileClosure(roots: readonly string[], modules: ModuleSource, synthetic?: SyntheticRules): CompileResult {
  const { order, diagnostics } = resolveClosure(roots, modules);
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  const loaded = order.map((id) => modules.get(id) as LoadedModule);
  return compileModules(roots, loaded, synthetic);
}

/** Compiles an already-ordered list of modules as one flat namespace. */
export function compileModules(roots: readonly string[], loaded: readonly LoadedModule[], synthetic?: SyntheticRules): CompileResult {
  const diagnostics: Diagnostic[] = [];
  const err = (r: Rule | undefined, m: { id: string; path: string } | undefined, message: string, line?: number, column?: number): void => {
    diagnostics.push({ severity: 'error', module: m?.id ?? r?.module ?? '', file: m?.path ?? r?.module ?? '', rule: r?.name, line: line ?? r?.line, column, message });
  };
  const pathOf = new Map<string, string>(loaded.map((m) => [m.id, m.path]));
  const modOf = (r: Rule) => ({ id: r.module, path: pathOf.get(r.module) ?? r.module });

  const params = new Map<string, ParameterRule>();
  const derived = new Map<string, DerivedRule>();
  const relRules = new Map<string, DataRelationRule | DerivedRelationRule>();
  const sourceRelations: SourceRelationRule[] = [];
  const idToName = new Map<string, string>();
  const currencies = new Map(BUILTIN_CURRENCIES);
  const ruleLists: { module: string; rules: readonly Rule[] }[] = loaded.map((m) => ({ module: m.id, rules: m.rules }));
  for (const m of loaded) for (const u of m.units) if (u.kind === 'currency') currencies.set(u.name, u.minorUnits);
  if (synthetic) ruleLists.push(synthetic);

  for (const { rules } of ruleLists) {
    for (const r of rules) {
      switch (r.shape) {
        case 'parameter': {
          const prev = params.get(r.name);
          if (prev) {
            const compatible =
              prev.unit === r.unit && prev.indexedBy === r.indexedBy && prev.source === r.source && prev.sourceUrl === r.sourceUrl && sameVersions(prev.versions, r.versions);
            if (!compatible) {
              err(r, modOf(r), `parameter "${r.name}" is declared in both ${prev.module} and ${r.module} with different definitions`);
              continue;
            }
          }
          params.set(r.name, r);
          idToName.set(r.id, r.name);
          break;
        }
        case 'derived': {
          const prev = derived.get(r.name);
          if (prev) {
            err(r, modOf(r), `derived rule "${r.name}" is defined in both ${prev.module} and ${r.module}`);
            continue;
          }
          derived.set(r.name, r);
          idToName.set(r.id, r.name);
          break;
        }
        case 'data_relation':
        case 'derived_relation': {
          const prev = relRules.get(r.name);
          if (prev && (prev.shape !== r.shape || prev.arity !== r.arity || r.shape === 'derived_relation')) {
            err(r, modOf(r), `relation "${r.name}" is declared in both ${prev.module} and ${r.module}`);
            continue;
          }
          relRules.set(r.name, r);
          if (r.shape === 'derived_relation' && r.memberRelation && r.memberRelation !== r.name) relRules.set(r.memberRelation, r);
          break;
        }
        case 'source_relation':
          sourceRelations.push(r);
          break;
      }
    }
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  // `sets` bindings (§7): replace the target's versions with the value's, in rule order.
  const boundBy = new Map<string, SetsBinding>();
  const moduleIds = new Set(loaded.map((m) => m.id));
  const findById = (id: string): ParameterRule | DerivedRule | undefined => {
    const s = splitId(id);
    if (!s || s.kind !== 'rule' || !moduleIds.has(s.module)) return undefined;
    const name = idToName.has(id) ? idToName.get(id)! : undefined;
    if (name === undefined) return undefined;
    return params.get(name) ?? derived.get(name);
  };
  for (const sr of sourceRelations) {
    if (sr.relationType !== 'sets' || !sr.value) continue;
    const target = findById(sr.target);
    const value = findById(sr.value);
    if (!target && !value) continue;
    if (!target || !value) {
      err(sr, modOf(sr), `sets relation "${sr.name}": ${!target ? `target ${sr.target}` : `value ${sr.value}`} is not in this closure`);
      continue;
    }
    if (target.shape !== value.shape) {
      err(sr, modOf(sr), `sets relation "${sr.name}": target is a ${target.shape} but value is a ${value.shape}`);
      continue;
    }
    if (target.shape === 'parameter' && value.shape === 'parameter') {
      if (target.indexedBy !== value.indexedBy || (target.unit && value.unit && target.unit !== value.unit)) {
        err(sr, modOf(sr), `sets relation "${sr.name}": parameters differ in indexed_by or unit`);
        continue;
      }
      params.set(target.name, { ...target, versions: value.versions, table: value.table });
    } else if (target.shape === 'derived' && value.shape === 'derived') {
      if (
        target.entity !== value.entity ||
        target.dtype !== value.dtype ||
        (target.unit && value.unit && target.unit !== value.unit) ||
        (target.period && value.period && target.period !== value.period)
      ) {
        err(sr, modOf(sr), `sets relation "${sr.name}": derived rules differ in entity, dtype, unit or period`);
        continue;
      }
      derived.set(target.name, { ...target, versions: value.versions });
    }
    boundBy.set(target.name, { hook: sr.id, value: value.id });
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const relationNames = new Set(relRules.keys());
  const ns: Namespace = {
    isParameter: (n) => params.has(n),
    isTable: (n) => params.get(n)?.table === true,
    isDerived: (n) => derived.has(n),
    derivedEntity: (n) => derived.get(n)?.entity,
    isRelation: (n) => relationNames.has(n),
  };

  const syntheticModule = synthetic?.module;

  const compiledDerived = new Map<string, CompiledDerived>();
  for (const r of derived.values()) {
    const minorUnits = r.rounding && r.unit ? currencies.get(r.unit) : undefined;
    const bound = boundBy.get(r.name);
    try {
      compiledDerived.set(r.name, bound ? compileDerived(r, ns, minorUnits, bound) : cachedDerived(r, ns, minorUnits));
    } catch (e) {
      // Any failure (including a stack overflow on a pathological formula) is this rule's diagnostic.
      if (e instanceof LoweringError) {
        const where = e.at ? filePosition(e.at, e.pos) : undefined;
        err(r, modOf(r), `rule "${r.name}" (${r.id}): ${e.message}`, where?.line ?? r.line, where?.column);
      }
      else err(r, modOf(r), `rule "${r.name}" (${r.id}) could not be compiled: ${(e as Error).message}`);
    }
  }

  const compiledParams = new Map<string, CompiledParameter>();
  for (const r of params.values()) compiledParams.set(r.name, cachedParameter(r, boundBy.get(r.name)));

  // Relations: declared ones, then auto-declared (arity 2) for names used in aggregations.
  // Member input sets are filled lazily (only package graphs need them), see `ensureInputs`.
  const memberSets = new Map<string, Set<string>>();
  let inputs: Map<string, InputSlot> | undefined;
  const relations = new Map<string, CompiledRelation>();
  const addRelation = (rel: Omit<CompiledRelation, 'memberInputs'>): void => {
    memberSets.set(rel.name, new Set());
    relations.set(rel.name, {
      ...rel,
      get memberInputs(): Set<string> {
        ensureInputs();
        return memberSets.get(rel.name) as Set<string>;
      },
    });
  };
  for (const [name, r] of relRules) {
    if (r.shape === 'data_relation') addRelation({ name, id: relationId(r.module, r.name), module: r.module, kind: 'data', arity: r.arity, rule: r });
    else {
      let predicate: IR | undefined;
      let predicateDeps: Deps | undefined;
      try {
        const currentEntity = r.slotEntities?.[r.currentSlot];
        const low = lowerFormula(r.versions[0].formula as Expr, 'judgment', ns, { currentEntity });
        predicate = low.ir;
        predicateDeps = low.deps;
      } catch (e) {
        const at = r.versions[0].at;
        const where = e instanceof LoweringError && at ? filePosition(at, e.pos) : undefined;
        err(r, modOf(r), `derived relation "${r.name}": ${(e as Error).message}`, where?.line, where?.column);
        continue;
      }
      addRelation({ name, id: relationId(r.module, r.name), module: r.module, kind: 'derived', arity: r.arity, rule: r, source: r.sourceRelation, predicate, predicateDeps });
    }
  }
  for (const d of compiledDerived.values()) {
    for (const rel of d.deps.relations) {
      if (!relations.has(rel)) addRelation({ name: rel, id: relationId(d.rule.module, rel), module: d.rule.module, kind: 'auto', arity: 2 });
    }
  }
  for (const rel of [...relations.values()]) {
    if (rel.kind === 'derived' && rel.source && !relations.has(rel.source))
      addRelation({ name: rel.source, id: relationId(rel.module, rel.source), module: rel.module, kind: 'auto', arity: 2 });
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const cyc = topoOrder(compiledDerived, relations);
  if (cyc.cycle) {
    const first = compiledDerived.get(cyc.cycle[0]);
    err(first?.rule, first ? modOf(first.rule) : undefined, `dependency cycle: ${cyc.cycle.join(' → ')}`);
    return { ok: false, diagnostics };
  }

  /** Input ownership (§6) and per-relation member inputs; computed on first use. */
  function ensureInputs(): Map<string, InputSlot> {
    if (inputs) return inputs;
    const map = new Map<string, InputSlot>();
    inputs = map;
    const own = (slot: string, module: string, entity: string | undefined, originless: boolean): void => {
      let s = map.get(slot);
      if (!s) {
        s = { name: slot, owners: [], bareAccepted: false, entity };
        map.set(slot, s);
      }
      if (originless) s.bareAccepted = true;
      else if (!s.owners.includes(module)) s.owners.push(module);
    };
    for (const d of compiledDerived.values()) for (const slot of d.deps.inputs) own(slot, d.rule.module, d.rule.entity, d.rule.module === syntheticModule);
    for (const p of compiledParams.values()) if (p.rule.table && p.rule.indexedBy) own(p.rule.indexedBy, p.rule.module, undefined, p.rule.module === syntheticModule);
    const transitive = transitiveInputs(compiledDerived);
    for (const d of compiledDerived.values()) collectMemberInputs(d, memberSets, transitive);
    for (const rel of relations.values()) {
      const set = memberSets.get(rel.name) as Set<string>;
      if (rel.predicateDeps) {
        for (const i of rel.predicateDeps.inputs) set.add(i);
        for (const r of rel.predicateDeps.rules) for (const i of transitive(r)) set.add(i);
      }
    }
    for (const [rel, set] of memberSets)
      for (const slot of set) {
        const s = map.get(slot);
        if (s && !s.relation) s.relation = rel;
      }
    for (const s of map.values()) s.owners.sort();
    return map;
  }

  return {
    ok: true,
    program: {
      roots,
      modules: loaded.map((m) => m.id),
      derived: compiledDerived,
      parameters: compiledParams,
      relations,
      get inputs(): ReadonlyMap<string, InputSlot> {
        return ensureInputs();
      },
      order: cyc.order,
      currencies,
      sourceRelations,
      diagnostics,
      idToName,
    },
  };
}

function compileDerived(r: DerivedRule, ns: Namespace, minorUnits: number | undefined, boundBy: SetsBinding | undefined): CompiledDerived {
  const position = r.dtype === 'judgment' ? 'judgment' : 'scalar';
  const versions: CompiledVersion[] = [];
  let deps: Deps | undefined;
  for (const v of r.versions) {
    let low: { ir: IR; deps: Deps };
    try {
      low = cachedLowering(v.formula as Expr, position, ns);
    } catch (e) {
      if (e instanceof LoweringError) e.at = v.at; // lets the caller report the file position
      throw e;
    }
    if (!deps) deps = r.versions.length === 1 ? low.deps : { rules: new Set(low.deps.rules), params: new Set(low.deps.params), inputs: new Set(low.deps.inputs), relations: new Set(low.deps.relations) };
    else for (const k of ['rules', 'params', 'inputs', 'relations'] as const) for (const x of low.deps[k]) deps[k].add(x);
    versions.push({ from: v.from, to: v.to, formula: v.formula, formulaText: v.formulaText, ir: low.ir });
  }
  return { kind: 'derived', rule: r, id: r.id, name: r.name, position, versions, deps: deps ?? { rules: new Set(), params: new Set(), inputs: new Set(), relations: new Set() }, minorUnits, boundBy };
}

const derivedCache = new WeakMap<DerivedRule, Map<string, CompiledDerived>>();

/** A derived rule compiles identically in every closure that resolves its identifiers the same way. */
function cachedDerived(r: DerivedRule, ns: Namespace, minorUnits: number | undefined): CompiledDerived {
  let sig = minorUnits === undefined ? '' : String(minorUnits);
  for (const v of r.versions) sig += `|${signature(v.formula as Expr, ns)}`;
  let byRule = derivedCache.get(r);
  if (!byRule) derivedCache.set(r, (byRule = new Map()));
  const hit = byRule.get(sig);
  if (hit) return hit;
  const compiled = compileDerived(r, ns, minorUnits, undefined);
  byRule.set(sig, compiled);
  return compiled;
}

const paramCache = new WeakMap<ParameterRule, CompiledParameter>();

function cachedParameter(r: ParameterRule, boundBy: SetsBinding | undefined): CompiledParameter {
  const hit = boundBy ? undefined : paramCache.get(r);
  if (hit) return hit;
  const compiled: CompiledParameter = {
    kind: 'parameter',
    rule: r,
    id: r.id,
    name: r.name,
    versions: r.versions.map((v) => ({ from: v.from, to: v.to, formula: v.formula, formulaText: v.formulaText, cells: v.cells ?? literalCells(v) })),
    boundBy,
  };
  if (!boundBy) paramCache.set(r, compiled);
  return compiled;
}

function signature(e: Expr, ns: Namespace): string {
  let idents = identCache.get(e);
  if (!idents) identCache.set(e, (idents = [...collectIdents(e)].sort()));
  let sig = '';
  for (const id of idents) sig += ns.isParameter(id) ? 'p' : ns.isDerived(id) ? 'd' : 'i';
  return sig;
}

const identCache = new WeakMap<Expr, string[]>();
const loweringCache = new WeakMap<Expr, Map<string, { ir: IR; deps: Deps }>>();

/**
 * Lowering depends on the closure only through how each identifier resolves (parameter, derived or input),
 * so a formula shared by many closures is lowered once per distinct resolution signature.
 */
function cachedLowering(e: Expr, position: 'judgment' | 'scalar', ns: Namespace): { ir: IR; deps: Deps } {
  const sig = (position === 'judgment' ? 'J' : 'S') + signature(e, ns);
  let byExpr = loweringCache.get(e);
  if (!byExpr) loweringCache.set(e, (byExpr = new Map()));
  const hit = byExpr.get(sig);
  if (hit) return hit;
  const low = lowerFormula(e, position, ns);
  byExpr.set(sig, low);
  return low;
}

function literalCells(v: RuleVersion): ReadonlyMap<number, Value> | undefined {
  const f = v.formula;
  if (!f) return undefined;
  // Scalar parameters are one-cell tables at key 0 (§3.2); lowering a literal needs no namespace.
  const low = lowerFormula(f, 'scalar', { isParameter: () => false, isTable: () => false, isDerived: () => false, derivedEntity: () => undefined, isRelation: () => false });
  if (low.ir.k !== 'const') return undefined;
  return new Map([[0, low.ir.v]]);
}

/** Input slots a derived rule reads directly or through the derived rules it depends on (memoised). */
function transitiveInputs(derived: ReadonlyMap<string, CompiledDerived>): (name: string) => ReadonlySet<string> {
  const memo = new Map<string, Set<string>>();
  const get = (name: string): ReadonlySet<string> => {
    const hit = memo.get(name);
    if (hit) return hit;
    const out = new Set<string>();
    memo.set(name, out); // cycles are rejected later; the partial set stops runaway recursion
    const d = derived.get(name);
    if (d) {
      for (const i of d.deps.inputs) out.add(i);
      for (const r of d.deps.rules) for (const i of get(r)) out.add(i);
    }
    return out;
  };
  return get;
}

/** Records which input slots are read per member of each aggregated relation (for the ProgramGraph). */
function collectMemberInputs(d: CompiledDerived, memberSets: Map<string, Set<string>>, transitive: (name: string) => ReadonlySet<string>): void {
  const walk = (ir: IR, rel?: string): void => {
    switch (ir.k) {
      case 'input':
        if (rel) memberSets.get(rel)?.add(ir.slot);
        return;
      case 'derived':
        if (rel) for (const i of transitive(ir.name)) memberSets.get(rel)?.add(i);
        return;
      case 'agg':
        if (ir.field) walk(ir.field, ir.rel);
        if (ir.pred) walk(ir.pred, ir.rel);
        return;
      case 'arith':
      case 'cmp':
        walk(ir.l, rel);
        walk(ir.r, rel);
        return;
      case 'neg':
      case 'not':
      case 'truthy':
        walk(ir.e, rel);
        return;
      case 'and':
      case 'or':
      case 'exactly_one':
        for (const i of ir.items) walk(i, rel);
        return;
      case 'if':
        for (const c of ir.conds) walk(c, rel);
        for (const t of ir.thens) walk(t, rel);
        walk(ir.otherwise, rel);
        return;
      case 'fn':
        for (const a of ir.args) walk(a, rel);
        return;
      case 'param':
        if (ir.index) walk(ir.index, rel);
        return;
      default:
        return;
    }
  };
  for (const v of d.versions) if (v.ir) walk(v.ir);
}

/** Topological order of derived rules (deps first); on a cycle returns it by name, closed (a → b → a). */
export function topoOrder(derived: ReadonlyMap<string, CompiledDerived>, relations: ReadonlyMap<string, CompiledRelation>): { order: string[]; cycle?: string[] } {
  const order: string[] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const depsOf = (name: string): string[] => {
    const d = derived.get(name);
    if (!d) return [];
    const out = [...d.deps.rules];
    // A rule aggregating a derived relation depends on that relation's predicate rules.
    for (const rel of d.deps.relations) {
      let r = relations.get(rel);
      const seen = new Set<string>();
      while (r && r.kind === 'derived' && !seen.has(r.name)) {
        seen.add(r.name);
        if (r.predicateDeps) out.push(...r.predicateDeps.rules);
        r = r.source ? relations.get(r.source) : undefined;
      }
    }
    return out;
  };
  for (const start of derived.keys()) {
    if (state.has(start)) continue;
    // Iterative DFS so 100-deep ladders and long chains never hit the JS stack limit.
    const iters: { name: string; deps: string[]; i: number }[] = [{ name: start, deps: depsOf(start), i: 0 }];
    state.set(start, 1);
    stack.push(start);
    while (iters.length > 0) {
      const top = iters[iters.length - 1];
      if (top.i < top.deps.length) {
        const dep = top.deps[top.i++];
        if (!derived.has(dep)) continue;
        const st = state.get(dep);
        if (st === 1) return { order, cycle: [...stack.slice(stack.indexOf(dep)), dep] };
        if (st === 2) continue;
        state.set(dep, 1);
        stack.push(dep);
        iters.push({ name: dep, deps: depsOf(dep), i: 0 });
      } else {
        iters.pop();
        stack.pop();
        state.set(top.name, 2);
        order.push(top.name);
      }
    }
  }
  return { order };
}
