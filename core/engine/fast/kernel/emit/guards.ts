/**
 * Rules read only inside one `if` arm. A function body computes conditionally read rules ahead of the branch
 * that uses them; when every reader of a rule sits, transitively, inside the same arm of one rule's `if`, the
 * body computes it only where that arm's condition holds (closure.ts emits the guarded block), so an entity
 * that does not take the branch does not pay for it. Evaluation is pure, so the arm is reached only when its
 * condition, evaluated again for the guard at the same entity, holds: the block has computed what it reads.
 */
import type { IR } from '../../../check/ir.js';
import { sameEntityReads, visitStrictOperands } from './reads.js';
import type { EmitContext } from './context.js';
import { ruleInfo } from './rules.js';

type IfNode = Extract<IR, { k: 'if' }>;

/** Rules computed only when arm `arm` of `node` (in the rule `owner`) is taken, in dependency order. */
export interface GuardedGroup {
  readonly owner: string;
  readonly node: IfNode;
  readonly arm: number;
  readonly members: readonly string[];
}

/**
 * The guarded groups of a body computing the rules `all` (`sure`: those every evaluation reads; `external`: the
 * rules the body's tail reads), by owner. A rule belongs to at most one group, the innermost: owners are taken
 * in dependency order, so a group inside another's members is formed first and emitted inside its block.
 */
export function guardedGroups(ctx: EmitContext, all: ReadonlySet<string>, sure: ReadonlySet<string>, external: ReadonlySet<string>): Map<string, GuardedGroup[]> {
  const formulas = computedFormulas(ctx, all);
  const readers = readersOf(formulas);
  const assigned = new Set<string>();
  const groups = new Map<string, GuardedGroup[]>();
  for (const owner of ctx.program.order) {
    const ir = formulas.get(owner);
    if (!ir) continue;
    for (const { node, arm } of arms(ir)) {
      const candidates = armOnlyRules(formulas, owner, ir, node, arm);
      for (const name of candidates) if (sure.has(name) || external.has(name)) candidates.delete(name);
      dropReadOutside(candidates, readers, owner);
      const members = ctx.program.order.filter((name) => candidates.has(name) && !assigned.has(name));
      if (members.length === 0) continue;
      members.forEach((name) => assigned.add(name));
      const list = groups.get(owner) ?? [];
      list.push({ owner, node, arm, members });
      groups.set(owner, list);
    }
  }
  return groups;
}

/** The formulas of the rules in `all` that the body computes (constants are literals, read nothing). */
function computedFormulas(ctx: EmitContext, all: ReadonlySet<string>): Map<string, IR> {
  const formulas = new Map<string, IR>();
  for (const name of all) {
    const derived = ctx.program.derived.get(name);
    const ir = derived ? ctx.liveIr(derived) : undefined;
    if (ir && ruleInfo(ctx, name).constant === undefined) formulas.set(name, ir);
  }
  return formulas;
}

function readersOf(formulas: ReadonlyMap<string, IR>): Map<string, Set<string>> {
  const readers = new Map<string, Set<string>>();
  for (const [reader, ir] of formulas) {
    const reads = new Set<string>();
    sameEntityReads(ir, reads, true);
    for (const read of reads) {
      if (!readers.has(read)) readers.set(read, new Set());
      readers.get(read)!.add(reader);
    }
  }
  return readers;
}

/**
 * Rules reached from the arm, less those the owner reads elsewhere (its conditions, other arms): the
 * candidates before their other readers are checked.
 */
function armOnlyRules(formulas: ReadonlyMap<string, IR>, owner: string, ir: IR, node: IfNode, arm: number): Set<string> {
  const outside = new Set<string>();
  sameEntityReads(ir, outside, true, { node, arm });
  const found = new Set<string>();
  const visit = (name: string): void => {
    if (found.has(name) || name === owner || !formulas.has(name)) return;
    found.add(name);
    const reads = new Set<string>();
    sameEntityReads(formulas.get(name)!, reads, true);
    reads.forEach(visit);
  };
  const seeds = new Set<string>();
  sameEntityReads(node.thens[arm], seeds, true);
  seeds.forEach(visit);
  for (const name of outside) found.delete(name);
  return found;
}

/** Drops, until none is left, candidates some rule outside the group reads (the owner reads them only in the arm). */
function dropReadOutside(candidates: Set<string>, readers: ReadonlyMap<string, Set<string>>, owner: string): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of candidates) {
      const outsideReader = [...(readers.get(name) ?? [])].some((reader) => reader !== owner && !candidates.has(reader));
      if (outsideReader) {
        candidates.delete(name);
        changed = true;
      }
    }
  }
}

/**
 * The `if` arms of a formula at its own entity (not inside aggregations), outside any other arm: an arm's own
 * `if` nodes belong to the rules of its group, whose conditions may read that group.
 */
function arms(ir: IR): { node: IfNode; arm: number }[] {
  const out: { node: IfNode; arm: number }[] = [];
  const visit = (node: IR): void => {
    if (visitStrictOperands(node, visit)) return;
    switch (node.k) {
      case 'and':
      case 'or':
        node.items.forEach(visit);
        return;
      case 'if':
        node.thens.forEach((_, arm) => out.push({ node, arm }));
        node.conds.forEach(visit);
        visit(node.otherwise);
        return;
      default:
        return;
    }
  };
  visit(ir);
  return out;
}
