/** What a whole-household program is (evaluate/household-programs.ts) and what it is made over. */
import type { KernelFn, OutputColumn, Column } from '../kernel/columns.js';
import type { InputRecord, LoaderContext } from '../input/record-loader.js';
import type { RelationFacts } from '../input/emit/relation-links.js';

/** A household program's answer when it cannot finish the household itself (the session's general path then does). */
export const MISS = 3;
export type OutputJson = Record<string, string | number | boolean>;
/** Outputs of one household (undefined: the kernel handed it to the explain path), or MISS. */
export type HouseholdProgram = (household: InputRecord, people: readonly InputRecord[]) => OutputJson | undefined | typeof MISS;

/** What a household program is made over: the session's columns, rows, kernel and output reader. */
export interface ProgramSite {
  readonly columns: readonly Column[];
  readonly relations: readonly Int32Array[];
  readonly outputs: readonly OutputColumn[];
  /** The loader that last wrote each row (a program writes only rows its own loaders own). */
  readonly rowLoader: readonly unknown[];
  /** The person relation's offsets, or undefined when the package has none (people then MISS). */
  readonly offsets: Int32Array | undefined;
  /** The relations a household's people are linked in, and which of them the household gives (input/emit/relation-links.ts). */
  readonly links: RelationFacts;
  readonly givenMask: Uint8Array;
  readonly maxPeople: number;
  readonly run: KernelFn;
  readonly read: () => OutputJson;
  readonly bail: unknown;
  /** The loader context of household rows (0) or people rows (1). */
  context(kind: 0 | 1): LoaderContext;
}
