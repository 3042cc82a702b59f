/** The expression dispatcher: one IR node to code, by its kind (compound forms in their own emitters). */
import { isoToDays } from '../../../values.js';
import type { IR } from '../../../check/ir.js';
import { emitAggregation } from './aggregation.js';
import { emitArithmetic, emitNegation } from './arithmetic.js';
import { emitCall } from './calls.js';
import { emitComparison } from './comparison.js';
import { emitIf } from './conditional.js';
import type { EmitContext } from './context.js';
import { emitAndOr, emitExactlyOne, emitNot, emitTruthy } from './judgments.js';
import type { FunctionLocals } from './locals.js';
import { constantValue } from './numbers.js';
import { parameterRead } from './parameters.js';
import { derivedReference, inputRead } from './references.js';
import { BAIL_CODE, type Code, type Scope } from './types.js';

/** `entity` is the JavaScript expression of the entity index the node is evaluated at (`e`, or `p` in a loop). */
export function emitExpression(ctx: EmitContext, ir: IR, entity: string, locals: FunctionLocals, scope: Scope): Code {
  switch (ir.k) {
    case 'const':
      return constantValue(ctx, ir.v);
    case 'period': {
      const days = isoToDays(ir.which === 'start' ? ctx.period.start : ctx.period.end);
      return days === undefined ? BAIL_CODE : ctx.known(days, { k: 'date' });
    }
    case 'param':
      return parameterRead(ctx, ir.name, ir.index, entity, locals, scope);
    case 'derived':
      // `at: current` (a rule of the current entity from a member context) is not carried: explain path.
      return ir.at !== undefined ? BAIL_CODE : derivedReference(ctx, ir.name, entity, scope);
    case 'input':
      return inputRead(ctx, ir.slot, entity, locals);
    case 'arith':
      return emitArithmetic(ctx, ir, entity, locals, scope);
    case 'neg':
      return emitNegation(ctx, ir, entity, locals, scope);
    case 'cmp':
      return emitComparison(ctx, ir, entity, locals, scope);
    case 'and':
    case 'or':
      return emitAndOr(ctx, ir, entity, locals, scope);
    case 'not':
      return emitNot(ctx, ir, entity, locals, scope);
    case 'truthy':
      return emitTruthy(ctx, ir, entity, locals, scope);
    case 'if':
      return emitIf(ctx, ir, entity, locals, scope);
    case 'fn':
      return emitCall(ctx, ir, entity, locals, scope);
    case 'agg':
      return emitAggregation(ctx, ir, entity);
    case 'exactly_one':
      return emitExactlyOne(ctx, ir, entity, locals, scope);
    case 'member':
    case 'unsupported':
      return BAIL_CODE;
  }
}
