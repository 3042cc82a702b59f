/**
 * Trace mode: one memoised function `g<i>(C, R, e, S)` per rule read (memo S.d / S.v at rule * S.n + entity),
 * evaluated lazily where the explain path evaluates it and recording (rule, entity, value, parameter reads)
 * on completion; the query function computes the outputs selected at run time.
 */
import type { EmitContext, Generated } from './context.js';
import { FunctionLocals } from './locals.js';
import { derivedReference } from './references.js';
import { ruleExpression, ruleType } from './rules.js';
import { NEVER, pow10, type Ty } from './types.js';

/** A call of an aggregation function `a<i>(C, R, …)`. */
const AGGREGATION_CALL = /\ba\d+\(C, R,/;

/** A bound on the work loop only: a program has far fewer rules. */
const MAX_TRACE_FUNCTIONS = 100_000;

export function traceProgram(ctx: EmitContext, outputs: readonly string[], outputTypes: readonly Ty[]): Generated {
  const query = selectingQueryFunction(ctx, outputs, outputTypes);
  const functions = memoisedRuleFunctions(ctx);
  const hoisted = [...ctx.hoistedTables].map((index) => `const T${index} = K[${index}];`);
  const ruleTypes = ctx.program.order.map((name) => (ctx.traceFunctions.has(name) ? ruleType(ctx, name) : NEVER));
  const shared = 'const NO_READS = Object.freeze([]);';
  return { source: [shared, ...hoisted, ...functions, ...ctx.aggregationFunctions, query, 'return q;'].join('\n'), constants: ctx.constants, outputTypes, ruleTypes, paramNames: ctx.paramNames };
}

/**
 * `q(C, R, e, O, k, S, sel)`: outputs are selected at run time (`sel`: output indexes in request order), so
 * one trace kernel serves every subset a request names, in the explain path's evaluation order.
 */
function selectingQueryFunction(ctx: EmitContext, outputs: readonly string[], outputTypes: readonly Ty[]): string {
  const cases = outputs.map((output, j) => {
    const type = outputTypes[j];
    if (type.k === 'never') return `case ${j}: bail();`;
    const ref = derivedReference(ctx, output, 'e', 'all');
    return type.k === 'num' ? `case ${j}: O[${j}][k] = outn(${ref.js}, ${pow10(type.s)}); break;` : `case ${j}: O[${j}][k] = ${ref.js}; break;`;
  });
  return `function q(C, R, e, O, k, S, sel) {\n  for (let i = 0; i < sel.length; i++) {\n    switch (sel[i]) {\n      ${cases.join('\n      ')}\n      default: bail();\n    }\n  }\n}`;
}

/** The rule functions reached from the outputs; emitting one can reach further rules. */
function memoisedRuleFunctions(ctx: EmitContext): string[] {
  const functions: string[] = [];
  const done = new Set<string>();
  for (let guard = 0; guard < MAX_TRACE_FUNCTIONS; guard++) {
    const next = [...ctx.traceFunctions].find((name) => !done.has(name));
    if (next === undefined) break;
    done.add(next);
    functions.push(memoisedRuleFunction(ctx, next));
  }
  return functions;
}

/**
 * `S.cur` is the open frame collecting this rule's parameter reads; the caller's frame is restored after. A rule
 * whose formula reads no parameter, itself or in an aggregation's loop (which records into this frame), opens
 * no frame (its nested calls open and close their own) and records the kernel's shared empty list `NO_READS`.
 * A rule the caller does not keep (`S.k`) is evaluated and memoised where the explain path evaluates it (what the
 * kept entries are depends on that order) but records nothing: its frame is null, so its parameter reads are not recorded.
 */
function memoisedRuleFunction(ctx: EmitContext, name: string): string {
  const index = ctx.ruleIndex.get(name)!;
  const locals = new FunctionLocals();
  const code = ruleExpression(ctx, name, locals, 'all');
  const readsParameters = code.js.includes('S.cur.push(') || AGGREGATION_CALL.test(code.js);
  return [
    `function g${index}(C, R, e, S) {`,
    `  const m = ${index} * S.n + e;`,
    `  if (S.d[m] === 1) return S.v[m];`,
    `  const kept = S.k[${index}] === 1;`,
    ...(readsParameters ? [`  const outer = S.cur;`, `  S.cur = kept ? [] : null;`] : []),
    ...locals.declarations().map((declaration) => `  ${declaration}`),
    `  const v = ${code.type.k === 'never' ? 'bail()' : code.js};`,
    `  S.d[m] = 1;`,
    `  S.v[m] = v;`,
    ...(readsParameters ? [`  if (kept) S.t.push(${index}, e, v, S.cur);`, `  S.cur = outer;`] : [`  if (kept) S.t.push(${index}, e, v, NO_READS);`]),
    `  return v;`,
    `}`,
  ].join('\n');
}
