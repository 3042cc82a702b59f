/**
 * The decimal scales inputs enter kernels at: a JSON number is held as the integer M = x · 10^s (docs/fast-path.md,
 * "Exact numbers without decimal.js"). Shared by the one-household loaders, the columnar batch and the request's
 * choice of session scale.
 */

/** The widest scale an input may need (a value with more decimals goes to the explain path). */
export const MAX_INPUT_SCALE = 6;

/** 10^s for every scale an input may have. */
export const POW = [1, 10, 100, 1000, 10000, 100000, 1000000];

/** Smallest decimal scale at which x is exact (shortest decimal of x), or -1 beyond the fast envelope. */
export function scaleOf(x: number): number {
  if (Number.isInteger(x)) return Math.abs(x) < 1e15 ? 0 : -1;
  for (let s = 1; s <= MAX_INPUT_SCALE; s++) {
    const m = Math.round(x * POW[s]);
    if (m / POW[s] === x) return Math.abs(m) < 1e15 ? s : -1;
  }
  return -1;
}
