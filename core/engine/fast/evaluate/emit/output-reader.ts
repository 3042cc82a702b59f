/**
 * Emits and instantiates the reader of one household's outputs (row 0 of a session's output cells) as a JSON
 * object literal, each value rendered as evaluate/output-json.ts renders it. Output names become property names
 * only when they are plain identifiers; otherwise there is no generated reader and the session builds the object
 * key by key.
 */
import type { Ty } from '../../kernel/codegen.js';
import type { OutputColumn } from '../../kernel/columns.js';
import type { OutputJson } from '../program-site.js';

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/** The JSON expression of output j's cell on row 0 (`output<j>[0]`), or undefined for a type that never leaves. */
function cellJson(type: Ty, j: number): string | undefined {
  const cell = `output${j}[0]`;
  switch (type.k) {
    case 'num':
      return cell;
    case 'judg':
      return `(${cell} === 2 ? 'holds' : ${cell} === 0 ? 'not_holds' : 'undetermined')`;
    case 'bool':
      return `${cell} === 1`;
    case 'date':
      return `daysToIso(${cell})`;
    case 'text':
      return `String(${cell})`;
    default:
      return undefined;
  }
}

/** The reader's source over `outputs` (the cells) and `daysToIso`, or undefined when a name or type does not allow one. */
function outputReaderSource(names: readonly string[], types: readonly Ty[]): string | undefined {
  if (names.some((n) => !PLAIN_NAME.test(n) || n === '__proto__')) return undefined;
  const fields: string[] = [];
  for (let j = 0; j < names.length; j++) {
    const json = cellJson(types[j], j);
    if (json === undefined) return undefined;
    fields.push(`${names[j]}: ${json}`);
  }
  const cells = names.map((_, j) => `const output${j} = outputs[${j}];`).join(' ');
  return `"use strict";\n${cells}\nreturn function readOutputs() { return { ${fields.join(', ')} }; };`;
}

/** The generated reader of row 0's outputs, or undefined (see the module comment). */
export function makeOutputReader(names: readonly string[], types: readonly Ty[], outputs: readonly OutputColumn[], daysToIso: (d: number) => string): (() => OutputJson) | undefined {
  const source = outputReaderSource(names, types);
  if (source === undefined) return undefined;
  const factory = new Function('outputs', 'daysToIso', source) as (cells: readonly OutputColumn[], toIso: (d: number) => string) => () => OutputJson;
  return factory(outputs, daysToIso);
}
