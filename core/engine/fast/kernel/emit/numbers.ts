/** Scaled-integer plumbing: checked results, rescaling to a common scale, literals for constant values. */
import type { Value } from '../../../values.js';
import { HELPERS } from '../helpers.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { BAIL_CODE, MAX_SAFE, foldAtGeneration, pow10, scaledInteger, type Code, type Ty } from './types.js';

const MAX_SAFE_LITERAL = String(MAX_SAFE);

/**
 * `expr` with the exact-envelope check (|M| <= 2^53 - 1) inline rather than a helper call: a large generated
 * function exhausts V8's inlining budget, and these checks are the hottest code. One test of the magnitude
 * rather than two of the sign's sides (about 5% of a kernel's time); NaN passes and infinities bail, as before.
 */
export function checkedExpression(locals: FunctionLocals, expr: string): string {
  const temp = locals.numberTemp();
  return `((${temp} = ${expr}), Math.abs(${temp}) > ${MAX_SAFE_LITERAL} ? bail() : ${temp})`;
}

/** A number at a wider scale (multiplied by a power of ten, checked); other values unchanged. */
export function rescale(ctx: EmitContext, operand: Code, scale: number, locals: FunctionLocals): Code {
  if (operand.type.k !== 'num' || operand.type.s === scale) return operand;
  const factor = 10 ** (scale - operand.type.s);
  const type: Ty = { k: 'num', s: scale };
  if (typeof operand.constant === 'number') {
    const folded = foldAtGeneration(() => HELPERS.up(operand.constant as number, factor));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: checkedExpression(locals, `${operand.js} * ${pow10(scale - operand.type.s)}`), type };
}

/** The widest scale among number operands, or undefined when one is not a number. */
export function commonScale(operands: readonly Code[]): number | undefined {
  let scale = 0;
  for (const operand of operands) {
    if (operand.type.k !== 'num') return undefined;
    scale = Math.max(scale, operand.type.s);
  }
  return scale;
}

/** An explain-path Value as a constant (numbers as scaled integers); bails when it leaves the envelope. */
export function constantValue(ctx: EmitContext, value: Value): Code {
  switch (value.k) {
    case 'num': {
      const scaled = scaledInteger(value.n);
      return scaled ? ctx.known(scaled.integer, { k: 'num', s: scaled.scale }) : BAIL_CODE;
    }
    case 'bool':
      return ctx.known(value.b ? 1 : 0, { k: 'bool' });
    case 'judg':
      return ctx.known(value.j === 'holds' ? 2 : value.j === 'not_holds' ? 0 : 1, { k: 'judg' });
    case 'date':
      return ctx.known(value.days, { k: 'date' });
    case 'text':
      return ctx.known(value.s, { k: 'text' });
  }
}
