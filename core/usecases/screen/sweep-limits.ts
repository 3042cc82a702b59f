/**
 * Limits of one combined sweep over a screen (docs/screening.md "Cliffs across programs"); each is enforced with
 * 400 invalid_request. They are wider than a single program's sweep (docs/sweep.md): the screen's outputs share one
 * walk, and the federal EITC, rounded to whole dollars of an annual amount, alone steps about every 20 cents of
 * monthly earnings over its phase-in and phase-out (14,633 steps from 0 to 8,000 a month for a parent of two).
 */
import { MAX_INPUT_MAGNITUDE } from '../../domain/household/values.js';

export const SCREEN_SWEEP_LIMITS = {
  /** Most grid steps in the range: $100,000.00 in cents for a money input. */
  gridSteps: 10_000_000,
  /** Largest magnitude of from and to (a household input's). */
  magnitude: MAX_INPUT_MAGNITUDE,
  /** Most segments in one description (the total, a program's amount or status). */
  segments: 25_000,
  /** Most evaluation steps (pieces of any output before merging) for the whole sweep. */
  steps: 40_000,
} as const;
