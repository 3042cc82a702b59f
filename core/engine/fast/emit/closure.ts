/**
 * Straight-line function bodies for the fast mode. The explain path is lazy; generated code computes ahead,
 * so it must know which rules an evaluation certainly reads (their errors are the targets' errors) and which
 * only under a condition (their errors must stay silent unless the value is used).
 */
import type { IR } from '../../check/ir.js';
import type { EmitContext } from './context.js';
import { FunctionLocals } from './locals.js';
import { ruleExpression, ruleInfo } from './rules.js';
import type { RuleAccess } from './types.js';

/**
 * Derived rules `ir` reads at the same entity into `out`. `every` false: only those every evaluation reads
 * (first operands of lazy forms, all operands of strict ones); true: all of them.
 */
export function sameEntityReads(ir: IR, out: Set<string>, every: boolean): void {
  const visit = (node: IR): void => sameEntityReads(node, out, every);
  switch (ir.k) {
    case 'derived':
      if (ir.at === undefined) out.add(ir.name);
      return;
    case 'arith':
    case 'cmp':
      visit(ir.l);
      visit(ir.r);
      return;
    case 'neg':
    case 'not':
    case 'truthy':
      visit(ir.e);
      return;
    case 'exactly_one':
      ir.items.forEach(visit);
      return;
    case 'fn':
      ir.args.forEach(visit);
      return;
    case 'and':
    case 'or':
      if (every) ir.items.forEach(visit);
      else if (ir.items.length > 0) visit(ir.items[0]);
      return;
    case 'if':
      if (every) {
        ir.conds.forEach(visit);
        ir.thens.forEach(visit);
        visit(ir.otherwise);
      } else visit(ir.conds[0]);
      return;
    case 'param':
      if (ir.index) visit(ir.index);
      return;
    default:
      return;
  }
}

/**
 * Rules reachable from `targets` and `lazyTargets` (constants are leaves): all of them, and those every
 * evaluation reads. Lazy targets are evaluated only under a condition, so nothing is sure because of them.
 */
function reachableRules(ctx: EmitContext, targets: readonly string[], lazyTargets: readonly string[]): { all: Set<string>; sure: Set<string> } {
  const visit = (name: string, found: Set<string>, every: boolean): void => {
    if (found.has(name) || !ctx.program.derived.has(name)) return;
    found.add(name);
    const ir = ctx.liveIr(ctx.program.derived.get(name)!);
    if (!ir || ruleInfo(ctx, name).constant !== undefined) return;
    const reads = new Set<string>();
    sameEntityReads(ir, reads, every);
    for (const read of reads) visit(read, found, every);
  };
  const all = new Set<string>();
  const sure = new Set<string>();
  for (const target of targets) {
    visit(target, all, true);
    visit(target, sure, false);
  }
  for (const target of lazyTargets) visit(target, all, true);
  return { all, sure };
}

/** A straight-line closure: its lines, the temporaries they use and how later code in the body sees each rule. */
export interface Closure {
  readonly lines: readonly string[];
  readonly locals: FunctionLocals;
  readonly scope: ReadonlyMap<string, RuleAccess>;
}

/**
 * Lines computing `targets` (and, with deferred errors, `lazyTargets`) at entity e, in dependency order.
 * Rules every evaluation of the targets reads are plain locals `v<i>`. Rules read only under a condition (a
 * later if arm, a later and/or operand, a lazy target) are computed ahead too, inside `try`: an error becomes
 * the flag `p<i>`, raised only where the value is actually used, since the explain path would never reach
 * it otherwise.
 */
export function closure(ctx: EmitContext, targets: readonly string[], lazyTargets: readonly string[] = []): Closure {
  const { all, sure } = reachableRules(ctx, targets, lazyTargets);
  const scope = new Map<string, RuleAccess>();
  for (const name of all) scope.set(name, sure.has(name) ? 'unconditional' : 'conditional');
  const locals = new FunctionLocals();
  const lines: string[] = [];
  for (const name of ctx.program.order) {
    if (!all.has(name)) continue;
    const info = ruleInfo(ctx, name);
    const index = ctx.ruleIndex.get(name);
    if (info.constant !== undefined) continue; // a constant: references use the literal
    if (info.type.k === 'never') {
      lines.push(sure.has(name) ? 'bail();' : `const p${index} = true, v${index} = 0;`);
      continue;
    }
    const code = ruleExpression(ctx, name, locals, scope);
    if (sure.has(name)) lines.push(`const v${index} = ${code.js};`);
    else lines.push(`let v${index} = ${info.type.k === 'text' ? "''" : '0'}, p${index} = false;`, `try { v${index} = ${code.js}; } catch (x) { if (x !== BAIL) throw x; p${index} = true; }`);
  }
  return { lines, locals, scope };
}

/** Body computing `targets` at entity e (see `closure`), followed by `tail`. */
export function closureBody(ctx: EmitContext, targets: readonly string[], tail: readonly string[]): string {
  const { lines, locals } = closure(ctx, targets);
  return [...locals.declarations(), ...lines, ...tail].join('\n  ');
}
