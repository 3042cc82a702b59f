/** Runs valibot schemas on request parts and turns failures into 400 invalid_request naming field and constraint. */
import * as v from 'valibot';
import { ServiceError } from '../../core/domain/errors.js';

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

export function validatePart<S extends v.GenericSchema>(schema: S, value: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw new ServiceError('invalid_request', formatIssue(result.issues[0], where));
}
