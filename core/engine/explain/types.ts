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

export interface TraceEntry {
  readonly ruleId: string;
  readonly name: string;
  readonly entity: string;
  readonly value: string | number | boolean;
  readonly module: string;
  readonly source?: string;
  readonly sourceUrl?: string;
  readonly citationPath?: string;
  readonly effectiveFrom: string;
  readonly effectiveTo?: string;
  readonly parameters: readonly ParameterRead[];
  /** Set when a state `sets` relation supplied this rule's semantics. */
  readonly boundBy?: { readonly hook: string; readonly value: string };
}
