/** `if` chains: an arm is taken only when its condition holds (2), as RuleSpec §4.6 says. */
import type { IR } from '../../../check/ir.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { rescale } from './numbers.js';
import { BAIL_CODE, asJudgment, joinTypes, type Code, type Scope } from './types.js';

/**
 * Arms whose condition is known not to hold vanish; an arm known to hold becomes the `otherwise` and ends
 * the chain. Number branches are rescaled to the widest scale; branches of different kinds bail.
 */
export function emitIf(ctx: EmitContext, ir: Extract<IR, { k: 'if' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  return emitIfWithBranches(ctx, ir, entity, locals, scope, (branch) => ctx.expression(branch, entity, locals, scope));
}

/** The same chain with each branch value emitted by `branchCode` (a rule's rounding applies per branch). */
export function emitIfWithBranches(
  ctx: EmitContext,
  ir: Extract<IR, { k: 'if' }>,
  entity: string,
  locals: FunctionLocals,
  scope: Scope,
  branchCode: (branch: IR) => Code,
): Code {
  const conditions: Code[] = [];
  const branches: Code[] = [];
  let otherwise: Code | undefined;
  for (let i = 0; i < ir.conds.length; i++) {
    const condition = asJudgment(ctx.expression(ir.conds[i], entity, locals, scope));
    if (condition.constant !== undefined && condition.constant !== 2) continue; // never selected
    const then = branchCode(ir.thens[i]);
    if (condition.constant === 2) {
      otherwise = then; // always selected once reached: later arms are dead
      break;
    }
    conditions.push(condition);
    branches.push(then);
  }
  otherwise ??= branchCode(ir.otherwise);
  if (conditions.length === 0) return otherwise;
  const all = [...branches, otherwise];
  const type = joinTypes(all.map((branch) => branch.type));
  if (!type) return BAIL_CODE;
  const branchJs = all.map((branch) => (type.k === 'num' ? rescale(ctx, branch, type.s, locals).js : branch.js));
  let js = branchJs[branchJs.length - 1];
  for (let i = conditions.length - 1; i >= 0; i--) js = `(${conditions[i].js} === 2 ? ${branchJs[i]} : ${js})`;
  return { js, type };
}
