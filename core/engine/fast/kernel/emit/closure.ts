/**
 * Straight-line function bodies for the fast mode. The explain path is lazy; generated code computes ahead,
 * so it must know which rules an evaluation certainly reads (their errors are the targets' errors) and which
 * only under a condition (their errors must stay silent unless the value is used).
 */
import type { EmitContext } from './context.js';
import { FunctionLocals } from './locals.js';
import { ruleExpression, ruleInfo } from './rules.js';
import { guardedGroups, type GuardedGroup } from './guards.js';
import { sameEntityReads } from './reads.js';
import { asJudgment, type RuleAccess } from './types.js';

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
  const groups = guardedGroups(ctx, all, sure, new Set([...targets, ...lazyTargets]));
  const grouped = new Set([...groups.values()].flatMap((list) => list.flatMap((group) => group.members)));
  const body: BodyState = { ctx, scope, sure, groups, locals: new FunctionLocals(), lines: [], guards: 0 };
  for (const name of ctx.program.order) {
    if (!all.has(name) || grouped.has(name)) continue;
    emitGuardedGroups(body, name);
    const lines = ruleLines(body, name);
    body.lines.push(...lines.declare, ...lines.compute);
  }
  return { lines: body.lines, locals: body.locals, scope };
}

interface BodyState {
  readonly ctx: EmitContext;
  readonly scope: ReadonlyMap<string, RuleAccess>;
  readonly sure: ReadonlySet<string>;
  readonly groups: ReadonlyMap<string, GuardedGroup[]>;
  readonly locals: FunctionLocals;
  readonly lines: string[];
  guards: number;
}

/**
 * A rule's lines: `declare` (its locals) and `compute` (its value). Rules every evaluation reads are plain
 * constants; the others are computed inside `try`, their error kept in the flag `p<i>`. Constants emit nothing.
 */
function ruleLines(body: BodyState, name: string): { declare: string[]; compute: string[] } {
  const { ctx, sure, scope, locals } = body;
  const info = ruleInfo(ctx, name);
  const index = ctx.ruleIndex.get(name);
  if (info.constant !== undefined) return { declare: [], compute: [] }; // a constant: references use the literal
  if (info.type.k === 'never') return sure.has(name) ? { declare: [], compute: ['bail();'] } : { declare: [`const p${index} = true, v${index} = 0;`], compute: [] };
  const code = ruleExpression(ctx, name, locals, scope);
  if (sure.has(name)) return { declare: [], compute: [`const v${index} = ${code.js};`] };
  return {
    declare: [`let v${index} = ${info.type.k === 'text' ? "''" : '0'}, p${index} = false;`],
    compute: [`try { v${index} = ${code.js}; } catch (x) { if (x !== BAIL) throw x; p${index} = true; }`],
  };
}

/**
 * Before `owner`'s own line: each of its guarded groups (guards.ts), its members' locals declared outside and
 * computed inside `if (g<k>)`, `g<k>` being the arm's condition (false when evaluating it bails, as the owner
 * then never reaches the arm). Members' aggregations call their functions: the member pass, run for every
 * entity, stays free of them.
 */
function emitGuardedGroups(body: BodyState, owner: string): void {
  const { ctx, lines } = body;
  for (const group of body.groups.get(owner) ?? []) {
    const condition = armCondition(body, group);
    const fuse = ctx.fuseAggregations;
    ctx.fuseAggregations = false;
    const members = group.members.map((name) => ruleLines(body, name));
    lines.push(...members.flatMap((member) => member.declare));
    if (condition === false) {
      // The period's parameters rule the arm out: the owner never reads the members.
      ctx.fuseAggregations = fuse;
      continue;
    }
    const guard = `g${body.guards++}`;
    lines.push(`let ${guard} = false;`, `try { ${guard} = ${condition}; } catch (x) { if (x !== BAIL) throw x; }`, `if (${guard}) {`);
    group.members.forEach((name, i) => {
      emitGuardedGroups(body, name);
      lines.push(...members[i].compute);
    });
    ctx.fuseAggregations = fuse;
    lines.push('}');
  }
}
/**
 * JavaScript true when the owner's evaluation takes the group's arm (earlier conditions fail, its own holds), or
 * false when the period's parameters rule the arm out. Conditions known to fail drop out of the test.
 */
function armCondition(body: BodyState, group: GuardedGroup): string | false {
  const { ctx, locals, scope } = body;
  const tests: string[] = [];
  for (let i = 0; i <= group.arm; i++) {
    const condition = asJudgment(ctx.expression(group.node.conds[i], 'e', locals, scope));
    const wanted = i === group.arm;
    if (condition.constant !== undefined) {
      if ((condition.constant === 2) !== wanted) return false;
      continue;
    }
    tests.push(`${condition.js} ${wanted ? '===' : '!=='} 2`);
  }
  return tests.length === 0 ? 'true' : `(${tests.join(' && ')})`;
}

/** Body computing `targets` at entity e (see `closure`), followed by `tail`. */
export function closureBody(ctx: EmitContext, targets: readonly string[], tail: readonly string[]): string {
  const { lines, locals } = closure(ctx, targets);
  return [...locals.declarations(), ...lines, ...tail].join('\n  ');
}
