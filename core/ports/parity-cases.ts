import type { JsonValue } from '../domain/household/shape.js';
import type { CalculateRequest } from './calculator.js';

/** One parity record (spec "Parity"): a household and the outputs expected for it. */
export interface ParityCase {
  id: string;
  program_id: string;
  jurisdiction: string;
  runtime_supported: boolean;
  axiom_request: CalculateRequest;
  expected_axiom_outputs: Record<string, JsonValue>;
  description?: string | null;
  variables?: string[];
  trace_variables?: string[];
  notes?: string[];
  external_comparisons?: Record<string, unknown>[];
  /** `amount`: the largest absolute numeric difference still counted as matching. */
  tolerance?: { amount?: number; [key: string]: unknown };
  /** Additional properties are kept as they are. */
  [key: string]: unknown;
}

/** The parity cases of this deployment (the bundled parity/ folders by default, see PARITY_PATH). */
export interface ParityCaseSource {
  cases(): readonly ParityCase[];
}
