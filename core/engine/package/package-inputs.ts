/**
 * Package inputs: the compiled program and the reached input slots → the input catalog (canonical and accepted
 * request names per slot) and the package inputs (entity, inferred dtype, spec default, relation), in slot order;
 * and what the closure's `inputs:` blocks document about them.
 */
import type { CompiledProgram } from '../compile/index.js';
import type { InputDoc, LoadedModule } from '../load/model.js';
import { inferInputTypes } from './input-types.js';
import type { InputCatalogEntry, PackageInput, ProgramSpec } from './types.js';

export function packageInputs(program: CompiledProgram, reachedInputs: ReadonlySet<string>, spec: ProgramSpec): { catalog: InputCatalogEntry[]; inputs: PackageInput[] } {
  const types = inferInputTypes(program);
  const defaults = spec.profile.household.defaults;
  const catalog: InputCatalogEntry[] = [];
  const inputs: PackageInput[] = [];
  for (const slot of [...reachedInputs].sort()) {
    const s = program.inputs.get(slot);
    const ownerIds = (s?.owners ?? []).map((m) => `${m}#input.${slot}`).sort();
    const bare = s?.bareAccepted ?? false;
    const accepted = bare ? [slot, ...ownerIds] : ownerIds.length ? ownerIds : [slot];
    const canonical = bare ? slot : accepted[0];
    catalog.push({ slot, canonical, accepted });
    const rel = s?.relation ? program.relations.get(s.relation) : undefined;
    const relEntity = rel?.rule && rel.rule.shape === 'data_relation' ? rel.rule.arguments?.[0] : undefined;
    const dflt = defaults[slot] ?? accepted.map((a) => defaults[a]).find((v) => v !== undefined);
    inputs.push({
      name: canonical,
      slot,
      accepted,
      entity: relEntity ?? s?.entity ?? 'Scalar',
      dtype: types.get(slot) ?? 'decimal',
      ...(dflt !== undefined ? { default: dflt } : {}),
      ...(s?.relation ? { relation: s.relation } : {}),
    });
  }
  return { catalog, inputs };
}

/** The package's input slots that some closure module documents in its `inputs:` block; the first module in load order wins. */
export function documentedSlots(loaded: readonly LoadedModule[], slots: ReadonlySet<string>): Map<string, InputDoc> {
  const out = new Map<string, InputDoc>();
  for (const m of loaded) for (const d of m.inputDocs ?? []) if (slots.has(d.name) && !out.has(d.name)) out.set(d.name, d);
  return out;
}
