/**
 * Value rules (reference §2.1, shape beats kind): a raw derived or parameter rule and its loaded versions → a
 * ParameterRule (a values table, or literal formulas without an entity) or a DerivedRule, or an error.
 */
import { isLiteral } from '../syntax/ast.js';
import type { DerivedRule, ParameterRule, RoundingMode, RuleVersion } from './model.js';
import { lowerDType } from './dtypes.js';
import { shaped, type RuleBase, type RuleProblems } from './rule-base.js';
import { str, type Obj } from '../syntax/yaml.js';

const ROUNDING = new Set(['half_up', 'half_even', 'floor', 'ceil']);

export function valueRule(
  kind: string,
  name: string,
  raw: Obj,
  base: RuleBase,
  versions: RuleVersion[],
  currencies: ReadonlyMap<string, number>,
  { err, warn }: RuleProblems,
): ParameterRule | DerivedRule | undefined {
  const entity = str(raw.entity);
  const dtypeLabel = str(raw.dtype);
  const unit = str(raw.unit);
  const table = versions.some((v) => v.cells !== undefined);
  const indexedBy = str(raw.indexed_by);
  if (table && !indexedBy) {
    err(`parameter "${name}" has a values table but no indexed_by`);
    return undefined;
  }
  if (table && versions.some((v) => v.formula !== undefined)) {
    err(`rule "${name}" mixes values tables and formulas across versions`);
    return undefined;
  }
  const literalOnly = versions.every((v) => v.formula !== undefined && isLiteral(v.formula));
  const isParameter = table || (!entity && literalOnly);
  if (raw.rounding !== undefined) {
    const mode = str(raw.rounding);
    if (isParameter) {
      err(`"rounding" is only allowed on derived rules ("${name}" is a parameter)`);
      return undefined;
    }
    if (!mode || !ROUNDING.has(mode)) {
      err(`unknown rounding mode ${JSON.stringify(raw.rounding)} (use half_up, half_even, floor or ceil)`);
      return undefined;
    }
    if (!unit || !currencies.has(unit)) {
      err(`"rounding" needs a currency unit; "${unit ?? '(none)'}" is not a declared currency`);
      return undefined;
    }
  }
  if (isParameter) {
    return shaped(base, {
      shape: 'parameter',
      dtypeLabel,
      dtype: lowerDType(dtypeLabel),
      unit,
      indexedBy,
      table,
      versions,
    });
  }
  if (versions.some((v) => !v.formula)) {
    err(`derived rule "${name}" needs a formula in every version`);
    return undefined;
  }
  if (kind === 'parameter' && entity) warn(`kind: parameter with an entity is compiled as a derived rule`);
  return shaped(base, {
    shape: 'derived',
    entity,
    dtypeLabel,
    dtype: lowerDType(dtypeLabel),
    unit,
    rounding: raw.rounding === undefined ? undefined : (String(raw.rounding) as RoundingMode),
    versions,
  });
}
