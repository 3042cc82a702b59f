/**
 * Fast mode: one member pass per relation. The query function's aggregations (`count_where`, `sum_where`,
 * `sum` over the household's members) would each loop over the members and call member functions that
 * recompute the same person-level rules (a SNAP household runs about fifteen such loops). The pass loops
 * once: per member it computes the rules every aggregation reads as one straight-line closure, then adds
 * each aggregation's share, writing the results to the kernel's scratch array `M<r>`.
 *
 * Same results as the loops by construction: the pass evaluates a superset of what each loop evaluates, with
 * the same expressions in the same member order, so when it completes every aggregation's value is the
 * loop's; if anything in it bails (an error, or a rule the lazy loops would not have reached), it returns
 * false and the query function calls the aggregation functions instead (`(m0 ? M0[3] : a3(C, R, e))`).
 * The scratch array is filled and read within one query call (generated code is never re-entered).
 */
import type { IR } from '../../../check/ir.js';
import { closure } from './closure.js';
import { sameEntityReads } from './reads.js';
import type { EmitContext } from './context.js';
import { asJudgment, type Code } from './types.js';

type Aggregation = Extract<IR, { k: 'agg' }>;

/**
 * The query function's read of an aggregation's value: through its relation's member pass when the query
 * function is being emitted and the aggregation runs at its entity, else the aggregation function's `call`.
 */
export function readThroughMemberPass(ctx: EmitContext, ir: Aggregation, entity: string, call: Code): Code {
  const relationIndex = ctx.relations.get(ir.rel);
  // A count without a predicate always bails; its function says so. A reversed relation (a member's households) keeps its loop.
  const reversed = ctx.program.relations.get(ir.rel)?.kind === 'derived';
  if (!ctx.fuseAggregations || entity !== 'e' || relationIndex === undefined || reversed || (ir.fn === 'count_where' && !ir.pred)) return call;
  let aggregations = ctx.memberPasses.get(relationIndex);
  if (!aggregations) ctx.memberPasses.set(relationIndex, (aggregations = []));
  // Rules written alike give the same aggregation in several places: one result slot for them.
  const key = structureKey(ir);
  let slot = aggregations.findIndex((other) => other === ir || structureKey(other) === key);
  if (slot < 0) slot = aggregations.push(ir) - 1;
  return { js: `(m${relationIndex} ? M${relationIndex}[${slot}] : ${call.js})`, type: call.type };
}

/** The aggregation's IR without source positions. */
function structureKey(ir: Aggregation): string {
  return JSON.stringify(ir, (name, value: unknown) => (name === 'pos' ? undefined : value));
}

/** The pass functions and their scratch arrays, and the query function's first lines calling them. */
export function memberPasses(ctx: EmitContext): { sources: string[]; calls: string[] } {
  const sources: string[] = [];
  const calls: string[] = [];
  for (const [relationIndex, aggregations] of ctx.memberPasses) {
    sources.push(`const M${relationIndex} = new Float64Array(${aggregations.length});`, passFunction(ctx, relationIndex, aggregations));
    calls.push(`const m${relationIndex} = pass${relationIndex}(C, R, e);`);
  }
  return { sources, calls };
}

/**
 * `pass<r>(C, R, h)`: for each member e of entity h, the closure of the rules the predicates certainly read
 * (plain locals) and of those read only under a condition, such as a field summed only where its predicate
 * holds (computed ahead with deferred errors), then one accumulation line per aggregation.
 */
function passFunction(ctx: EmitContext, relationIndex: number, aggregations: readonly Aggregation[]): string {
  const sure = new Set<string>();
  const lazy = new Set<string>();
  for (const aggregation of aggregations) {
    if (aggregation.pred) {
      sameEntityReads(aggregation.pred, sure, false);
      sameEntityReads(aggregation.pred, lazy, true);
    }
    if (aggregation.field) sameEntityReads(aggregation.field, lazy, true);
  }
  const member = closure(ctx, [...sure], [...lazy].filter((name) => !sure.has(name)));
  const accumulations = aggregations.map((aggregation, slot) => {
    const predicate = aggregation.pred ? asJudgment(ctx.expression(aggregation.pred, 'e', member.locals, member.scope)).js : undefined;
    if (aggregation.fn === 'count_where') return `if (${predicate} === 2) n${slot}++;`;
    const field = aggregation.field ? ctx.expression(aggregation.field, 'e', member.locals, member.scope) : undefined;
    const add = `n${slot} = add(n${slot}, ${field?.type.k === 'num' ? field.js : 'bail()'});`;
    return predicate ? `if (${predicate} === 2) ${add}` : add;
  });
  const totals = aggregations.map((_, slot) => `n${slot} = 0`).join(', ');
  const results = aggregations.map((_, slot) => `M${relationIndex}[${slot}] = n${slot};`).join(' ');
  const body = [...member.locals.declarations(), ...member.lines, ...accumulations].join('\n      ');
  return [
    `function pass${relationIndex}(C, R, h) {`,
    `  const off = R[${2 * relationIndex}], mem = R[${2 * relationIndex + 1}];`,
    `  let ${totals};`,
    `  try {`,
    `    for (let j = off[h], end = off[h + 1]; j < end; j++) {`,
    `      const e = mem[j];`,
    `      ${body}`,
    `    }`,
    `  } catch (x) { if (x !== BAIL) throw x; return false; }`,
    `  ${results}`,
    `  return true;`,
    `}`,
  ].join('\n');
}
