/**
 * Three-valued judgments (0 not_holds, 1 undetermined, 2 holds): `and` = min with short-circuit on 0, `or` =
 * max with short-circuit on 2, `not` = 2 - x, truthiness of Booleans and text, `exactly_one`.
 */
import type { IR } from '../../../check/ir.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { BAIL_CODE, asJudgment, judgment, type Code, type Scope } from './types.js';

export function emitAndOr(ctx: EmitContext, ir: Extract<IR, { k: 'and' | 'or' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const stop = ir.k === 'and' ? 0 : 2;
  const neutral = 2 - stop;
  const operands: Code[] = [];
  for (const item of ir.items) {
    const operand = asJudgment(ctx.expression(item, entity, locals, scope));
    if (operand.constant === neutral) continue; // holds in an and (not_holds in an or) changes nothing and cannot fail
    if (operand.constant === stop && operands.length === 0) return ctx.known(stop, { k: 'judg' });
    operands.push(operand);
    if (operand.constant === stop) break; // later operands are never evaluated
  }
  if (operands.length === 0) return ctx.known(neutral, { k: 'judg' });
  if (operands.length === 1) return operands[0];
  // Each operand is stored in a temporary; a stop value ends the chain, else min/max of them all.
  const temps: string[] = [];
  let chain = '';
  for (const operand of operands) {
    const temp = locals.numberTemp();
    temps.push(temp);
    chain += `(${temp} = ${operand.js}) === ${stop} ? ${stop} : `;
  }
  chain += `Math.${ir.k === 'and' ? 'min' : 'max'}(${temps.join(', ')})`;
  return judgment(`(${chain})`);
}

export function emitNot(ctx: EmitContext, ir: Extract<IR, { k: 'not' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const operand = asJudgment(ctx.expression(ir.e, entity, locals, scope));
  if (typeof operand.constant === 'number') return ctx.known(2 - operand.constant, { k: 'judg' });
  return operand.type.k === 'never' ? BAIL_CODE : judgment(`(2 - ${operand.js})`);
}

/** A value used as a condition: judgments as is, Booleans 0/1 -> 0/2, the texts 'holds'/'not_holds'. */
export function emitTruthy(ctx: EmitContext, ir: Extract<IR, { k: 'truthy' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const operand = ctx.expression(ir.e, entity, locals, scope);
  switch (operand.type.k) {
    case 'judg':
      return operand;
    case 'bool':
      return typeof operand.constant === 'number' ? ctx.known(operand.constant * 2, { k: 'judg' }) : judgment(`(${operand.js} * 2)`);
    case 'text':
      return textTruthy(ctx, operand);
    default:
      return BAIL_CODE;
  }
}

/** The texts 'holds' / 'not_holds' as judgments (checked at run time unless known); other texts bail. */
function textTruthy(ctx: EmitContext, operand: Code): Code {
  if (typeof operand.constant !== 'string') return judgment(`textJudg(${operand.js})`);
  if (operand.constant === 'holds') return ctx.known(2, { k: 'judg' });
  return operand.constant === 'not_holds' ? ctx.known(0, { k: 'judg' }) : BAIL_CODE;
}

export function emitExactlyOne(ctx: EmitContext, ir: Extract<IR, { k: 'exactly_one' }>, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const items = ir.items.map((item) => asJudgment(ctx.expression(item, entity, locals, scope)).js);
  return judgment(`exactlyOne([${items.join(', ')}])`);
}
