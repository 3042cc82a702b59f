/**
 * Reads a package's input extensions: `material_inputs` (docs/snap-package-contract.md section 8; docs/calculation.md
 * "Assumptions"): `{household: {alias: spec}, person: {alias: spec}}`, each spec `{reason, ages?, unless_output?}`.
 * Entries that name no input of the package, or are malformed, are left out: materiality only adds to a result.
 */
import type { MaterialInput } from '../../domain/household/shape.js';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function materialOf(raw: unknown): MaterialInput | undefined {
  const spec = record(raw);
  if (typeof spec.reason !== 'string' || spec.reason.trim() === '') return undefined;
  const out: MaterialInput = { reason: spec.reason };
  const ages = spec.ages;
  if (Array.isArray(ages) && ages.length === 2 && ages.every((a) => typeof a === 'number' && Number.isFinite(a))) out.ages = [ages[0] as number, ages[1] as number];
  if (typeof spec.unless_output === 'string' && spec.unless_output !== '') out.unless_output = spec.unless_output;
  return out;
}

/** canonical input name -> { alias, material } for one level (`household` or `person`) of the extension. */
export function materialInputs(ext: Readonly<Record<string, unknown>>, level: 'household' | 'person', aliases: Record<string, string>): Map<string, { alias: string; material: MaterialInput }> {
  const out = new Map<string, { alias: string; material: MaterialInput }>();
  for (const [alias, raw] of Object.entries(record(record(ext.material_inputs)[level]))) {
    const canonical = Object.hasOwn(aliases, alias) ? aliases[alias] : undefined;
    const material = materialOf(raw);
    if (canonical !== undefined && material) out.set(canonical, { alias, material });
  }
  return out;
}

/** alias -> accepted values from the `input_values` extension (text inputs with a closed list). */
export function inputValues(ext: Readonly<Record<string, unknown>>): Record<string, { values: string[] }> {
  const out: Record<string, { values: string[] }> = {};
  for (const [alias, list] of Object.entries(record(ext.input_values))) {
    if (Array.isArray(list) && list.length > 0 && list.every((v) => typeof v === 'string')) out[alias] = { values: list as string[] };
  }
  return out;
}

/** alias -> numeric bounds from the `input_limits` extension (`{minimum?, maximum?}`; non-numbers are left out). */
export function inputLimits(ext: Readonly<Record<string, unknown>>): Record<string, { minimum?: number; maximum?: number }> {
  const out: Record<string, { minimum?: number; maximum?: number }> = {};
  for (const [alias, raw] of Object.entries(record(ext.input_limits))) {
    const { minimum, maximum } = record(raw);
    const bounds: { minimum?: number; maximum?: number } = {};
    if (typeof minimum === 'number' && Number.isFinite(minimum)) bounds.minimum = minimum;
    if (typeof maximum === 'number' && Number.isFinite(maximum)) bounds.maximum = maximum;
    if (Object.keys(bounds).length > 0) out[alias] = bounds;
  }
  return out;
}
