/**
 * Many variants of one household at once (the screening use case of issue #29: the same household with other
 * incomes, sizes or facts): the variants become one columnar batch (evaluate/batch.ts), so the kernel is looked up
 * once and every variant runs as one kernel call. Each variant's answer equals evaluatePackage on that variant's
 * household alone (the batch hands a household it cannot carry exactly to the explain path; a name no input accepts
 * is ignored, as evaluatePackage ignores it).
 */
import type { RuntimePackage } from '../../package/index.js';
import type { InputRecord } from '../input/record-loader.js';
import type { BatchOptions, HouseholdColumns, RawColumn } from '../input/batch-load.js';
import { evaluatePackageBatch } from './batch.js';

/** A household as the package's inputs name it: the household's own values and each person's. */
export interface VariantBase {
  readonly household: InputRecord;
  readonly people?: readonly InputRecord[];
}

/** One variant: values that replace the base household's (null: not given), and its own people if they differ. */
export interface HouseholdVariant {
  readonly household?: InputRecord;
  readonly people?: readonly InputRecord[];
}

export interface VariantResult {
  readonly outputs: Record<string, string | number | boolean>;
  readonly errors: Record<string, string>;
  /** 'fast' when the generated kernel computed the variant; 'explain' when the explain path did. */
  readonly path: 'fast' | 'explain';
}

type RawValue = string | boolean | number | undefined | null;

/** Outputs (and per-output errors) of every variant of `base`, in the order given; see the module comment. */
export function evaluateVariants(pkg: RuntimePackage, base: VariantBase, variants: readonly HouseholdVariant[], options: BatchOptions = {}): VariantResult[] {
  const households = variants.map((v) => ({ ...base.household, ...v.household }));
  const people = variants.map((v) => v.people ?? base.people ?? []);
  const batch = evaluatePackageBatch(pkg, householdColumns(households, people), options);
  return variants.map((_, k) => ({ ...batch.row(k), path: batch.fallback.has(k) ? 'explain' : 'fast' }));
}

/** The variants as one batch: a column per input name any record gives (undefined where a record does not). */
function householdColumns(households: readonly InputRecord[], people: readonly (readonly InputRecord[])[]): HouseholdColumns {
  const offsets = new Int32Array(people.length + 1);
  people.forEach((list, k) => (offsets[k + 1] = offsets[k] + list.length));
  return { size: households.length, household: columnsOf(households), people: { offsets, inputs: columnsOf(people.flat()) } };
}

/** Record i's value of each name, as one plain array per name. */
function columnsOf(records: readonly InputRecord[]): Record<string, RawColumn> {
  const columns: Record<string, RawValue[]> = {};
  records.forEach((record, i) => {
    for (const name in record) (columns[name] ??= new Array<RawValue>(records.length).fill(undefined))[i] = record[name] as RawValue;
  });
  return columns;
}
