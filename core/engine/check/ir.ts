/**
 * The checked, name-resolved intermediate form of a formula (after lowering, §4.3-4.5).
 * Both evaluators consume it: the explain evaluator walks it; a code generator can emit JavaScript from it,
 * because every identifier is already resolved to a parameter, derived rule, input slot or relation.
 */
import type { ArithOp, CmpOp, Pos } from '../syntax/ast.js';
import type { Value } from '../values.js';

export type ScalarFn = 'max' | 'min' | 'floor' | 'ceil' | 'days_between' | 'date_add_days';
export type AggFn = 'len' | 'count_where' | 'sum_where' | 'sum';

export type IR =
  | { readonly k: 'const'; readonly v: Value }
  | { readonly k: 'period'; readonly which: 'start' | 'end' }
  /** Parameter read: key 0 when `index` is absent, else a table lookup. */
  | { readonly k: 'param'; readonly name: string; readonly index?: IR; readonly pos: Pos }
  /** Derived rule value; `at: 'current'` inside a derived-relation predicate evaluates it for the aggregating entity. */
  | { readonly k: 'derived'; readonly name: string; readonly at?: 'current'; readonly pos: Pos }
  | { readonly k: 'input'; readonly slot: string; readonly pos: Pos }
  | { readonly k: 'arith'; readonly op: ArithOp; readonly l: IR; readonly r: IR; readonly pos: Pos }
  | { readonly k: 'neg'; readonly e: IR; readonly pos: Pos }
  | { readonly k: 'cmp'; readonly op: CmpOp; readonly l: IR; readonly r: IR; readonly pos: Pos }
  | { readonly k: 'and' | 'or'; readonly items: readonly IR[] }
  | { readonly k: 'not'; readonly e: IR }
  /** A value read in judgment position: a judgment stays itself, a boolean becomes holds/not_holds (`x == true`). */
  | { readonly k: 'truthy'; readonly e: IR; readonly pos: Pos }
  | { readonly k: 'if'; readonly conds: readonly IR[]; readonly thens: readonly IR[]; readonly otherwise: IR }
  | { readonly k: 'fn'; readonly fn: ScalarFn; readonly args: readonly IR[]; readonly pos: Pos }
  /** Aggregation over the members of `rel` for the current entity; `field`/`pred` are evaluated per member. */
  | { readonly k: 'agg'; readonly fn: AggFn; readonly rel: string; readonly field?: IR; readonly pred?: IR; readonly pos: Pos }
  /** Inside a derived-relation predicate: is the member related to the current entity through `rel`? */
  | { readonly k: 'member'; readonly rel: string }
  | { readonly k: 'exactly_one'; readonly items: readonly IR[] }
  /** Constructs that only run under lifetime execution (`*_over_periods`): a clear run-time error. */
  | { readonly k: 'unsupported'; readonly message: string; readonly pos: Pos };

/** What a lowered formula reads, by bare name. */
export interface Deps {
  readonly rules: Set<string>;
  readonly params: Set<string>;
  readonly inputs: Set<string>;
  readonly relations: Set<string>;
}

export function emptyDeps(): Deps {
  return { rules: new Set(), params: new Set(), inputs: new Set(), relations: new Set() };
}
