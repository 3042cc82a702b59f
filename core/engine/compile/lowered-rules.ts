/**
 * Lowering pass: the merged (and `sets`-bound) rules → CompiledDerived (checked AST, IR and dependencies per
 * version) and CompiledParameter (literal cells) per name. A rule that fails to lower is a diagnostic at its file
 * position. A formula's lowering depends on the closure only through how each identifier resolves, so lowered
 * rules are shared across closures that resolve them alike (caches keyed by the loaded rule objects).
 */
import { collectIdents, type Expr } from '../syntax/ast.js';
import type { Deps, IR } from '../check/ir.js';
import { LoweringError, lowerFormula, type Namespace } from '../check/lower.js';
import type { DerivedRule, ParameterRule, RuleVersion } from '../load/model.js';
import { filePosition } from '../load/module-loader.js';
import type { Value } from '../values.js';
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

export function lowerDerivedRules(merged: MergedRules, ns: Namespace, boundBy: ReadonlyMap<string, SetsBinding>, errors: CompileErrors): Map<string, CompiledDerived> {
  const compiledDerived = new Map<string, CompiledDerived>();
  for (const r of merged.derived.values()) {
    const minorUnits = r.rounding && r.unit ? merged.currencies.get(r.unit) : undefined;
    const bound = boundBy.get(r.name);
    try {
      compiledDerived.set(r.name, bound ? compileDerived(r, ns, minorUnits, bound) : cachedDerived(r, ns, minorUnits));
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

export function compileParameters(merged: MergedRules, boundBy: ReadonlyMap<string, SetsBinding>): Map<string, CompiledParameter> {
  const compiledParams = new Map<string, CompiledParameter>();
  for (const r of merged.params.values()) compiledParams.set(r.name, cachedParameter(r, boundBy.get(r.name)));
  return compiledParams;
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
