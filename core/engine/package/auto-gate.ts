/**
 * Auto-gating (reference §9 step 4): for each `auto_gate_outputs` name X, a first compile of the closure finds the
 * in-scope eligibility judgments X ignores; X's rule is renamed X_core and a synthesized X := X_core and those
 * judgments. Produces the synthesized rules (updated in place) and the closure with replaced rules removed.
 */
import { compileModules, type CompileCache } from '../compile/index.js';
import type { DerivedRule, Diagnostic, LoadedModule, Rule } from '../load/model.js';
import { parseFormula } from '../syntax/parser.js';
import { dependentsOf, reachable } from './reachability.js';
import type { ProgramSpec } from './types.js';

export type AutoGateResult = { ok: true; modules: readonly LoadedModule[] } | { ok: false; diagnostics: Diagnostic[] } | { ok: false; message: string };

export function autoGate(spec: ProgramSpec, programId: string, roots: readonly string[], loaded: readonly LoadedModule[], synthetic: Rule[], cache: CompileCache): AutoGateResult {
  if (!spec.autoGateOutputs.length) return { ok: true, modules: loaded };
  const first = compileModules(roots, loaded, { module: programId, rules: synthetic }, cache);
  if (!first.ok) return { ok: false, diagnostics: first.diagnostics };
  const p = first.program;
  const replaced = new Set<string>();
  const rootSet = new Set(roots);
  for (const x of spec.autoGateOutputs) {
    const d = p.derived.get(x);
    if (!d) return { ok: false, message: `auto_gate_outputs: "${x}" is not a derived rule` };
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
  if (!replaced.size) return { ok: true, modules: loaded };
  const modules = loaded.map((m) => (m.rules.some((r) => replaced.has(r.name)) ? { ...m, rules: m.rules.filter((r) => !(replaced.has(r.name) && r.shape === 'derived')) } : m));
  return { ok: true, modules };
}
