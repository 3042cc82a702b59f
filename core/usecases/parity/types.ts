/** Parity records (spec "Parity"): expected outputs for a household and what a run found. */
import type { JsonValue } from '../../domain/household/shape.js';
import type { RuntimeMode, CalculationTraceEntry } from '../../ports/calculator.js';

export type { ParityCase } from '../../ports/parity-cases.js';

export interface OutputDifference {
  variable: string;
  expected: JsonValue | null;
  actual: JsonValue | null;
  delta?: number;
}

export interface Comparison {
  status: 'matching' | 'different';
  changed: OutputDifference[];
  missing: OutputDifference[];
  extra: OutputDifference[];
}

export type ParityStatus = 'matching' | 'different' | 'errored';

/** A type alias (not an interface) so it fits schemas that allow additional properties. */
export type ParityRunResult = {
  id: string;
  program_id: string;
  jurisdiction: string;
  status: ParityStatus;
  description?: string | null;
  outputs?: Record<string, JsonValue>;
  expected_outputs?: Record<string, JsonValue>;
  trace_outputs?: Record<string, JsonValue>;
  calculation_trace?: CalculationTraceEntry[];
  notes?: string[];
  comparison?: Comparison;
  runtime?: { id: string; mode: RuntimeMode };
  warnings?: string[];
  error?: { code: string; message: string };
};

export interface SkippedCase {
  id: string;
  description: string | null;
  program_id: string;
  jurisdiction: string;
  reason: string;
}

export interface ParityRunReport {
  summary: { total: number; matching: number; different: number; errored: number; skipped: number };
  results: ParityRunResult[];
  skipped_cases: SkippedCase[];
}
