/** A derived rule's value expression (with its `rounding`), and its static type computed once per rule. */
import { HELPERS } from '../helpers.js';
import type { EmitContext } from './context.js';
import { FunctionLocals } from './locals.js';
import { BAIL_CODE, foldAtGeneration, pow10, type Code, type Scope, type Ty } from './types.js';

/** `rounding` modes as rdiv's mode argument (3, ceiling, for any other name). */
const ROUNDING_MODE: Readonly<Record<string, number>> = { half_up: 0, half_even: 1, floor: 2 };

/** A rule's value expression in a scope (rounding applied); its type does not depend on the scope. */
export function ruleExpression(ctx: EmitContext, name: string, locals: FunctionLocals, scope: Scope): Code {
  const derived = ctx.program.derived.get(name);
  const ir = derived ? ctx.liveIr(derived) : undefined;
  if (!derived || !ir) return BAIL_CODE;
  const code = ctx.expression(ir, 'e', locals, scope);
  const minorUnits = derived.minorUnits;
  if (code.type.k !== 'num' || minorUnits === undefined || !derived.rule.rounding || code.type.s <= minorUnits) return code;
  const mode = ROUNDING_MODE[derived.rule.rounding] ?? 3;
  const divisor = 10 ** (code.type.s - minorUnits);
  const type: Ty = { k: 'num', s: minorUnits };
  const folded = typeof code.constant === 'number' ? foldAtGeneration(() => HELPERS.rdiv(code.constant as number, divisor, mode)) : undefined;
  return folded !== undefined ? ctx.known(folded, type) : { js: `rdiv(${code.js}, ${pow10(code.type.s - minorUnits)}, ${mode})`, type };
}

/** Type of a rule, with its constant value when the period's parameters fix it (empty `js`). */
export function ruleInfo(ctx: EmitContext, name: string): Code {
  const hit = ctx.ruleTypes.get(name);
  if (hit) return hit;
  if (!ctx.program.derived.has(name) || ctx.typing.has(name)) return BAIL_CODE;
  ctx.typing.add(name);
  const code = ruleExpression(ctx, name, new FunctionLocals(), 'all');
  ctx.typing.delete(name);
  const info: Code = code.constant !== undefined ? code : { js: '', type: code.type };
  ctx.ruleTypes.set(name, info);
  return info;
}

export function ruleType(ctx: EmitContext, name: string): Ty {
  return ruleInfo(ctx, name).type;
}
