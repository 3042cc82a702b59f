/**
 * The `detail` of a combined screen sweep (docs/screening.md "Cliffs across programs", "Smaller answers"): "full"
 * answers every description; "total" answers what a chart draws, exactly and unsampled: the total's segments, the
 * cliffs and each program's status, with the total's breakpoints counted by the program and rule that cause them
 * instead of listed (each is the boundary of two listed segments), and without the programs' own amount descriptions
 * (the EITC's whole-dollar steps made most of a 5 MB answer for a Texas family over 0-6,000 a month).
 */
import type { TotalBreakpoint } from './sweep-combine.js';

export type ScreenSweepDetail = 'full' | 'total';

export interface BreakpointCause {
  program_id: string;
  rule_id: string | null;
  /** Breakpoints of the total naming this program and rule, first or in `also`. */
  breakpoints: number;
}

/** Each program and rule named by the total's breakpoints with how many name it, most first, then by name. */
export function breakpointCauses(breakpoints: readonly TotalBreakpoint[]): BreakpointCause[] {
  const counts = new Map<string, BreakpointCause>();
  for (const b of breakpoints) {
    for (const cause of [b, ...(b.also ?? [])]) {
      const key = `${cause.program_id}\u0000${cause.rule_id ?? ''}`;
      const found = counts.get(key) ?? { program_id: cause.program_id, rule_id: cause.rule_id, breakpoints: 0 };
      found.breakpoints += 1;
      counts.set(key, found);
    }
  }
  return [...counts.values()].sort((x, y) => y.breakpoints - x.breakpoints || x.program_id.localeCompare(y.program_id) || (x.rule_id ?? '').localeCompare(y.rule_id ?? ''));
}
