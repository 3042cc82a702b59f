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
