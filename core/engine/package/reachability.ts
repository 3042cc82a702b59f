/**
 * Reachability: a compiled program and named rules → everything the rules read (derived rules, parameters,
 * input slots, relations), and the derived rules that read a given one.
 */
import type { CompiledProgram } from '../compile/index.js';

/** Everything reachable from the named outputs: derived rules, parameters, input slots, relations. */
/** Names reached from some outputs, as bare names (input slots for inputs). */
export interface Reached {
  readonly rules: Set<string>;
  readonly params: Set<string>;
  readonly inputs: Set<string>;
  readonly relations: Set<string>;
}

export function reachable(program: CompiledProgram, outputs: readonly string[]): Reached {
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

/** Derived rules that depend (transitively) on `name`: gating `name` with them would make a cycle. */
export function dependentsOf(program: CompiledProgram, name: string): Set<string> {
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
