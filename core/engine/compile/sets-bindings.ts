/**
 * `sets` pass (reference §7): the merged rules → the same rules with each `sets` target's versions replaced by
 * its value's (in source-relation order), and the binding recorded per target name. Bindings whose target and
 * value lie outside the closure are skipped; a binding with only one side inside, or mismatched sides, is an error.
 */
import { splitId } from '../syntax/ids.js';
import type { DerivedRule, ParameterRule } from '../load/model.js';
import type { CompileErrors } from './diagnostics.js';
import type { MergedRules } from './merged-rules.js';
import type { SetsBinding } from './types.js';

export function applySetsBindings(merged: MergedRules, moduleIds: ReadonlySet<string>, errors: CompileErrors): Map<string, SetsBinding> {
  const boundBy = new Map<string, SetsBinding>();
  const findById = (id: string): ParameterRule | DerivedRule | undefined => {
    const s = splitId(id);
    if (!s || s.kind !== 'rule' || !moduleIds.has(s.module)) return undefined;
    const name = merged.idToName.has(id) ? merged.idToName.get(id)! : undefined;
    if (name === undefined) return undefined;
    return merged.params.get(name) ?? merged.derived.get(name);
  };
  for (const sr of merged.sourceRelations) {
    if (sr.relationType !== 'sets' || !sr.value) continue;
    const target = findById(sr.target);
    const value = findById(sr.value);
    if (!target && !value) continue;
    const problem = !target || !value ? `${!target ? `target ${sr.target}` : `value ${sr.value}`} is not in this closure` : bind(merged, target, value);
    if (problem) {
      errors.report(sr, errors.moduleOf(sr), `sets relation "${sr.name}": ${problem}`);
      continue;
    }
    boundBy.set(target!.name, { hook: sr.id, value: value!.id });
  }
  return boundBy;
}

/** Replaces the target's versions with the value's; returns why it cannot, or undefined once bound. */
function bind(merged: MergedRules, target: ParameterRule | DerivedRule, value: ParameterRule | DerivedRule): string | undefined {
  if (target.shape !== value.shape) return `target is a ${target.shape} but value is a ${value.shape}`;
  if (target.shape === 'parameter' && value.shape === 'parameter') {
    if (target.indexedBy !== value.indexedBy || (target.unit && value.unit && target.unit !== value.unit)) return 'parameters differ in indexed_by or unit';
    merged.params.set(target.name, { ...target, versions: value.versions, table: value.table });
  } else if (target.shape === 'derived' && value.shape === 'derived') {
    if (
      target.entity !== value.entity ||
      target.dtype !== value.dtype ||
      (target.unit && value.unit && target.unit !== value.unit) ||
      (target.period && value.period && target.period !== value.period)
    )
      return 'derived rules differ in entity, dtype, unit or period';
    merged.derived.set(target.name, { ...target, versions: value.versions });
  }
  return undefined;
}
