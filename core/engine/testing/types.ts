/** What the companion-test runner reports: per-output failures, per-case results, the corpus report. */
import type { CompiledProgram } from '../compile/index.js';
import type { Dataset, Period } from '../explain/evaluate.js';
import type { Value } from '../values.js';

export interface OutputFailure {
  readonly ruleId: string;
  readonly expected: unknown;
  readonly actual?: unknown;
  readonly error?: string;
}

export interface CaseResult {
  readonly module: string;
  readonly jurisdiction: string;
  readonly file: string;
  readonly name: string;
  readonly passed: boolean;
  /** Case-level error (closure compile failure, bad period, rejected input...). */
  readonly error?: string;
  readonly failures: readonly OutputFailure[];
  /** The same case on a second evaluation path (the fast path), when the run has one. */
  readonly second?: SecondPathResult;
}

/**
 * A second evaluation path run on every case (the fast path, core/engine/fast): values of `outputs`
 * (derived rule names) per entity id, or undefined for an entity it hands back to the explain path.
 */
export type SecondPath = (program: CompiledProgram, data: Dataset, period: Period, outputs: readonly string[], entities: readonly string[]) => readonly (readonly Value[] | undefined)[];

export interface SecondPathResult {
  readonly passed: boolean;
  /** False when the second path handed the case back (its outcome is then the explain path's). */
  readonly native: boolean;
  readonly failures: readonly OutputFailure[];
}

export interface JurisdictionSummary {
  readonly jurisdiction: string;
  readonly passed: number;
  readonly failed: number;
}

export interface CorpusReport {
  readonly passed: number;
  readonly failed: number;
  readonly files: number;
  readonly jurisdictions: readonly JurisdictionSummary[];
  /** Failing cases only (passing cases are counted, not listed). */
  readonly failures: readonly CaseResult[];
  /** Second-path totals (cases; `native` evaluated by it, `fallback` handed back), when the run has one. */
  readonly second?: { readonly passed: number; readonly failed: number; readonly native: number; readonly fallback: number; readonly failures: readonly CaseResult[] };
}
