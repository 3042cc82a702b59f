/** `+ - * /` and unary minus on scaled integers, folded when both operands are known. */
import type { IR } from '../../../check/ir.js';
import { HELPERS } from '../helpers.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { checkedExpression, rescale } from './numbers.js';
import { BAIL_CODE, MAX_SCALE, foldAtGeneration, pow10, type Code, type Scope, type Ty } from './types.js';

type Arith = Extract<IR, { k: 'arith' }>;

export function emitArithmetic(ctx: EmitContext, ir: Arith, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const left = ctx.expression(ir.l, entity, locals, scope);
  const right = ctx.expression(ir.r, entity, locals, scope);
  if (left.type.k !== 'num' || right.type.k !== 'num') return BAIL_CODE;
  switch (ir.op) {
    case '+':
    case '-':
      return sumOrDifference(ctx, ir.op, left, right, locals);
    case '*':
      return product(ctx, left, right, locals);
    case '/':
      return quotient(left, right);
  }
  return BAIL_CODE;
}

function sumOrDifference(ctx: EmitContext, op: '+' | '-', left: Code, right: Code, locals: FunctionLocals): Code {
  const scale = Math.max(scaleOf(left), scaleOf(right));
  const leftAtScale = rescale(ctx, left, scale, locals);
  const rightAtScale = rescale(ctx, right, scale, locals);
  const type: Ty = { k: 'num', s: scale };
  const helper = op === '+' ? 'add' : 'sub';
  if (typeof leftAtScale.constant === 'number' && typeof rightAtScale.constant === 'number') {
    const folded = foldAtGeneration(() => HELPERS[helper](leftAtScale.constant as number, rightAtScale.constant as number));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: checkedExpression(locals, `${leftAtScale.js} ${op} ${rightAtScale.js}`), type };
}

/** Scales add up; a product beyond MAX_SCALE decimals stays on the explain path. */
function product(ctx: EmitContext, left: Code, right: Code, locals: FunctionLocals): Code {
  const scale = scaleOf(left) + scaleOf(right);
  if (scale > MAX_SCALE) return BAIL_CODE;
  const type: Ty = { k: 'num', s: scale };
  if (typeof left.constant === 'number' && typeof right.constant === 'number') {
    const folded = foldAtGeneration(() => HELPERS.mul(left.constant as number, right.constant as number));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: checkedExpression(locals, `${left.js} * ${right.js}`), type };
}

/**
 * Result scale: enough digits for halves, quarters... of the dividend (four more than the operands' difference);
 * the dividend is multiplied up to it and `qdiv` bails on an inexact quotient, which decimal.js would round.
 */
function quotient(left: Code, right: Code): Code {
  const dividendScale = scaleOf(left);
  const divisorScale = scaleOf(right);
  const scale = Math.min(Math.max(dividendScale - divisorScale, 0) + 4, MAX_SCALE);
  const exponent = scale - dividendScale + divisorScale;
  if (exponent < 0 || exponent > 22) return BAIL_CODE;
  const dividend = exponent === 0 ? left.js : `up(${left.js}, ${pow10(exponent)})`;
  return { js: `qdiv(${dividend}, ${right.js})`, type: { k: 'num', s: scale } };
}

export function emitNegation(ctx: EmitContext, ir: Extract<IR, { k: 'neg' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const operand = ctx.expression(ir.e, entity, locals, scope);
  if (operand.type.k !== 'num') return BAIL_CODE;
  return typeof operand.constant === 'number' ? ctx.known(0 - operand.constant, operand.type) : { js: `(0 - ${operand.js})`, type: operand.type };
}

/** The scale of an operand already checked to be a number. */
function scaleOf(operand: Code): number {
  return operand.type.k === 'num' ? operand.type.s : 0;
}
