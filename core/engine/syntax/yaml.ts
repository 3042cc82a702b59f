/** YAML documents as the loader reads them: the parser and small readers of untyped YAML values. */
import jsYaml from 'js-yaml';
import { isObject } from '../../domain/is-object.js';

export type Obj = Record<string, unknown>;
export { isObject };
/** A scalar as text (numbers and booleans written out); undefined for anything else. */
export const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined);

/** YAML parse with the core schema plus `<<` merge keys (no timestamps: dates stay strings). */
const MERGE = (jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge;
const SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [MERGE] });
export function parseYaml(text: string): unknown {
  return jsYaml.load(text, { schema: SCHEMA });
}
