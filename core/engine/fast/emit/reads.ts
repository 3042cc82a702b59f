/** The derived rules an IR node reads at its own entity (what a straight-line body must have computed). */
import type { IR } from '../../check/ir.js';

/** An `if` arm left out of a walk (its reads are those of a guarded group, guards.ts). */
export interface SkippedArm {
  readonly node: Extract<IR, { k: 'if' }>;
  readonly arm: number;
}

/**
 * Derived rules `ir` reads at the same entity into `out`. `every` false: only those every evaluation reads
 * (first operands of lazy forms, all operands of strict ones); true: all of them.
 */
export function sameEntityReads(ir: IR, out: Set<string>, every: boolean, skip?: SkippedArm): void {
  const visit = (node: IR): void => sameEntityReads(node, out, every, skip);
  switch (ir.k) {
    case 'derived':
      if (ir.at === undefined) out.add(ir.name);
      return;
    case 'arith':
    case 'cmp':
      visit(ir.l);
      visit(ir.r);
      return;
    case 'neg':
    case 'not':
    case 'truthy':
      visit(ir.e);
      return;
    case 'exactly_one':
      ir.items.forEach(visit);
      return;
    case 'fn':
      ir.args.forEach(visit);
      return;
    case 'and':
    case 'or':
      if (every) ir.items.forEach(visit);
      else if (ir.items.length > 0) visit(ir.items[0]);
      return;
    case 'if':
      if (every) {
        ir.conds.forEach(visit);
        ir.thens.forEach((then, arm) => (ir === skip?.node && arm === skip.arm ? undefined : visit(then)));
        visit(ir.otherwise);
      } else visit(ir.conds[0]);
      return;
    case 'param':
      if (ir.index) visit(ir.index);
      return;
    default:
      return;
  }
}
