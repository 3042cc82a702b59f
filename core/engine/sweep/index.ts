/** Exact sweeps of a package over one numeric input (docs/sweep.md). */
export { sweepPackage, sweepProgram, gridSteps, type SweepAxis, type SweepLimits, type SweepResult, type SweepOutput, type SweepSegment, type SweepBreakpoint, type SweepRule } from './sweep.js';
export { SweepError, type SweepErrorKind } from './errors.js';
