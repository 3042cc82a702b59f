/**
 * A derived rule's value with its `rounding` to the currency's places. A quotient that is the value (or a
 * branch value of the `if` that is the value) is rounded straight from the exact rational by `rqdiv`, which
 * gives what decimal.js gives (quotient to 28 digits, then the rule's rounding), so an inexact quotient such
 * as a pro rata share 400 * 2 / 3 stays on generated code; any other value is rounded by `rdiv`.
 */
import type { IR } from '../../../check/ir.js';
import { HELPERS } from '../helpers.js';
import { emitIfWithBranches } from './conditional.js';
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { rescale } from './numbers.js';
import { BAIL_CODE, foldAtGeneration, pow10, type Code, type Scope, type Ty } from './types.js';

/** `rounding` modes as rdiv's and rqdiv's mode argument (3, ceiling, for any other name). */
const ROUNDING_MODE: Readonly<Record<string, number>> = { half_up: 0, half_even: 1, floor: 2 };

/** Largest power of ten that is an exact double (and that `pow10` may print). */
const MAX_EXACT_EXPONENT = 22;

export interface Rounding {
  /** The currency's minor units: the result's scale. */
  readonly places: number;
  /** The rule's `rounding` name. */
  readonly name: string;
}

/** `ir` (a rule's value expression) rounded as the explain path rounds the rule's value. */
export function roundedValue(ctx: EmitContext, ir: IR, rounding: Rounding, entity: string, locals: FunctionLocals, scope: Scope): Code {
  if (ir.k === 'arith' && ir.op === '/') return roundedQuotient(ctx, ir, rounding, entity, locals, scope);
  if (ir.k === 'if') return emitIfWithBranches(ctx, ir, entity, locals, scope, (branch) => roundedValue(ctx, branch, rounding, entity, locals, scope));
  return roundedCode(ctx, ctx.expression(ir, entity, locals, scope), rounding);
}

/** A value already computed exactly, rounded by rdiv when it has more decimals than the currency. */
function roundedCode(ctx: EmitContext, code: Code, rounding: Rounding): Code {
  if (code.type.k !== 'num' || code.type.s <= rounding.places) return code;
  const mode = modeOf(rounding);
  const divisor = 10 ** (code.type.s - rounding.places);
  const type: Ty = { k: 'num', s: rounding.places };
  const folded = typeof code.constant === 'number' ? foldAtGeneration(() => HELPERS.rdiv(code.constant as number, divisor, mode)) : undefined;
  return folded !== undefined ? ctx.known(folded, type) : { js: `rdiv(${code.js}, ${pow10(code.type.s - rounding.places)}, ${mode})`, type };
}

/**
 * n / d rounded to `places` decimals: with scaled integers N (scale sn) and D (scale sd), the result is
 * rqdiv(N * 10^x, D) with x = places + sd - sn, or rqdiv(N, D * 10^-x) when x < 0.
 */
function roundedQuotient(ctx: EmitContext, division: Extract<IR, { k: 'arith' }>, rounding: Rounding, entity: string, locals: FunctionLocals, scope: Scope): Code {
  const numerator = ctx.expression(division.l, entity, locals, scope);
  const denominator = ctx.expression(division.r, entity, locals, scope);
  if (numerator.type.k !== 'num' || denominator.type.k !== 'num') return BAIL_CODE;
  const exponent = rounding.places + denominator.type.s - numerator.type.s;
  if (Math.abs(exponent) > MAX_EXACT_EXPONENT) return BAIL_CODE;
  const scaledNumerator = exponent > 0 ? rescale(ctx, { ...numerator, type: { k: 'num', s: 0 } }, exponent, locals) : numerator;
  const scaledDenominator = exponent < 0 ? rescale(ctx, { ...denominator, type: { k: 'num', s: 0 } }, -exponent, locals) : denominator;
  const mode = modeOf(rounding);
  const type: Ty = { k: 'num', s: rounding.places };
  if (typeof scaledNumerator.constant === 'number' && typeof scaledDenominator.constant === 'number') {
    const knownNumerator = scaledNumerator.constant;
    const knownDenominator = scaledDenominator.constant;
    const folded = foldAtGeneration(() => HELPERS.rqdiv(knownNumerator, knownDenominator, mode));
    if (folded !== undefined) return ctx.known(folded, type);
  }
  return { js: `rqdiv(${scaledNumerator.js}, ${scaledDenominator.js}, ${mode})`, type };
}

function modeOf(rounding: Rounding): number {
  return ROUNDING_MODE[rounding.name] ?? 3;
}
