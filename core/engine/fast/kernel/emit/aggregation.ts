/**
 * Aggregations over a relation (`len`, `count_where`, `sum_where`, `sum`): small functions `a<i>` looping
 * over the CSR member list R[2r] (offsets) / R[2r + 1] (member entity indexes). Per-member rules are read
 * through member functions (no same-entity locals inside the loop). In the fast query function these are the
 * fallback of the member pass (member-pass.ts), which computes all of them in one loop.
 */
import type { IR } from '../../../check/ir.js';
import type { EmitContext } from './context.js';
import { FunctionLocals } from './locals.js';
import { readThroughMemberPass } from './member-pass.js';
import { BAIL_CODE, NO_LOCALS, asJudgment, type Code, type Ty } from './types.js';

type Aggregation = Extract<IR, { k: 'agg' }>;

export function emitAggregation(ctx: EmitContext, ir: Aggregation, entity: string): Code {
  const traceArg = ctx.traceMode ? ', S' : '';
  const hit = ctx.aggregationByNode.get(ir);
  if (hit) return readThroughMemberPass(ctx, ir, entity, { js: `${hit.name}(C, R, ${entity}${traceArg})`, type: hit.type });
  const relation = ctx.program.relations.get(ir.rel);
  const relationIndex = ctx.relations.get(ir.rel);
  // Derived relations are materialised as CSR lists only when reversed (kernel.ts reversedRelations); an
  // aggregation over any other derived relation (a predicate) hands the household to the explain path.
  if (!relation || relationIndex === undefined) return BAIL_CODE;
  const offsets = `R[${2 * relationIndex}]`;
  if (ir.fn === 'len') return { js: `(${offsets}[${entity} + 1] - ${offsets}[${entity}])`, type: { k: 'num', s: 0 } };
  const locals = new FunctionLocals();
  const predicate = ir.pred ? asJudgment(ctx.expression(ir.pred, 'p', locals, NO_LOCALS)).js : undefined;
  const field = ir.field ? ctx.expression(ir.field, 'p', locals, NO_LOCALS) : undefined;
  // Named after nested aggregations in the predicate or field, which are emitted first.
  const name = `a${ctx.aggregationFunctions.length}`;
  const { body, type } = ir.fn === 'count_where' ? countBody(predicate) : sumBody(predicate, field);
  ctx.aggregationFunctions.push(`function ${name}(C, R, e${traceArg}) { ${locals.declarations().join(' ')} const off = ${offsets}, mem = R[${2 * relationIndex + 1}]; ${body} }`);
  ctx.aggregationByNode.set(ir, { name, type });
  return readThroughMemberPass(ctx, ir, entity, { js: `${name}(C, R, ${entity}${traceArg})`, type });
}

/** Members whose predicate holds (without a predicate the count bails). */
function countBody(predicate: string | undefined): { body: string; type: Ty } {
  const body = `let n = 0; for (let j = off[e], end = off[e + 1]; j < end; j++) { const p = mem[j]; if (${predicate ?? 'bail()'} === 2) n++; } return n;`;
  return { body, type: { k: 'num', s: 0 } };
}

/** Checked sum of a number field over the members (whose predicate holds, when there is one). */
function sumBody(predicate: string | undefined, field: Code | undefined): { body: string; type: Ty } {
  const numeric = field !== undefined && field.type.k === 'num';
  const fieldJs = numeric ? field.js : 'bail()';
  const filter = predicate ? `if (${predicate} !== 2) continue; ` : '';
  const body = `let n = 0; for (let j = off[e], end = off[e + 1]; j < end; j++) { const p = mem[j]; ${filter}n = add(n, ${fieldJs}); } return n;`;
  return { body, type: numeric ? field.type : { k: 'num', s: 0 } };
}
