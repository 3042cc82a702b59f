/**
 * Exact sweeps (docs/sweep.md): an executable package that can describe its outputs as piecewise-linear
 * functions of one numeric input. Compiled packages can; fixture packages (recorded results) cannot.
 */
import type { MappedHousehold } from '../domain/household/map.js';
import type { JsonValue } from '../domain/household/shape.js';
import type { ExecutablePackage } from './calculator.js';

/** The swept input as mapping placed it: canonical input name on one entity instance, over a grid. */
export interface SweepAxisSlot {
  /** Canonical input name (household mapping's name, not an alias). */
  input: string;
  /** Entity id whose input is swept: the unit's id or a person's key. */
  entity_id: string;
  /** Range ends and grid step as exact decimal strings. */
  from: string;
  to: string;
  step: string;
}

export interface SweepLimitsConfig {
  maxSegments: number;
  maxSteps: number;
}

/** Numbers are JSON numbers, or decimal strings where a JSON number cannot carry the exact value (e.g. a slope of 1/3). */
export type ExactNumber = number | string;

export interface SweepSegment {
  from: ExactNumber;
  to: ExactNumber;
  value: JsonValue;
  slope: ExactNumber;
}

export interface SweepBreakpoint {
  at: ExactNumber;
  before: JsonValue;
  after: JsonValue;
  rule_id: string | null;
  sources: string[];
}

export interface SweepDescription {
  segments: SweepSegment[];
  breakpoints: SweepBreakpoint[];
}

export interface SweepExecution {
  /** Keyed by canonical output name. */
  outputs: Record<string, SweepDescription>;
  /** Evaluation steps the sweep took (one per piece before merging). */
  steps: number;
}

export interface SweepablePackage extends ExecutablePackage {
  /**
   * Describes `outputs` exactly over the axis. Throws ServiceError: invalid_household (the household cannot be
   * evaluated), invalid_request (the axis enters a formula nonlinearly, or a limit is exceeded).
   */
  sweep(household: MappedHousehold, axis: SweepAxisSlot, outputs: string[], limits: SweepLimitsConfig): SweepExecution;
}

export function isSweepable(pkg: ExecutablePackage): pkg is SweepablePackage {
  return typeof (pkg as Partial<SweepablePackage>).sweep === 'function';
}
