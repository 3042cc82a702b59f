/**
 * Columnar batch evaluation of a runtime package: N households in typed arrays (input/batch-load.ts), one kernel
 * call per household, outputs in typed arrays. Households the kernel cannot carry exactly (an input outside the
 * envelope, an error) are evaluated on the explain path one by one, so every row equals a single evaluatePackage
 * call. evaluate/variants.ts builds on it for many variants of one household.
 */
import { evaluatePackage, type PackageResult, type RuntimePackage } from '../../package/index.js';
import { EvalError } from '../../values.js';
import type { CacheKind } from '../../owned-caches.js';
import type { Ty } from '../kernel/codegen.js';
import { BAIL } from '../kernel/helpers.js';
import { outputColumn, type OutputColumn } from '../kernel/columns.js';
import { ColumnPool } from '../input/batch-columns.js';
import { loadBatch, type BatchOptions, type HouseholdColumns } from '../input/batch-load.js';
import { jsonOf } from './output-json.js';

export type { BatchOptions, HouseholdColumns, RawColumn } from '../input/batch-load.js';

export interface BatchResult {
  readonly size: number;
  readonly outputs: readonly string[];
  readonly types: readonly Ty[];
  /** Per output: numbers/dates as doubles (days), judgments as 0/1/2, Booleans 0/1, text as strings. */
  readonly columns: readonly OutputColumn[];
  /** Households evaluated on the explain path, with their full result. */
  readonly fallback: ReadonlyMap<number, PackageResult>;
  /** One household's outputs and errors as evaluatePackage gives them. */
  row(k: number): { outputs: Record<string, string | number | boolean>; errors: Record<string, string> };
}

/** The program's spare column arrays (batch-columns.ts): its batches reuse them, held only weakly. */
const COLUMN_POOL: CacheKind<ColumnPool> = { name: 'fast batch column arrays' };

/** Evaluates every household of a columnar batch; see the module comment. */
export function evaluatePackageBatch(pkg: RuntimePackage, batch: HouseholdColumns, options: BatchOptions = {}): BatchResult {
  // The input columns never leave this call, so their arrays go back to the program's pool once the kernel has run.
  const pool = pkg.program.caches.of(COLUMN_POOL, () => new ColumnPool());
  const entities = batch.size + (batch.people ? batch.people.offsets[batch.size] : 0);
  const { period, outputs, size: N, columns: inputs, relations, refused, kernel, rowRequest } = loadBatch(pkg, batch, options, pool.lend(entities));
  const types = kernel ? kernel.outputTypes : outputs.map((): Ty => ({ k: 'never' }));
  const columns = types.map((t) => outputColumn(t, N));
  const fallback = new Map<number, PackageResult>();
  const explain = (k: number): void => {
    try {
      fallback.set(k, evaluatePackage(pkg, { ...rowRequest(k), period, outputs }));
    } catch (e) {
      // A request-level rejection (a value no input accepts): every output carries the message.
      if (!(e instanceof EvalError)) throw e;
      fallback.set(k, { period, outputs: {}, errors: Object.fromEntries(outputs.map((o) => [o, e.message])), trace: [] });
    }
  };
  const run = kernel?.run;
  for (let k = 0; k < N; k++) {
    if (!run || refused[k]) {
      explain(k);
      continue;
    }
    try {
      run(inputs, relations, k, columns, k);
    } catch (e) {
      if (e !== BAIL) throw e;
      explain(k);
    }
  }
  pool.giveBack(entities, inputs);
  return {
    size: N,
    outputs,
    types,
    columns,
    fallback,
    row(k) {
      const fb = fallback.get(k);
      if (fb) return { outputs: fb.outputs, errors: fb.errors };
      const out: Record<string, string | number | boolean> = {};
      types.forEach((t, j) => (out[outputs[j]] = jsonOf(t, columns[j], k)));
      return { outputs: out, errors: {} };
    },
  };
}

