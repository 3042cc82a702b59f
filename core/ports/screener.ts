/**
 * Screening (docs/screening.md): every program of a jurisdiction run on one household in one evaluation. A runtime
 * that can merge its programs' packages offers a ScreenablePackage per jurisdiction and set of programs; the screen
 * use case (core/usecases/screen) turns its execution into the answer.
 */
import type { MappedHousehold } from '../domain/household/map.js';
import type { HouseholdShape, JsonValue } from '../domain/household/shape.js';
import type { ServiceError } from '../domain/errors.js';
import type { Assumption } from '../domain/household/assumptions.js';
import type { CalculationTraceEntry, Calculator, ExecutablePackage, Execution, TraceSize } from './calculator.js';
import type { SweepAxisSlot, SweepExecution, SweepLimitsConfig } from './sweeper.js';

/** How a screen reads one program's answer: which outputs say eligible and how much (the package's `screening`). */
export interface ScreeningTerms {
  /** Outputs of which any holding (or above 0) means eligible. */
  eligible: readonly string[];
  /** Absent for a program with no dollar amount (coverage, a free service). */
  amount?: string;
  amount_period: 'month' | 'year';
  kind: 'cash' | 'near_cash' | 'coverage' | 'service';
  recipient: 'household' | 'person' | 'tax_unit';
  /** Person outputs of which any holding (above 0, or one of person_eligible_values) marks an eligible person. */
  person_eligible: readonly string[];
  person_eligible_values: readonly string[];
  /** Judgments that must all hold, in order: the first that does not hold decided an ineligible answer. */
  tests: readonly string[];
  /** Programs this one reads, and the Judgment output that holds when the answer used the link. */
  links: ReadonlyArray<{ program: string; used: string }>;
}

/** One program inside a screen: its own package (id, digest, shape for its own assumptions) and its terms. */
export interface ScreenMember {
  package: ExecutablePackage;
  terms: ScreeningTerms;
  /** Rule id and legal sources of each of the package's rules, by rule name (the deciding rule's provenance). */
  rule(name: string): { rule_id: string; sources: readonly string[] } | undefined;
}

/** One program's part of a screen's evaluation, or the household problem that stopped it. */
export type MemberExecution = Omit<Execution, 'trace'> | { problem: ServiceError };

export interface ScreenExecution {
  /** The one evaluation's trace at the size asked for (full: every program's rules, each once). */
  trace: CalculationTraceEntry[];
  /** The unit's value of every rule the evaluation recorded, by rule name (empty when it recorded no trace). */
  unit: ReadonlyMap<string, JsonValue>;
  /** Per member, in the order of `members`. */
  members: MemberExecution[];
}

export interface ScreenablePackage {
  jurisdiction: string;
  /** `sha256:<hex>` of the merged package. */
  digest: string;
  /** The merged household shape: every fact any member reads. */
  shape: HouseholdShape;
  members: readonly ScreenMember[];
  /** Programs asked for that could not join the one evaluation (their rules conflict with a member's), and why. */
  excluded: ReadonlyArray<{ member: ScreenMember; problem: string }>;
  /**
   * One evaluation: the trace at `trace`'s size (default full; `false`: outputs only, nothing recorded); `more` adds
   * outputs of the members to evaluate besides the screen's own (each member's answer includes its own).
   */
  execute(household: MappedHousehold, trace?: TraceSize | false, more?: readonly string[]): ScreenExecution;
  /**
   * Describes `outputs` of the one evaluation exactly over one input (docs/screening.md "Cliffs across programs").
   * Throws ServiceError as SweepablePackage.sweep does.
   */
  sweep(household: MappedHousehold, axis: SweepAxisSlot, outputs: string[], limits: SweepLimitsConfig): SweepExecution;
}

/** A runtime that can screen its packages (the compiled runtime). */
export interface ScreeningCalculator extends Calculator {
  readonly screener: Screener;
}

export function canScreen(calculator: Calculator): calculator is ScreeningCalculator {
  return typeof (calculator as Partial<ScreeningCalculator>).screener === 'object';
}

export interface Screener {
  /** The programs of a jurisdiction a screen can run (packages with screening terms), in a stable order. */
  programs(jurisdiction: string): readonly string[];
  /**
   * The package screening `programIds` of `jurisdiction` together; a string says why they cannot be (an unknown
   * program, programs whose packages disagree on a fact's meaning).
   */
  screenable(jurisdiction: string, programIds: readonly string[]): ScreenablePackage | string;
}

export type ScreenStatus = 'eligible' | 'ineligible' | 'undetermined';

export interface ScreenRequest {
  jurisdiction: string;
  /** The household as POST /v1/calculate takes it (docs/household.md names the facts). */
  household: Record<string, unknown>;
  /** Program ids; default: every screenable program of the jurisdiction. */
  programs?: string[];
  /** Give each program's answer on its defaults instead of `undetermined` where a fact not given decides it. */
  assume_defaults?: boolean;
  /** How many next questions to return (0 or absent: none). */
  questions?: number;
  /** `full` (default): the evaluation's whole trace; `decisive`: the rules that decided each program's outputs; `none`: `trace: []` with a warning. */
  trace?: TraceSize;
}

