/**
 * A package's material inputs (docs/snap-package-contract.md section 8; docs/calculation.md "Assumptions"): the
 * profile's `material_inputs` of one level, keyed by alias, resolved to the inputs they name. Entries naming no
 * input of the package are left out: materiality only adds to a result.
 */
import type { MaterialInput } from '../../domain/household/shape.js';

/** canonical input name -> { alias, material } for one level (the household's or the person's entries). */
export function materialInputs(material: Readonly<Record<string, MaterialInput>>, aliases: Readonly<Record<string, string>>): Map<string, { alias: string; material: MaterialInput }> {
  const out = new Map<string, { alias: string; material: MaterialInput }>();
  for (const [alias, spec] of Object.entries(material)) {
    const canonical = Object.hasOwn(aliases, alias) ? aliases[alias] : undefined;
    if (canonical !== undefined) out.set(canonical, { alias, material: spec });
  }
  return out;
}
