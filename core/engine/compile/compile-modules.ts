/**
 * The compiler: a module closure (reference §1.3) → an immutable CompiledProgram, as the sequence of its passes
 * (closure, merge, `sets` bindings, lowering, relations, evaluation order; input slots on first read).
 */
import type { LoadedModule } from '../load/model.js';
import { resolveClosure } from './closure.js';
import { compileErrors } from './diagnostics.js';
import { topoOrder } from './evaluation-order.js';
import { inputSlots } from './input-slots.js';
import { CompileCache } from './compile-cache.js';
import { OwnedCaches } from '../owned-caches.js';
import { closureNamespace, compileParameters, lowerDerivedRules } from './lowered-rules.js';
import { mergeRules } from './merged-rules.js';
import { compileRelations, type MemberInputsOf } from './relations.js';
import { applySetsBindings } from './sets-bindings.js';
import type { CompiledProgram, CompileResult, CompiledRelation, InputSlot, ModuleSource, SyntheticRules } from './types.js';

/**
 * `cache`: lowered rules shared with other closures of the same repository (its model's compileCache); without
 * one the closure is compiled on its own.
 */
export function compileClosure(roots: readonly string[], modules: ModuleSource, synthetic?: SyntheticRules, cache = new CompileCache()): CompileResult {
  const { order, diagnostics } = resolveClosure(roots, modules);
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  const loaded = order.map((id) => modules.get(id) as LoadedModule);
  return compileModules(roots, loaded, synthetic, cache);
}

/** Compiles an already-ordered list of modules as one flat namespace. */
export function compileModules(roots: readonly string[], loaded: readonly LoadedModule[], synthetic?: SyntheticRules, cache = new CompileCache()): CompileResult {
  const errors = compileErrors(loaded);
  const { diagnostics } = errors;
  const merged = mergeRules(loaded, synthetic, errors);
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const boundBy = applySetsBindings(merged, new Set(loaded.map((m) => m.id)), errors);
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const ns = closureNamespace(merged);
  const derived = lowerDerivedRules(merged, ns, boundBy, errors, cache);
  const parameters = compileParameters(merged, boundBy, cache);

  // Member input sets and input slots are computed together on first read (only package graphs need them).
  const memberSets = new Map<string, Set<string>>();
  let inputs: Map<string, InputSlot> | undefined;
  let relations: ReadonlyMap<string, CompiledRelation> = new Map();
  const ensureInputs = (): Map<string, InputSlot> => (inputs ??= inputSlots({ derived, parameters, relations, syntheticModule: synthetic?.module }, memberSets));
  const memberInputsOf: MemberInputsOf = (name) => {
    memberSets.set(name, new Set());
    return () => {
      ensureInputs();
      return memberSets.get(name) as Set<string>;
    };
  };
  relations = compileRelations(merged, derived, ns, errors, memberInputsOf);
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const cyc = topoOrder(derived, relations);
  if (cyc.cycle) {
    const first = derived.get(cyc.cycle[0]);
    errors.report(first?.rule, first ? errors.moduleOf(first.rule) : undefined, `dependency cycle: ${cyc.cycle.join(' → ')}`);
    return { ok: false, diagnostics };
  }

  const program: CompiledProgram = {
    roots,
    modules: loaded.map((m) => m.id),
    derived,
    parameters,
    relations,
    get inputs(): ReadonlyMap<string, InputSlot> {
      return ensureInputs();
    },
    order: cyc.order,
    currencies: merged.currencies,
    sourceRelations: merged.sourceRelations,
    diagnostics,
    idToName: merged.idToName,
    caches: new OwnedCaches(),
  };
  return { ok: true, program };
}
