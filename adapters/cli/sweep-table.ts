/**
 * `tenet sweep` text output: per output, its segment and breakpoint counts and a table of its breakpoints, where a
 * run of breakpoints caused by one rule with the same jump (a benefit losing a dollar at a time) is one row.
 */
import type { SweepDescription } from '../../core/ports/sweeper.js';
import { table, type Cell } from './output.js';

type Breakpoint = SweepDescription['breakpoints'][number];

interface Run {
  first: Breakpoint;
  last: Breakpoint;
  steps: number;
}

function jump(b: Breakpoint): number | undefined {
  return typeof b.before === 'number' && typeof b.after === 'number' ? Math.round((b.after - b.before) * 100) / 100 : undefined;
}

/** Consecutive breakpoints of one rule with one jump size, as runs. */
export function breakpointRuns(breakpoints: readonly Breakpoint[]): Run[] {
  const runs: Run[] = [];
  for (const b of breakpoints) {
    const run = runs[runs.length - 1];
    if (run && run.last.rule_id === b.rule_id && jump(run.last) !== undefined && jump(run.last) === jump(b)) {
      run.last = b;
      run.steps++;
    } else runs.push({ first: b, last: b, steps: 1 });
  }
  return runs;
}

function show(value: unknown): Cell {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as Cell);
}

export function sweepTable(name: string, description: SweepDescription): string {
  const { segments, breakpoints } = description;
  const head = `${name}: ${segments.length} segment${segments.length === 1 ? '' : 's'}, ${breakpoints.length} breakpoint${breakpoints.length === 1 ? '' : 's'}; from ${show(segments[0].value)} at ${segments[0].from}\n`;
  const rows = breakpointRuns(breakpoints).map((r) => [r.steps === 1 ? String(r.first.at) : `${r.first.at}..${r.last.at}`, show(r.first.before), show(r.last.after), r.steps, r.first.rule_id]);
  return head + table(['at', 'before', 'after', 'steps', 'rule'], rows);
}
