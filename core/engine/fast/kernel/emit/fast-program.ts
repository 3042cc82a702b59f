/**
 * Fast mode: the query function `q(C, R, e, O, k)` writing each output of entity e into O[j][k], the member
 * passes computing its aggregations, the member functions `f<i>(C, R, e)` and the aggregation functions
 * (the passes' fallback), hoisted tables.
 */
import type { EmitContext, Generated } from './context.js';
import { closureBody } from './closure.js';
import { memberPasses } from './member-pass.js';
import { derivedReference } from './references.js';
import { BAIL_CODE, pow10, type Ty } from './types.js';

/** A bound on the work loop only: a program has far fewer rules. */
const MAX_MEMBER_FUNCTIONS = 10_000;

export function fastProgram(ctx: EmitContext, outputs: readonly string[], outputTypes: readonly Ty[]): Generated {
  const query = queryFunction(ctx, outputs, outputTypes);
  // Passes before member functions: a pass may read a rule through its member function.
  const passes = memberPasses(ctx);
  const members = memberFunctions(ctx);
  const hoisted = [...ctx.hoistedTables].map((index) => `const T${index} = K[${index}];`);
  const q = `function q(C, R, e, O, k) {\n  ${[...passes.calls, query].join('\n  ')}\n}`;
  const source = [...hoisted, ...passes.sources, ...members, ...ctx.aggregationFunctions, q, 'return q;'].join('\n');
  return { source, constants: ctx.constants, outputTypes, ruleTypes: [], paramNames: ctx.paramNames, ...(ctx.watch ? { watch: ctx.watch.flags } : {}) };
}

/**
 * The query function's body. Numbers leave through `outn` (scaled integer to double, bails beyond 10^15);
 * never-typed outputs bail. Its aggregations at e read the member passes.
 */
function queryFunction(ctx: EmitContext, outputs: readonly string[], outputTypes: readonly Ty[]): string {
  const writes = outputs.map((output, j) => {
    const type = outputTypes[j];
    const ref = ctx.program.derived.has(output) ? derivedReference(ctx, output, 'e', new Map([[output, 'unconditional']])) : BAIL_CODE;
    switch (type.k) {
      case 'num':
        return `O[${j}][k] = outn(${ref.js}, ${pow10(type.s)});`;
      case 'never':
        return `bail();`;
      default:
        return `O[${j}][k] = ${ref.js};`;
    }
  });
  const targets = outputs.filter((output) => ctx.program.derived.has(output));
  ctx.fuseAggregations = true;
  const body = closureBody(ctx, targets, writes);
  ctx.fuseAggregations = false;
  return body;
}

/** Each member function computes its own closure at the member entity; emitting one can request others. */
function memberFunctions(ctx: EmitContext): string[] {
  const emitted = new Set<string>();
  const sources: string[] = [];
  for (let guard = 0; guard < MAX_MEMBER_FUNCTIONS; guard++) {
    const next = [...ctx.memberFunctions].find((name) => !emitted.has(name));
    if (next === undefined) break;
    emitted.add(next);
    const ref = derivedReference(ctx, next, 'e', new Map([[next, 'unconditional']]));
    sources.push(`function f${ctx.ruleIndex.get(next)}(C, R, e) {\n  ${closureBody(ctx, [next], [`return ${ref.js};`])}\n}`);
  }
  return sources;
}