/** A rule as the answer names it: durable id, local name, the value it took and its legal sources. */
export interface ScreenRule {
  rule_id: string;
  variable: string;
  value?: JsonValue;
  sources: string[];
}

export interface ScreenProgramResult {
  program_id: string;
  status: ScreenStatus;
  /** The amount on the household's facts and the defaults (null for coverage and services, or when it failed). */
  amount: number | null;
  amount_period: 'month' | 'year';
  kind: ScreeningTerms['kind'];
  /** Who receives it: the household, the eligible people (ids), or a tax unit. */
  recipient: { type: ScreeningTerms['recipient']; people?: string[] };
  /** For `undetermined`: the smallest and largest amount (and whether each status occurs) over the undecided facts' plausible values. */
  range?: { min: number | null; max: number | null; statuses: ScreenStatus[]; facts: string[] };
  /** The rule that decided the status (the first test that failed, else the eligibility rule), and the amount's rule. */
  decided_by: ScreenRule | null;
  amount_rule?: ScreenRule;
  /** Programs this one read, and whether this answer used the link (e.g. SNAP eligibility inferred for school meals). */
  links: Array<{ program: string; used: boolean; rule: ScreenRule | null }>;
  outputs: Record<string, JsonValue>;
  person_outputs?: Record<string, Record<string, JsonValue>>;
  assumptions: Assumption[];
  warnings: string[];
  package: { program_id: string; jurisdiction: string; digest: string };
  /** Set when the household could not be computed for this program (the others still are). */
  error?: { code: string; message: string };
}

export interface ScreenTotals {
  /** Sums of eligible programs' amounts, monthly (annual amounts / 12) and annual (monthly x 12), by kind. */
  monthly: { cash: number; near_cash: number; total: number };
  annual: { cash: number; near_cash: number; total: number };
  /** Programs giving coverage or a service the household is eligible for (no dollar amount). */
  coverage: string[];
  services: string[];
  /** Cash or near-cash programs the household is eligible for whose amount no package encodes (WIC's food package). */
  without_amount: string[];
  /** Programs left out of the sums because they are undetermined. */
  undetermined: string[];
}

export interface ScreenQuestion {
  /** The input to send, and where (`household.facts.x` or `household.people.<id>.x`). */
  input: string;
  entity_id: string;
  where: string;
  question: string;
  /** Programs whose status or amount changes over the fact's plausible values. */
  programs: string[];
  /** The smallest and largest monthly total over the values tried, and the values tried. */
  total_monthly: { min: number; max: number };
  /** The other values screened: a boolean's other value, a closed list's other values, an amount's (below) values where its sweep found an extreme or a status. */
  values: JsonValue[];
  /** The status of a program without a dollar amount (coverage, a service, WIC) changes with it. */
  changes_coverage: boolean;
  /** For an amount or a count: the range it was swept over exactly and what the sweep found (docs/screening.md). */
  sweep?: ScreenQuestionSweep;
}

/** A smallest or largest value over a fact's range, and the smallest value of the fact at which it is reached. */
export interface SweepExtreme {
  value: number;
  at: number;
}

/** One program over a swept fact's range: each status (from the smallest value at which it holds) and its amount's extremes. */
export interface SweptProgram {
  program_id: string;
  statuses: Array<{ status: 'eligible' | 'ineligible'; at: number }>;
  /** The program's amount output whatever the status (as `range` reads it); null for a program without one. */
  amount: { min: SweepExtreme; max: SweepExtreme } | null;
}

export interface ScreenQuestionSweep {
  /** The range, both ends included, and its grid step (0.01 for money, 1 for an integer). */
  from: number;
  to: number;
  step: number;
  /** Why this range, in words. */
  basis: string;
  /** true: described exactly over the whole range; false: the sweep could not (`reason`) and the probes were screened. */
  exact: boolean;
  reason?: string;
  /** The monthly total's smallest and largest over the range (to the cent, as `total_monthly`), each at the smallest value reaching it. */
  total_monthly?: { min: SweepExtreme; max: SweepExtreme };
  /** The programs the fact affects, over the range. */
  programs?: SweptProgram[];
  /** What the sweep found, in words. */
  summary: string;
}

export interface ScreenResponse {
  jurisdiction: string;
  period: string;
  /** `sha256:<hex>` of the merged package that ran. */
  package_digest: string;
  programs: ScreenProgramResult[];
  totals: ScreenTotals;
  /** Every assumption any program relied on, once (each program lists its own too). */
  assumptions: Assumption[];
  warnings: string[];
  questions?: ScreenQuestion[];
  /** Amounts and counts not given that were tried only at the two ends of their range, not swept (docs/screening.md). */
  probed_facts?: ProbedFact[];
  trace: CalculationTraceEntry[];
}

/** An amount or a count not given, tried only at the ends of its range: where to send it, the values tried, why not swept. */
export interface ProbedFact {
  input: string;
  entity_id: string;
  where: string;
  values: number[];
  reason: string;
}
