/** Reads of derived rules and input slots at an entity. */
import type { EmitContext } from './context.js';
import type { FunctionLocals } from './locals.js';
import { ruleInfo } from './rules.js';
import { BAIL_CODE, type Code, type Scope } from './types.js';

/**
 * A derived rule's value at `entity`: its literal when constant; in trace mode a call of its memoised
 * function; else the local `v<i>` (guarded by its deferred-error flag `p<i>` when conditionally computed)
 * or, outside the scope's locals, a call of its member function.
 */
export function derivedReference(ctx: EmitContext, name: string, entity: string, scope: Scope): Code {
  const info = ruleInfo(ctx, name);
  if (info.type.k === 'never') return BAIL_CODE;
  if (ctx.traceMode) {
    // Every read goes through the memoised rule function, so the trace records it as the explain path does.
    ctx.traceFunctions.add(name);
    return { js: `g${ctx.ruleIndex.get(name)}(C, R, ${entity}, S)`, type: info.type };
  }
  if (info.constant !== undefined) return ctx.known(info.constant, info.type);
  const index = ctx.ruleIndex.get(name);
  if (scope === 'all') return { js: `v${index}`, type: info.type };
  const access = scope.get(name);
  if (access === 'unconditional') return { js: `v${index}`, type: info.type };
  if (access === 'conditional') return { js: `(p${index} ? bail() : v${index})`, type: info.type };
  ctx.memberFunctions.add(name);
  return { js: `f${index}(C, R, ${entity})`, type: info.type };
}

/** An input slot's column cell; a missing value (NaN, 255, undefined) bails, as a missing input errs. */
export function inputRead(ctx: EmitContext, slot: string, entity: string, locals: FunctionLocals): Code {
  const column = ctx.slots.get(slot);
  if (!column) return BAIL_CODE;
  const type = column.type;
  const read = `C[${column.index}][${entity}]`;
  switch (type.k) {
    case 'num':
    case 'date': {
      const temp = locals.numberTemp();
      return { js: `((${temp} = ${read}) !== ${temp} ? bail() : ${temp})`, type };
    }
    case 'bool':
    case 'judg': {
      const temp = locals.numberTemp();
      return { js: `((${temp} = ${read}) === 255 ? bail() : ${temp})`, type };
    }
    case 'text': {
      const temp = locals.stringTemp();
      return { js: `((${temp} = ${read}) === undefined ? bail() : ${temp})`, type };
    }
    case 'none':
      return BAIL_CODE;
  }
}
