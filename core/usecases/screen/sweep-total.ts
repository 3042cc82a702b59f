/**
 * The monthly total of a combined sweep (docs/screening.md "Cliffs across programs") as both of its computations give
 * it: on scaled integers (./sweep-total-scaled.ts) where the programs' numbers fit, else on decimals
 * (./sweep-total-decimal.ts).
 */
import type { ExactNumber } from '../../ports/sweeper.js';

export interface TotalSegment {
  from: ExactNumber;
  to: ExactNumber;
  value: ExactNumber;
  slope: ExactNumber;
}

export interface TotalBreakpoint {
  at: ExactNumber;
  before: ExactNumber;
  after: ExactNumber;
  program_id: string;
  rule_id: string | null;
  also?: Array<{ program_id: string; rule_id: string | null }>;
}

export interface MonthlyTotal {
  segments: TotalSegment[];
  breakpoints: TotalBreakpoint[];
  /** The total at a grid index, as the answer writes it (the cliffs' totals either side); indexes mostly increase. */
  at: (k: number) => ExactNumber;
}

/** A program's status over the grid and the rule named at each change (sweep-combine.ts), as a contribution reads it. */
export interface StatusLines {
  pieces: ReadonlyArray<{ k0: number; k1: number; value: unknown }>;
  rules: ReadonlyMap<number, string | null>;
}
