/** Small in-memory repositories for engine unit tests. */
import { buildRepository, type RuleRepositoryModel } from '../../../core/engine/load/repository.js';
import { compileClosure, type CompiledProgram } from '../../../core/engine/compile/index.js';
import { Evaluator, type Period } from '../../../core/engine/explain/evaluate.js';
import { fromRaw, toJson, type Value } from '../../../core/engine/values.js';

export function repoOf(files: Record<string, string>): RuleRepositoryModel {
  return buildRepository({ name: 'test', root: 'memory' }, Object.keys(files), new Map(Object.entries(files)));
}

/** One module `us-xx:policies/demo/m` holding the given rules YAML (already indented as list items). */
export function moduleYaml(rules: string, extra = ''): string {
  return `format: rulespec/v1\nmodule:\n  summary: demo\n${extra}rules:\n${rules}`;
}

export function compileOne(rules: string, extra = ''): CompiledProgram {
  const repo = repoOf({ 'us-xx/policies/demo/m.yaml': moduleYaml(rules, extra) });
  const r = compileClosure(['us-xx:policies/demo/m'], repo.modules);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.program;
}

export const MONTH: Period = { start: '2026-01-01', end: '2026-01-31' };

/** The evaluator's input map (slot -> entity -> value) for plain-JSON inputs on e1 and on other entities. */
export function inputMap(e1: Record<string, unknown>, others: Record<string, Record<string, unknown>> = {}): Map<string, Map<string, Value>> {
  const im = new Map<string, Map<string, Value>>();
  const put = (entity: string, vals: Record<string, unknown>): void => {
    for (const [k, v] of Object.entries(vals)) {
      let m = im.get(k);
      if (!m) im.set(k, (m = new Map()));
      m.set(entity, fromRaw(v));
    }
  };
  put('e1', e1);
  for (const [entity, vals] of Object.entries(others)) put(entity, vals);
  return im;
}

/** Evaluates `name` for entity `e1` with inputs given as plain JSON on e1. */
export function evalRule(
  program: CompiledProgram,
  name: string,
  inputs: Record<string, unknown> = {},
  options: { period?: Period; relations?: Record<string, [string, string][]>; memberInputs?: Record<string, Record<string, unknown>> } = {},
): string | number | boolean {
  const ev = new Evaluator(program, { inputs: inputMap(inputs, options.memberInputs), relations: new Map(Object.entries(options.relations ?? {})) }, options.period ?? MONTH);
  return toJson(ev.evaluate(name, 'e1'));
}
