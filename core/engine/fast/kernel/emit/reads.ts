/** Same-entity reads of an IR node (what a straight-line body must have computed) and the strict forms' operands. */
import type { IR } from '../../../check/ir.js';

/** An `if` arm left out of a walk (its reads are those of a guarded group, guards.ts). */
export interface SkippedArm {
  readonly node: Extract<IR, { k: 'if' }>;
  readonly arm: number;
}

/**
 * Visits the operands of the strict composite forms (arithmetic, comparison, negation, truthiness, exactly_one,
 * function calls), each evaluated whenever the form is; false for every other form, which each walk treats its own way.
 */
export function visitStrictOperands(ir: IR, visit: (node: IR) => void): boolean {
  switch (ir.k) {
    case 'arith':
    case 'cmp':
      visit(ir.l);
      visit(ir.r);
      return true;
    case 'neg':
    case 'not':
    case 'truthy':
      visit(ir.e);
      return true;
    case 'exactly_one':
      ir.items.forEach(visit);
      return true;
    case 'fn':
      ir.args.forEach(visit);
      return true;
    default:
      return false;
  }
}

/**
 * Derived rules `ir` reads at the same entity into `out`. `every` false: only those every evaluation reads
 * (first operands of lazy forms, all operands of strict ones); true: all of them.
 */
export function sameEntityReads(ir: IR, out: Set<string>, every: boolean, skip?: SkippedArm): void {
  const visit = (node: IR): void => sameEntityReads(node, out, every, skip);
  if (visitStrictOperands(ir, visit)) return;
  switch (ir.k) {
    case 'derived':
      if (ir.at === undefined) out.add(ir.name);
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
