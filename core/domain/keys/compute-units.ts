/**
 * A compute unit (CU) is the unit the trial quota is counted in:
 * every authenticated request costs 1 CU, and every calculation entry it runs costs 1 more
 * (so POST /v1/calculate costs 2, a batch or job of n entries costs 1 + n).
 */
export const CU_PER_REQUEST = 1;
export const CU_PER_CALCULATION_ENTRY = 1;

export function calculationUnits(entries: number): number {
  if (!Number.isInteger(entries) || entries < 0) throw new RangeError('entries must be a non-negative integer');
  return entries * CU_PER_CALCULATION_ENTRY;
}

/**
 * A sweep (POST /v1/calculate/sweep) is charged as this many calculation entries besides its request: it stands in
 * for a grid of calculations, and its work is bounded by the sweep limits (docs/sweep.md), not by the range.
 */
export const CU_PER_SWEEP = 10;

export function sweepUnits(): number {
  return CU_PER_SWEEP;
}

/**
 * A combined sweep over a screen (POST /v1/screen/sweep) is charged as a sweep per program screened (CU_PER_SWEEP
 * each) besides its request: it stands in for a grid of screens, and each program's outputs are described over the
 * range as a program's sweep describes them.
 */
export function screenSweepUnits(programs: number): number {
  if (!Number.isInteger(programs) || programs < 0) throw new RangeError('programs must be a non-negative integer');
  return programs * CU_PER_SWEEP;
}
