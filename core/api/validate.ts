/** Runs valibot schemas on request parts and turns failures into 400 invalid_request naming field and constraint. */
import * as v from 'valibot';
import { ServiceError } from '../domain/errors.js';

/**
 * Formats the first issue as `<path>: <message>`. Schemas should carry constraint messages, e.g.
 * `v.pipe(v.string(), v.minLength(2, 'must be 2-500 characters'))`; without one, valibot's default
 * message ("Invalid length: Expected >=2 but received 1") is used. The path is the dotted field path
 * with array indexes in brackets (`requests[1].program_id`), or `where` for the part as a whole.
 */
export function formatIssue(issue: v.BaseIssue<unknown>, where: string): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === 'number') path += `[${key}]`;
    else if (typeof key === 'string') path += path === '' ? key : `.${key}`;
  }
  if (path === '') path = where;
  const message = issue.kind === 'schema' && issue.received === 'undefined' && issue.path !== undefined ? 'is required' : issue.message;
  return `${path}: ${message}`;
}

const OBJECT_SCHEMA_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record']);
const WRAPPER_SCHEMA_TYPES = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);

/**
 * valibot's object and record schemas accept arrays (an array is a JS object), so `[]` would pass as a
 * body or a household. Walk the schema beside the value and name the first place where an array stands for an object.
 */
function arrayInPlaceOfObject(schema: unknown, value: unknown, path: string): string | undefined {
  const s = schema as { type?: string; entries?: Record<string, unknown>; item?: unknown; wrapped?: unknown };
  if (s === null || typeof s !== 'object' || value === null || typeof value !== 'object') return undefined;
  if (s.type !== undefined && WRAPPER_SCHEMA_TYPES.has(s.type)) return arrayInPlaceOfObject(s.wrapped, value, path);
  if (s.type !== undefined && OBJECT_SCHEMA_TYPES.has(s.type)) {
    if (Array.isArray(value)) return path;
    for (const [key, entry] of Object.entries(s.entries ?? {})) {
      const found = arrayInPlaceOfObject(entry, (value as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (s.type === 'array' && Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = arrayInPlaceOfObject(s.item, value[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function validatePart<S extends v.GenericSchema>(schema: S, value: unknown, where: string): v.InferOutput<S> {
  const misplacedArray = arrayInPlaceOfObject(schema, value, '');
  if (misplacedArray !== undefined) throw new ServiceError('invalid_request', `${misplacedArray === '' ? where : misplacedArray}: must be a JSON object, not an array`);
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw new ServiceError('invalid_request', formatIssue(result.issues[0], where));
}
