/**
 * Lowering pass: the merged (and `sets`-bound) rules → CompiledDerived (checked AST, IR and dependencies per
 * version) and CompiledParameter (literal cells) per name. A rule that fails to lower is a diagnostic at its file
 * position. A formula's lowering depends on the closure only through how each identifier resolves, so lowered
 * rules are shared across closures that resolve them alike, through the repository's CompileCache.
 */
import { collectIdents, type Expr } from '../syntax/ast.js';
import type { Deps } from '../check/ir.js';
import { LoweringError, lowerFormula, type Namespace } from '../check/lower.js';
import type { DerivedRule, ParameterRule, RuleVersion } from '../load/model.js';
import { filePosition } from '../load/module-loader.js';
import type { Value } from '../values.js';
import type { CompileCache, Lowered } from './compile-cache.js';
import type { CompileErrors } from './diagnostics.js';
import type { MergedRules } from './merged-rules.js';
import type { CompiledDerived, CompiledParameter, CompiledVersion, SetsBinding } from './types.js';

/** How identifiers resolve in the merged closure (parameter, table, derived rule, relation; otherwise an input). */
export function closureNamespace(merged: MergedRules): Namespace {
  const relationNames = new Set(merged.relRules.keys());
  return {
    isParameter: (n) => merged.params.has(n),
    isTable: (n) => merged.params.get(n)?.table === true,
    isDerived: (n) => merged.derived.has(n),
    derivedEntity: (n) => merged.derived.get(n)?.entity,
    isRelation: (n) => relationNames.has(n),
  };
}

export function lowerDerivedRules(merged: MergedRules, ns: Namespace, boundBy: ReadonlyMap<string, SetsBinding>, errors: CompileErrors, cache: CompileCache): Map<string, CompiledDerived> {
  const compiledDerived = new Map<string, CompiledDerived>();
  for (const r of merged.derived.values()) {
    const minorUnits = r.rounding && r.unit ? merged.currencies.get(r.unit) : undefined;
    const bound = boundBy.get(r.name);
    try {
      compiledDerived.set(r.name, bound ? compileDerived(r, ns, minorUnits, bound, cache) : cachedDerived(r, ns, minorUnits, cache));
    } catch (e) {
      // Any failure (including a stack overflow on a pathological formula) is this rule's diagnostic.
      if (e instanceof LoweringError) {
        const where = e.at ? filePosition(e.at, e.pos) : undefined;
        errors.report(r, errors.moduleOf(r), `rule "${r.name}" (${r.id}): ${e.message}`, where?.line ?? r.line, where?.column);
      } else errors.report(r, errors.moduleOf(r), `rule "${r.name}" (${r.id}) could not be compiled: ${(e as Error).message}`);
    }
  }
  return compiledDerived;
}

export function compileParameters(merged: MergedRules, boundBy: ReadonlyMap<string, SetsBinding>, cache: CompileCache): Map<string, CompiledParameter> {
  const compiledParams = new Map<string, CompiledParameter>();
  for (const r of merged.params.values()) {
    const bound = boundBy.get(r.name);
    // A `sets`-bound parameter carries its binding, so it is this closure's own.
    compiledParams.set(r.name, bound ? compileParameter(r, bound) : cache.parameter(r, () => compileParameter(r, undefined)));
  }
  return compiledParams;
}

function compileDerived(r: DerivedRule, ns: Namespace, minorUnits: number | undefined, boundBy: SetsBinding | undefined, cache: CompileCache): CompiledDerived {
  const position = r.dtype === 'judgment' ? 'judgment' : 'scalar';
  const versions: CompiledVersion[] = [];
  let deps: Deps | undefined;
  for (const v of r.versions) {
    let low: Lowered;
    try {
      low = cachedLowering(v.formula as Expr, position, ns, cache);
    } catch (e) {
      if (e instanceof LoweringError) e.at = v.at; // lets the caller report the file position
      throw e;
    }
    if (!deps) deps = r.versions.length === 1 ? low.deps : { rules: new Set(low.deps.rules), params: new Set(low.deps.params), inputs: new Set(low.deps.inputs), relations: new Set(low.deps.relations) };
    else for (const k of ['rules', 'params', 'inputs', 'relations'] as const) for (const x of low.deps[k]) deps[k].add(x);
    versions.push({ from: v.from, to: v.to, formula: v.formula, formulaText: v.formulaText, ir: low.ir });
  }
  return { kind: 'derived', rule: r, id: r.id, name: r.name, position, versions, deps: deps ?? { rules: new Set(), params: new Set(), inputs: new Set(), relations: new Set() }, minorUnits, boundBy, sources: traceSources(r, boundBy) };
}

/** A derived rule's legal sources, each once, and the State rule that supplied its semantics through `sets`. */
function traceSources(r: DerivedRule, boundBy: SetsBinding | undefined): readonly string[] {
  const sources: string[] = [];
  for (const source of [r.source, r.sourceUrl, r.citationPath]) if (source && !sources.includes(source)) sources.push(source);
  if (boundBy) sources.push(`${boundBy.value} (bound to ${boundBy.hook} through sets)`);
  return Object.freeze(sources);
}

/** A derived rule compiles identically in every closure that resolves its identifiers the same way. */
function cachedDerived(r: DerivedRule, ns: Namespace, minorUnits: number | undefined, cache: CompileCache): CompiledDerived {
  let sig = minorUnits === undefined ? '' : String(minorUnits);
  for (const v of r.versions) sig += `|${signature(v.formula as Expr, ns, cache)}`;
  return cache.derived(r, sig, () => compileDerived(r, ns, minorUnits, undefined, cache));
}

function compileParameter(r: ParameterRule, boundBy: SetsBinding | undefined): CompiledParameter {
  return {
    kind: 'parameter',
    rule: r,
    id: r.id,
    name: r.name,
    versions: r.versions.map((v) => ({ from: v.from, to: v.to, formula: v.formula, formulaText: v.formulaText, cells: v.cells ?? literalCells(v) })),
    boundBy,
  };
}

function signature(e: Expr, ns: Namespace, cache: CompileCache): string {
  const idents = cache.idents(e, () => [...collectIdents(e)].sort());
  let sig = '';
  for (const id of idents) sig += ns.isParameter(id) ? 'p' : ns.isDerived(id) ? 'd' : 'i';
  return sig;
}

/**
 * Lowering depends on the closure only through how each identifier resolves (parameter, derived or input),
 * so a formula shared by many closures is lowered once per distinct resolution signature.
 */
function cachedLowering(e: Expr, position: 'judgment' | 'scalar', ns: Namespace, cache: CompileCache): Lowered {
  const sig = (position === 'judgment' ? 'J' : 'S') + signature(e, ns, cache);
  return cache.lowering(e, sig, () => lowerFormula(e, position, ns));
}

function literalCells(v: RuleVersion): ReadonlyMap<number, Value> | undefined {
  const f = v.formula;
  if (!f) return undefined;
  // Scalar parameters are one-cell tables at key 0 (§3.2); lowering a literal needs no namespace.
  const low = lowerFormula(f, 'scalar', { isParameter: () => false, isTable: () => false, isDerived: () => false, derivedEntity: () => undefined, isRelation: () => false });
  if (low.ir.k !== 'const') return undefined;
  return new Map([[0, low.ir.v]]);
}
