/** Comparisons: numbers at a common scale, dates, text (== / != only), Booleans and judgments as Booleans. */
import type { IR } from '../../../check/ir.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { rescale } from './numbers.js';
import { BAIL_CODE, judgment, type Code, type Scope } from './types.js';

type Compare = Extract<IR, { k: 'cmp' }>;

export function emitComparison(ctx: EmitContext, ir: Compare, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const left = ctx.expression(ir.l, entity, locals, scope);
  const right = ctx.expression(ir.r, entity, locals, scope);
  const equalityOnly = ir.op === '==' || ir.op === '!=';
  if (left.type.k === 'num' && right.type.k === 'num') {
    const scale = Math.max(left.type.s, right.type.s);
    return compared(ctx, ir.op, rescale(ctx, left, scale, locals), rescale(ctx, right, scale, locals));
  }
  if (left.type.k === 'date' && right.type.k === 'date') return compared(ctx, ir.op, left, right);
  if (left.type.k === 'text' && right.type.k === 'text') return equalityOnly ? compared(ctx, ir.op, left, right) : BAIL_CODE;
  const leftBool = asBoolean(ctx, left);
  const rightBool = asBoolean(ctx, right);
  if (leftBool && rightBool && equalityOnly && leftBool.type.k !== 'never' && rightBool.type.k !== 'never') return compared(ctx, ir.op, leftBool, rightBool);
  return BAIL_CODE;
}

/** The comparison as a judgment (holds 2 / not_holds 0), folded when both sides are known. */
function compared(ctx: EmitContext, op: Compare['op'], left: Code, right: Code): Code {
  if (left.constant !== undefined && right.constant !== undefined) return ctx.known(holdsAtGeneration(op, left.constant, right.constant) ? 2 : 0, { k: 'judg' });
  const jsOp = op === '==' ? '===' : op === '!=' ? '!==' : op;
  return judgment(`(${left.js} ${jsOp} ${right.js} ? 2 : 0)`);
}

function holdsAtGeneration(op: Compare['op'], left: number | string, right: number | string): boolean {
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '==':
      return left === right;
    default:
      return left !== right;
  }
}

/** A Boolean as is, a judgment as 0/1 (undetermined cannot be compared: bails); undefined for other kinds. */
function asBoolean(ctx: EmitContext, operand: Code): Code | undefined {
  if (operand.type.k === 'bool') return operand;
  if (operand.type.k !== 'judg') return undefined;
  if (typeof operand.constant === 'number') return operand.constant === 1 ? BAIL_CODE : ctx.known(operand.constant === 2 ? 1 : 0, { k: 'bool' });
  return { js: `judgBool(${operand.js})`, type: { k: 'bool' } };
}
