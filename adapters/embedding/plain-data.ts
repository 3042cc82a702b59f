/**
 * An answer as the API's JSON carries it, built as objects rather than written as text and parsed back: the same
 * values JSON.parse(JSON.stringify(value)) gives (fields in their order, undefined and function fields left out,
 * undefined in an array as null, non-finite numbers as null, -0 as 0, `toJSON` honoured), every object and array
 * fresh, so an embedder never holds memory the service shares (a rule's frozen sources array, a cached trace).
 */
export type PlainData = null | boolean | number | string | PlainData[] | { [key: string]: PlainData };

/** What JSON writes for a value standing in an array; undefined where JSON leaves an object's field out. */
export function plainData(value: unknown): PlainData | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0 and has no Infinity or NaN.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError('a BigInt has no JSON form');
    case 'object':
      return value === null ? null : plainObject(value);
    default:
      return undefined;
  }
}

function plainObject(value: object): PlainData | undefined {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return plainData((value as { toJSON: (key: string) => unknown }).toJSON(''));
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return plainData(value.valueOf());
  if (Array.isArray(value)) {
    const out: PlainData[] = new Array<PlainData>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = plainData(value[i]) ?? null;
    return out;
  }
  const out: { [key: string]: PlainData } = {};
  for (const key of Object.keys(value)) {
    const field = plainData((value as Record<string, unknown>)[key]);
    if (field === undefined) continue;
    // JSON.parse makes `__proto__` an own field; plain assignment would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
    else out[key] = field;
  }
  return out;
}
