/**
 * One rule: a raw rule mapping → its typed Rule by kind (relations, or a value rule whose shape beats its kind,
 * reference §2.1), or errors reported through `problems` and undefined.
 */
import type { Rule } from './model.js';
import type { FormulaAt } from '../syntax/line-index.js';
import { dataRelationRule, derivedRelationRule, sourceRelationRule } from './relation-rules.js';
import { ruleBase, type RuleOrigin, type RuleProblems } from './rule-base.js';
import { valueRule } from './value-rules.js';
import { loadVersions } from './versions.js';
import { str, type Obj } from '../syntax/yaml.js';

const KINDS = new Set(['derived', 'parameter', 'source_relation', 'data_relation', 'derived_relation']);

export function loadRule(
  name: string,
  raw: Obj,
  origin: RuleOrigin,
  currencies: ReadonlyMap<string, number>,
  problems: RuleProblems,
  formulaAt: readonly FormulaAt[] = [],
): Rule | undefined {
  const { err } = problems;
  const kind = str(raw.kind);
  if (!kind || !KINDS.has(kind)) {
    err(`rule "${name}" has a missing or unknown kind ${JSON.stringify(raw.kind ?? null)}`);
    return undefined;
  }
  if ('default' in raw) {
    err(`rule "${name}": "default:" is not allowed; missing inputs are errors in RuleSpec`);
    return undefined;
  }
  if ('arity' in raw) {
    err(`rule "${name}": a rule-level "arity" is not allowed (put it in the relation block)`);
    return undefined;
  }
  const base = ruleBase(name, kind, raw, origin);
  if (kind === 'source_relation') return sourceRelationRule(name, raw, base, problems);
  if (kind === 'data_relation') return dataRelationRule(name, raw, base, problems);
  const versions = loadVersions(name, raw, err, formulaAt);
  if (!versions) return undefined;
  if (kind === 'derived_relation') return derivedRelationRule(name, raw, base, versions, problems);
  return valueRule(kind, name, raw, base, versions, currencies, problems);
}
