/** Scalar built-ins: max/min, floor/ceil (exact integer division), days_between, date_add_days. */
import type { IR } from '../../../check/ir.js';
import { HELPERS } from '../helpers.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { commonScale, rescale } from './numbers.js';
import { BAIL_CODE, foldAtGeneration, pow10, type Code, type Scope, type Ty } from './types.js';

type Call = Extract<IR, { k: 'fn' }>;

/** Helper mode numbers shared with helpers.ts (fdiv/cdiv/fqdiv/rdiv). */
const FLOOR = 2;
const CEIL = 3;

export function emitCall(ctx: EmitContext, ir: Call, entity: string, locals: FunctionLocals, scope: Scope): Code {
  switch (ir.fn) {
    case 'max':
    case 'min':
      return maxOrMin(ctx, ir.fn, ir.args, entity, locals, scope);
    case 'floor':
    case 'ceil':
      return floorOrCeil(ctx, ir.fn, ir.args[0], entity, locals, scope);
    case 'days_between': {
      const from = ctx.expression(ir.args[0], entity, locals, scope);
      const to = ctx.expression(ir.args[1], entity, locals, scope);
      if (from.type.k !== 'date' || to.type.k !== 'date') return BAIL_CODE;
      return { js: `(${to.js} - ${from.js})`, type: { k: 'num', s: 0 } };
    }
    case 'date_add_days': {
      const date = ctx.expression(ir.args[0], entity, locals, scope);
      const days = ctx.expression(ir.args[1], entity, locals, scope);
      if (date.type.k !== 'date' || days.type.k !== 'num') return BAIL_CODE;
      return { js: `dadd(${date.js}, ${days.js}, ${pow10(days.type.s)})`, type: { k: 'date' } };
    }
  }
  return BAIL_CODE;
}

/** Left to right at the widest scale, keeping the first of equal arguments (as the explain path does). */
function maxOrMin(ctx: EmitContext, fn: 'max' | 'min', argIrs: readonly IR[], entity: string, locals: FunctionLocals, scope: Scope): Code {
  const args = argIrs.map((arg) => ctx.expression(arg, entity, locals, scope));
  const scale = commonScale(args);
  if (args.length === 0 || scale === undefined) return BAIL_CODE;
  const type: Ty = { k: 'num', s: scale };
  let acc = rescale(ctx, args[0], scale, locals);
  for (let i = 1; i < args.length; i++) {
    const next = rescale(ctx, args[i], scale, locals);
    if (typeof acc.constant === 'number' && typeof next.constant === 'number') acc = ctx.known(HELPERS[`${fn}2`](acc.constant, next.constant), type);
    else {
      const accTemp = locals.numberTemp();
      const nextTemp = locals.numberTemp();
      acc = { js: `((${accTemp} = ${acc.js}), (${nextTemp} = ${next.js}) ${fn === 'max' ? '>' : '<'} ${accTemp} ? ${nextTemp} : ${accTemp})`, type };
    }
  }
  return acc;
}

/** floor/ceil to an integer; of a quotient, computed on the exact rational (see fqdiv in helpers.ts). */
function floorOrCeil(ctx: EmitContext, fn: 'floor' | 'ceil', arg: IR, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const mode = fn === 'floor' ? FLOOR : CEIL;
  if (arg.k === 'arith' && arg.op === '/') return roundedQuotient(ctx, arg, mode, entity, locals, scope);
  const operand = ctx.expression(arg, entity, locals, scope);
  if (operand.type.k !== 'num') return BAIL_CODE;
  if (operand.type.s === 0) return operand;
  const divisor = 10 ** operand.type.s;
  const type: Ty = { k: 'num', s: 0 };
  if (typeof operand.constant === 'number') {
    const value = operand.constant;
    const folded = foldAtGeneration(() => (mode === FLOOR ? HELPERS.fdiv(value, divisor) : HELPERS.cdiv(value, divisor)));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: `${fn === 'floor' ? 'fdiv' : 'cdiv'}(${operand.js}, ${pow10(operand.type.s)})`, type };
}

/** floor(n / d) as (N * 10^sd) / (D * 10^sn) on the scaled integers N, D: no rounded decimal quotient. */
function roundedQuotient(ctx: EmitContext, division: Extract<IR, { k: 'arith' }>, mode: number, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const type: Ty = { k: 'num', s: 0 };
  const numerator = ctx.expression(division.l, entity, locals, scope);
  const denominator = ctx.expression(division.r, entity, locals, scope);
  if (numerator.type.k !== 'num' || denominator.type.k !== 'num') return BAIL_CODE;
  const scaledNumerator = denominator.type.s === 0 ? numerator : rescale(ctx, { ...numerator, type: { k: 'num', s: 0 } }, denominator.type.s, locals);
  const scaledDenominator = numerator.type.s === 0 ? denominator : rescale(ctx, { ...denominator, type: { k: 'num', s: 0 } }, numerator.type.s, locals);
  if (typeof scaledNumerator.constant === 'number' && typeof scaledDenominator.constant === 'number') {
    const knownNumerator = scaledNumerator.constant;
    const knownDenominator = scaledDenominator.constant;
    const folded = foldAtGeneration(() => HELPERS.fqdiv(knownNumerator, knownDenominator, mode));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: `fqdiv(${scaledNumerator.js}, ${scaledDenominator.js}, ${mode})`, type };
}
