/**
 * Code generation: the checked, name-resolved IR of a CompiledProgram (never formula text) becomes JavaScript
 * source for one period and one input signature. Every rule, input slot, relation and parameter table becomes
 * an index (v12, C[3], R[4], T[7]); strings live in the constant table, so rule text never reaches the source.
 *
 * Values in generated code: numbers are scaled integers with a static scale per expression (see helpers.ts);
 * judgments are 0 not_holds / 1 undetermined / 2 holds (so and = min, or = max, not = 2 - x); Booleans 0/1;
 * dates are day numbers; text is a string. An expression whose evaluation would raise an EvalError on the
 * explain path (type mismatch, missing input or table key, no version, unsupported construct) compiles to a
 * BAIL, and the household is re-evaluated on the explain path, so results are identical by construction.
 *
 * The emitters live in ./emit/ (one job per file; docs/fast-path.md, "Generator layout").
 */
import { EmitContext, type GenerateOptions, type Generated } from './emit/context.js';
import { emitExpression } from './emit/expression.js';
import { fastProgram } from './emit/fast-program.js';
import { ruleType } from './emit/rules.js';
import { traceProgram } from './emit/trace-program.js';
import { NEVER } from './emit/types.js';

export type { GenerateOptions, Generated } from './emit/context.js';
export type { SlotType, Ty } from './emit/types.js';

export function generate(options: GenerateOptions): Generated {
  const ctx = new EmitContext(options, emitExpression);
  // Output types first: typing a rule may register trace functions, in the order the kernel then emits them.
  const outputTypes = options.outputs.map((output) => (ctx.program.derived.has(output) ? ruleType(ctx, output) : NEVER));
  return ctx.traceMode ? traceProgram(ctx, options.outputs, outputTypes) : fastProgram(ctx, options.outputs, outputTypes);
}
