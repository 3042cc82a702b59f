/**
 * Versions: a rule's raw `versions` (or a single top-level formula/values) → RuleVersions sorted by start, each
 * with a parsed formula (and its file position) or a values table; overlapping or malformed versions are errors.
 */
import type { RuleVersion } from './model.js';
import { FormulaSyntaxError, parseFormula } from '../syntax/parser.js';
import { fromCell, isoToDays, type Value } from '../values.js';
import { filePosition, type FormulaAt } from '../syntax/line-index.js';
import { isObject, str, type Obj } from '../syntax/yaml.js';

function dateOf(x: unknown): string | undefined {
  const s = str(x);
  return s !== undefined && isoToDays(s) !== undefined ? s : undefined;
}

export function loadVersions(
  name: string,
  raw: Obj,
  err: (m: string, line?: number, col?: number) => void,
  formulaAt: readonly FormulaAt[],
): RuleVersion[] | undefined {
  let rawVersions: unknown[];
  if (Array.isArray(raw.versions)) rawVersions = raw.versions;
  else if (raw.formula !== undefined || raw.values !== undefined)
    rawVersions = [{ effective_from: raw.effective_from ?? raw.from, effective_to: raw.effective_to ?? raw.to, formula: raw.formula, values: raw.values }];
  else {
    err(`rule "${name}" has no versions and no formula`);
    return undefined;
  }
  const out: RuleVersion[] = [];
  let formulaCount = 0;
  // Positions are trusted only when every formula version has its own block-style `formula:` key (flow-style
  // versions like `[{formula: '1'}]` are not indexed).
  const located = formulaAt.length === rawVersions.filter((v) => isObject(v) && v.formula !== undefined).length ? formulaAt : [];
  for (const [i, rv] of rawVersions.entries()) {
    if (!isObject(rv)) {
      err(`rule "${name}": versions[${i}] is not a mapping`);
      return undefined;
    }
    const fromRaw = rv.effective_from ?? rv.from;
    const from = dateOf(fromRaw);
    if (!from) {
      err(`rule "${name}": versions[${i}] needs effective_from as a YYYY-MM-DD date (found ${JSON.stringify(fromRaw ?? null)})`);
      return undefined;
    }
    const toRaw = rv.effective_to ?? rv.to;
    const to = toRaw === undefined || toRaw === null ? undefined : dateOf(toRaw);
    if (toRaw !== undefined && toRaw !== null && !to) {
      err(`rule "${name}": versions[${i}] effective_to ${JSON.stringify(toRaw)} is not a YYYY-MM-DD date`);
      return undefined;
    }
    if (to && to < from) {
      err(`rule "${name}": versions[${i}] ends (${to}) before it starts (${from})`);
      return undefined;
    }
    if (rv.values !== undefined) {
      if (!isObject(rv.values)) {
        err(`rule "${name}": versions[${i}].values must be a mapping of integer keys to values`);
        return undefined;
      }
      const cells = new Map<number, Value>();
      for (const [k, v] of Object.entries(rv.values)) {
        if (!/^-?\d+$/.test(k)) {
          err(`rule "${name}": table key ${JSON.stringify(k)} is not an integer`);
          return undefined;
        }
        try {
          cells.set(Number(k), fromCell(v));
        } catch (e) {
          err(`rule "${name}": table cell ${k}: ${(e as Error).message}`);
          return undefined;
        }
      }
      out.push({ from, to, cells });
      continue;
    }
    const ftext = str(rv.formula);
    if (ftext === undefined) {
      err(`rule "${name}": versions[${i}] needs a formula or values`);
      return undefined;
    }
    // The k-th formula version sits at the k-th `formula:` key of the rule (tables have `values:` instead).
    const at = located[formulaCount++];
    try {
      out.push({ from, to, formulaText: ftext, formula: parseFormula(ftext), at });
    } catch (e) {
      if (e instanceof FormulaSyntaxError) {
        const where = at ? filePosition(at, e.pos) : undefined;
        err(`rule "${name}" versions[${i}] formula: ${e.message}`, where?.line, where?.column);
      } else err(`rule "${name}" versions[${i}] formula: ${(e as Error).message}`);
      return undefined;
    }
  }
  out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (let i = 1; i < out.length; i++) {
    if (out[i].from === out[i - 1].from) {
      err(`rule "${name}" has two versions starting ${out[i].from}`);
      return undefined;
    }
    const prevTo = out[i - 1].to;
    if (prevTo && prevTo >= out[i].from) {
      err(`rule "${name}": a version ends ${prevTo}, on or after the next version starts (${out[i].from})`);
      return undefined;
    }
  }
  return out;
}
