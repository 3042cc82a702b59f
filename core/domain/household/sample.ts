/**
 * The household a package's sample request sends when it has nothing better: every input without a default gets
 * a neutral value. Shared by the runtime catalog and the engine's sample settling.
 */
import { entityId, type JsonValue, type PackageEntity, type PackageInput } from './shape.js';
import { valueKind } from './values.js';

/** A household that supplies a neutral value for every input without a default (first instance of each entity). */
export function sampleHousehold(period: string, entities: readonly PackageEntity[]): Record<string, unknown> {
  const overrides: Record<string, Record<string, Record<string, JsonValue>>> = {};
  const defaults = new Map<string, JsonValue | undefined>();
  for (const e of entities) for (const i of e.inputs) if (i.default !== undefined) defaults.set(i.name, i.default);
  for (const entity of entities) {
    // A counted entity with no instances by default takes no inputs.
    if (entity.count === 0 || (entity.count_from !== undefined && defaults.get(entity.count_from) === 0)) continue;
    const required = entity.inputs.filter((i) => i.default === undefined);
    if (required.length === 0) continue;
    const values: Record<string, JsonValue> = {};
    for (const input of required) values[input.name] = neutralValue(input, period);
    overrides[entity.entity] = { [entityId(entity, 1)]: values };
  }
  return Object.keys(overrides).length > 0 ? { period, entities: overrides } : { period };
}

/** The value a sample household gives an input without a default: false, '', the period's first day, 1 or 0. */
export function neutralValue(input: PackageInput, period: string): JsonValue {
  switch (valueKind(input.dtype)) {
    case 'bool':
      return false;
    case 'text':
      return '';
    case 'date':
      return `${period}-01`;
    case 'integer':
      return 1;
    case 'decimal':
      return 0;
  }
}
