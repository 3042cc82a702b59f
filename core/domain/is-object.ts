/**
 * Whether a value is a plain JSON or YAML mapping: an object, not null, not an array, not a Date (a YAML loader with
 * timestamps gives an unquoted date as one). The one such test in core.
 */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Date);
}
