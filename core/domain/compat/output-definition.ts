/**
 * What one PolicyEngine variable the compatibility endpoint computes is made of (outputs.ts lists them): its
 * entity group, the program and package output it reads, its kind, and a value composed from the run. Kept apart
 * from the lists so each program's file can describe its outputs without importing the others.
 */
import type { JsonValue } from '../household/shape.js';
import type { EntityGroup } from './entity-groups.js';

/** The programs whose packages the endpoint runs. */
export type CompatProgram = 'snap' | 'lifeline' | 'wic' | 'school_meals' | 'head_start' | 'eitc' | 'ctc' | 'medicaid';

/** One month's run of a unit, as a derived value reads it (OutputDefinition.value). */
export interface RunView {
  /** The package's household outputs. */
  outputs: Record<string, JsonValue>;
  /** The person's person outputs (people-group variables). */
  person?: Record<string, JsonValue>;
  /** The household facts and the person's facts the endpoint sent to the package. */
  facts: Record<string, unknown>;
  personFacts?: Record<string, unknown>;
}

export type DerivedValue = { value: JsonValue } | { reason: string };

export interface OutputDefinition {
  group: EntityGroup;
  /** The program whose package computes it (the State's package of that program; the federal package of a credit). */
  program: CompatProgram;
  /** Canonical output of the package (for a derived value, the package output it chiefly reads). */
  output: string;
  /** money: monthly dollars, summed over the months of a bare-year key; the others: monthly only, unless `sameOverYear`. */
  kind: 'money' | 'boolean' | 'count' | 'category';
  /**
   * A judgment PolicyEngine defines per year (is_lifeline_eligible): a bare-year key gives the monthly answer when
   * every month of the year gives the same one, and is reported unsupported when they differ.
   */
  sameOverYear?: boolean;
  /**
   * `tax_year`: an annual value of a tax unit for a calendar tax year (the federal credits): only a year key is
   * computed, by one run of the tax unit for that year (tax-unit.ts), and money is the year's amount, not a sum of months.
   */
  basis?: 'tax_year';
  /**
   * A value composed from the run (a person's eligibility from person and household outputs, as the package's own
   * count rule composes them), or the reason the run cannot answer it. Absent: the output itself.
   */
  value?: (run: RunView) => DerivedValue;
}
