/**
 * Input type inference: a compiled program → a dtype per input slot, from how formulas use the slot (inputs are
 * undeclared in RuleSpec): compared with a text/bool/date literal, tested for truth, a table key, a date argument.
 */
import type { CompiledProgram } from '../compile/index.js';
import type { IR } from '../check/ir.js';
import type { PackageInput } from './types.js';

/** Input dtype inferred from how formulas use the slot (inputs are undeclared in RuleSpec). */
export function inferInputTypes(program: CompiledProgram): Map<string, PackageInput['dtype']> {
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
