/** The explain path's forms: a period, the facts it evaluates over, and the trace it records. */
import type { Value } from '../values.js';

export interface Period {
  /** ISO dates, inclusive. */
  readonly start: string;
  readonly end: string;
  readonly kind?: string;
  readonly name?: string;
}

/** Facts for one evaluation: input values per slot and entity id, and relation tuples `[member, current]`. */
export interface Dataset {
  readonly inputs: ReadonlyMap<string, ReadonlyMap<string, Value>>;
  readonly relations: ReadonlyMap<string, readonly (readonly [string, string])[]>;
}

export interface ParameterRead {
  readonly id: string;
  readonly name: string;
  readonly key: number;
  readonly effectiveFrom: string;
  readonly effectiveTo?: string;
  readonly value: string | number | boolean;
}

/**
 * One computed (rule, entity) value as the API's trace entry needs it, and no more: the rule's id and name, the
 * entity id, the JSON value, the rule's legal sources (its compiled rule's frozen array, shared) and the
 * parameter reads (for carried-forward and unverified figures and parameter overrides). The runtime (../run/)
 * turns it into the API entry once, adding the entity's kind and judgments as JSON booleans.
 */
export interface TraceEntry {
  readonly ruleId: string;
  readonly name: string;
  readonly entity: string;
  readonly value: string | number | boolean;
  readonly sources: readonly string[];
  readonly parameters: readonly ParameterRead[];
}
