/**
 * The end of a run of equal values along an index: shared by the sweep's windows (window.ts) and the staircases of
 * rounded lines (steps.ts).
 */

/** Largest k in [k0, last] with same(k), given same(k0) and same monotone (true, then false). */
export function bisect(same: (k: number) => boolean, k0: number, last: number): number {
  if (same(last)) return last;
  let lo = k0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (same(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
