/**
 * Relation rules: a raw rule of kind source_relation (reference §7), data_relation or derived_relation → its
 * typed Rule, or an error (reported through `err`) and undefined.
 */
import type { DataRelationRule, DerivedRelationRule, RuleVersion, SourceRelationRule } from './model.js';
import { shaped, type RuleBase, type RuleProblems } from './rule-base.js';
import { isObject, str, type Obj } from '../syntax/yaml.js';

const REL_TYPES = new Set(['restates', 'sets', 'implements', 'delegates', 'amends', 'defines', 'cites']);

export function sourceRelationRule(name: string, raw: Obj, base: RuleBase, { err }: RuleProblems): SourceRelationRule | undefined {
  const sr = isObject(raw.source_relation) ? raw.source_relation : undefined;
  for (const k of ['formula', 'versions', 'entity', 'dtype', 'period', 'unit', 'indexed_by']) {
    if (k in raw) {
      err(`source relation "${name}" may not have "${k}"`);
      return undefined;
    }
  }
  if (!sr) {
    err(`source relation "${name}" needs a source_relation block`);
    return undefined;
  }
  const type = str(sr.type);
  const target = str(sr.target);
  if (!type || !REL_TYPES.has(type)) {
    err(`source relation "${name}" has an unknown type ${JSON.stringify(sr.type ?? null)}`);
    return undefined;
  }
  if (!target || !target.includes(':')) {
    err(`source relation "${name}" needs an absolute target`);
    return undefined;
  }
  const basis = isObject(sr.basis) ? sr.basis : {};
  const amendment = isObject(sr.amendment) ? sr.amendment : undefined;
  const value = str(sr.value);
  const delegation = str(basis.delegation);
  for (const [label, v] of [['value', value], ['basis.delegation', delegation], ['amendment.superseding_rule', amendment ? str(amendment.superseding_rule) : undefined]] as const) {
    if (v !== undefined && (!v.includes(':') || !v.includes('#'))) {
      err(`source relation "${name}": ${label} must be an absolute rule id with "#"`);
      return undefined;
    }
  }
  if ((type === 'sets' || type === 'implements') && !delegation) {
    err(`source relation "${name}" of type ${type} needs basis.delegation`);
    return undefined;
  }
  if (type === 'amends' && (!amendment || amendment.operation === undefined || amendment.effective === undefined)) {
    err(`source relation "${name}" of type amends needs amendment.operation and amendment.effective`);
    return undefined;
  }
  if (type === 'sets' && !value) {
    err(`source relation "${name}" of type sets needs a value`);
    return undefined;
  }
  return shaped(base, { shape: 'source_relation', relationType: type, target, value, authority: str(sr.authority), delegation });
}

/** A relation block's arity: a whole number of at least 1, or an error naming the relation. */
function arityOf(block: Obj, relation: string, err: RuleProblems['err']): number | undefined {
  const arity = Number(block.arity);
  if (Number.isInteger(arity) && arity >= 1) return arity;
  err(`${relation} needs an integer arity`);
  return undefined;
}

export function dataRelationRule(name: string, raw: Obj, base: RuleBase, { err }: RuleProblems): DataRelationRule | undefined {
  const dr = isObject(raw.data_relation) ? raw.data_relation : {};
  const arity = arityOf(dr, `data relation "${name}"`, err);
  if (arity === undefined) return undefined;
  const args = Array.isArray(dr.arguments) ? dr.arguments.map(String) : undefined;
  if (args && args.length !== arity) {
    err(`data relation "${name}" has ${args.length} arguments but arity ${arity}`);
    return undefined;
  }
  return shaped(base, { shape: 'data_relation', arity, arguments: args });
}

export function derivedRelationRule(name: string, raw: Obj, base: RuleBase, versions: RuleVersion[], { err }: RuleProblems): DerivedRelationRule | undefined {
  const dr = isObject(raw.derived_relation) ? raw.derived_relation : {};
  const arity = arityOf(dr, `derived relation "${name}"`, err);
  if (arity === undefined) return undefined;
  const src = str(dr.source_relation);
  if (!src) {
    err(`derived relation "${name}" needs a source_relation`);
    return undefined;
  }
  if (versions.length !== 1 || !versions[0].formula) {
    err(`derived relation "${name}" must have exactly one formula version`);
    return undefined;
  }
  const localSrc = src.includes('#relation.') ? src.slice(src.indexOf('#relation.') + 10) : src.includes('#') ? src.slice(src.indexOf('#') + 1) : src;
  return shaped(base, {
    shape: 'derived_relation',
    arity,
    sourceRelation: localSrc,
    aliasEntity: str(dr.entity),
    memberRelation: str(dr.member_relation),
    slotEntities: Array.isArray(dr.slot_entities) ? dr.slot_entities.map(String) : undefined,
    currentSlot: dr.current_slot === undefined ? 1 : Number(dr.current_slot),
    relatedSlot: dr.related_slot === undefined ? 0 : Number(dr.related_slot),
    versions,
  });
}
