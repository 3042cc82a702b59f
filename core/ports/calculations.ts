/**
 * What the calculation use case offers its consumers: the calculate, batch, sweep, parity and compatibility
 * routes, the job service, the sweep service and the embedding API. CalculationService
 * (core/usecases/calculate/calculate.ts) implements it; consumers are typed by this port, not by that class.
 */
import type { Principal } from './auth-gate.js';
import type { BatchEntryResult, CalculateRequest, CalculateResponse, ExecutablePackage } from './calculator.js';
import type { ComputeMeter } from './compute-meter.js';

/** A request whose package and variables have been resolved; running it can still fail per household. */
export interface PreparedCalculation {
  request: CalculateRequest;
  pkg: ExecutablePackage;
  /** [requested name, canonical output name] */
  variables: ReadonlyArray<readonly [string, string]>;
  /** The canonical names to compute, each once. */
  outputs: string[];
}

export interface BatchResponse {
  summary: { total: number; succeeded: number; failed: number };
  results: BatchEntryResult[];
}

export interface Calculations {
  /** The per-calculation time limit in milliseconds (a sweep's evaluations share it). */
  readonly timeLimitMs: number;
  /** The meter entries are charged to (jobs and sweeps charge through it too). */
  readonly meter: ComputeMeter;
  /** The package serving a program in a jurisdiction, from the first runtime that has one. */
  find(programId: string, jurisdiction: string): ExecutablePackage | undefined;
  /** Resolves a request's package, parameter overrides and variables (the refusals a request can get before running). */
  prepare(request: CalculateRequest, path?: string): PreparedCalculation;
  run(prepared: PreparedCalculation): Promise<CalculateResponse>;
  /** One calculation, charged to the principal. */
  calculate(request: CalculateRequest, principal?: Principal | null): Promise<CalculateResponse>;
  /** Several calculations, each answered or refused on its own. */
  batch(requests: CalculateRequest[], principal?: Principal | null): Promise<BatchResponse>;
  /** Refuses a batch whose entries ask for unknown variables (400 naming the entry). */
  checkEntries(requests: readonly CalculateRequest[]): void;
  /** One stored job entry, run again by a worker (not charged again). */
  runEntry(request: CalculateRequest): Promise<BatchEntryResult>;
}
