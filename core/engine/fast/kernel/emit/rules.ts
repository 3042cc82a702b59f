/** A derived rule's value expression (with its `rounding`), and its static type computed once per rule. */
import type { EmitContext } from './context.js';
import { FunctionLocals } from './locals.js';
import { roundedValue } from './rounding.js';
import { BAIL_CODE, type Code, type Scope, type Ty } from './types.js';

/** A rule's value expression in a scope (rounding applied); its type does not depend on the scope. */
export function ruleExpression(ctx: EmitContext, name: string, locals: FunctionLocals, scope: Scope): Code {
  const derived = ctx.program.derived.get(name);
  const ir = derived ? ctx.liveIr(derived) : undefined;
  if (!derived || !ir) return BAIL_CODE;
  const places = derived.minorUnits;
  if (places === undefined || !derived.rule.rounding) return ctx.expression(ir, 'e', locals, scope);
  return roundedValue(ctx, ir, { places, name: derived.rule.rounding }, 'e', locals, scope);
}

/** Type of a rule, with its constant value when the period's parameters fix it (empty `js`). */
export function ruleInfo(ctx: EmitContext, name: string): Code {
  const hit = ctx.ruleTypes.get(name);
  if (hit) return hit;
  if (!ctx.program.derived.has(name) || ctx.typing.has(name)) return BAIL_CODE;
  ctx.typing.add(name);
  // The typing code is thrown away: its aggregations must not take member-pass slots.
  const fuse = ctx.fuseAggregations;
  ctx.fuseAggregations = false;
  let code: Code;
  try {
    code = ruleExpression(ctx, name, new FunctionLocals(), 'all');
  } finally {
    ctx.fuseAggregations = fuse;
    ctx.typing.delete(name);
  }
  const info: Code = code.constant !== undefined ? code : { js: '', type: code.type };
  ctx.ruleTypes.set(name, info);
  return info;
}

export function ruleType(ctx: EmitContext, name: string): Ty {
  return ruleInfo(ctx, name).type;
}
