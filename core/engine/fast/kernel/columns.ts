/**
 * What a kernel reads and writes, and its function type.
 *
 * Data layout (columnar): entities are indexes 0..n-1; input column i (`columns[i]`, `C[i]` in generated code) holds
 * input slot i for every entity (Float64Array of scaled numbers or day numbers with NaN = missing; Uint8Array of
 * Booleans 0/1 or judgments 0/1/2 with 255 = missing; string[] for text); relation r is a CSR pair `relations[2r]`
 * (Int32Array offsets, n + 1) and `relations[2r + 1]` (Int32Array member entity indexes, sorted by member id and
 * de-duplicated); output j of entity k is written to `outputs[j][k]`.
 */
import type { Ty } from './codegen.js';

export type Column = Float64Array | Uint8Array | (string | undefined)[];
export type OutputColumn = Float64Array | Uint8Array | unknown[];
/**
 * Trace-mode state: memo (d/v at rule * n + entity), records (rule, entity, value, reads) and the open frame.
 * `k`: 1 at the index of each rule whose entries are recorded (the others are evaluated, memoised and not recorded;
 * their frame `cur` is null).
 */
export interface TraceState {
  n: number;
  d: Uint8Array;
  v: unknown[];
  t: unknown[];
  cur: number[] | null;
  k: Uint8Array;
}
/**
 * A kernel: evaluates entity `entity`'s outputs into row `row` of `outputs`. `trace` and `select` (output indexes to
 * compute, in order) are for trace-mode kernels.
 */
export type KernelFn = (columns: readonly Column[], relations: readonly Int32Array[], entity: number, outputs: readonly OutputColumn[], row: number, trace?: TraceState, select?: ArrayLike<number>) => void;

/** Output column for a type: numbers and days as doubles, judgments/Booleans as bytes, text as strings. */
export function outputColumn(t: Ty, n: number): OutputColumn {
  switch (t.k) {
    case 'num':
    case 'date':
      return new Float64Array(n);
    case 'bool':
    case 'judg':
      return new Uint8Array(n);
    default:
      return new Array<unknown>(n);
  }
}
