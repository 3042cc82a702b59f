/**
 * Emits and instantiates the loader of one record shape (input/record-loader.ts says what a loader is): the
 * shape's statements (record-statements.ts) wrapped in `match`, `write`, `undo`, `load` and `loadRows`.
 */
import type { Column } from '../../kernel/columns.js';
import { OTHER_SHAPE, WRITTEN, type LoaderContext, type RecordLoader } from '../record-loader.js';
import { recordStatements } from './record-statements.js';

/** The free names of a loader's source, in the order `makeLoader` passes their values. */
const LOADER_PARAMETERS = ['columns', 'cleanValues', 'shapeKeys', 'isText', 'dayOf', 'hasOwn'] as const;

type LoaderFactory = (
  columns: readonly Column[],
  cleanValues: readonly (number | string | undefined)[],
  shapeKeys: readonly string[],
  isText: (s: string) => boolean,
  dayOf: (s: string) => number | undefined,
  hasOwn: (o: object, k: string) => boolean,
) => RecordLoader;

/** The source of the loader for `keys`: its functions over the free names of LOADER_PARAMETERS. */
function loaderSource(keys: readonly string[], ctx: LoaderContext): string {
  const code = recordStatements(keys, ctx, { prefix: '', cleanValues: 'cleanValues', exit: (outcome) => `return ${outcome};` });
  return [
    '"use strict";',
    ...code.prelude,
    `function exact(record) { let i = 0; for (const k in record) { if (k !== shapeKeys[i]) return false; i++; } return i === ${keys.length}; }`,
    // Counting the keys costs about half of comparing them; write confirms that a key reading undefined is there.
    code.aliased ? 'const match = exact;' : `function match(record) { let i = 0; for (const k in record) i++; return i === ${keys.length}; }`,
    `function write(record, row) {\nlet value;\n${code.body.join('\n')}\nreturn ${WRITTEN};\n}`,
    `function undo(row) { ${code.used.map((s) => `column${s}[row] = clean${s};`).join(' ')} }`,
    `function load(record, row) { return match(record) ? write(record, row) : ${OTHER_SHAPE}; }`,
    `function loadRows(records, j, rowLoader, base) { const n = records.length; for (; j < n; j++) { if (rowLoader[base + j] !== self) return j; const record = records[j]; if (!match(record) || write(record, base + j) !== ${WRITTEN}) return j; } return j; }`,
    'const self = { keys: shapeKeys, match, write, undo, load, loadRows };',
    'return self;',
  ].join('\n');
}

/** Makes the loader for one record shape. */
export function makeLoader(keys: readonly string[], ctx: LoaderContext): RecordLoader {
  const factory = new Function(...LOADER_PARAMETERS, loaderSource(keys, ctx)) as LoaderFactory;
  // A plain array: element loads from a frozen array are several times slower in the match loop.
  return factory(ctx.columns, ctx.clean, [...keys], ctx.isText, ctx.dayOf, Object.hasOwn);
}
