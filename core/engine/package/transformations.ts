/**
 * Synthesis (reference §9 step 3): a spec's `transformations` → originless rules (derived rules, literal
 * parameters, data relations) under the program's id; an unusable transformation is a diagnostic.
 */
import { isLiteral } from '../syntax/ast.js';
import type { DataRelationRule, DerivedRule, Diagnostic, ParameterRule, Rule } from '../load/model.js';
import { lowerDType } from '../load/module-loader.js';
import { parseFormula, FormulaSyntaxError } from '../syntax/parser.js';
import { strList } from './program-spec.js';
import type { ProgramSpec } from './types.js';

type Obj = Record<string, unknown>;

/** Synthesized (originless) rules from `transformations` (§9 step 3). */
export function synthesize(spec: ProgramSpec, programId: string, diags: Diagnostic[]): Rule[] {
  const out: Rule[] = [];
  const err = (t: Obj, message: string): void => {
    diags.push({ severity: 'error', module: programId, file: spec.path, rule: typeof t.name === 'string' ? t.name : undefined, message });
  };
  for (const t of spec.transformations) {
    const name = typeof t.name === 'string' ? t.name : undefined;
    if (!name) {
      err(t, 'a transformation needs a name');
      continue;
    }
    const base = {
      name,
      id: name,
      module: programId,
      declaredKind: 'derived',
      source: typeof t.source === 'string' ? t.source : undefined,
      sourceUrl: typeof t.source_url === 'string' ? t.source_url : undefined,
      sources: [],
      period: typeof t.period === 'string' ? t.period : undefined,
      private: false,
    };
    const pattern = String(t.pattern ?? '');
    if (pattern === 'data_relation') {
      const rel: DataRelationRule = { ...base, shape: 'data_relation', declaredKind: 'data_relation', arity: Number(t.arity ?? 2), arguments: strList(t.arguments) };
      out.push(rel);
      continue;
    }
    let formula: string;
    let dtype = typeof t.dtype === 'string' ? t.dtype : undefined;
    switch (pattern) {
      case 'sum_terms': {
        const terms = strList(t.terms);
        formula = terms.length ? terms.join(' + ') : '0';
        break;
      }
      case 'all_of':
      case 'any_of': {
        const conds = strList(t.conditions);
        if (conds.length === 0) {
          err(t, `${pattern} needs conditions`);
          continue;
        }
        formula = conds.join(pattern === 'all_of' ? ' and ' : ' or ');
        dtype ??= 'Judgment';
        break;
      }
      case 'any_related':
        formula = `count_where(${String(t.relation)}, ${String(t.condition)}) > 0`;
        dtype ??= 'Judgment';
        break;
      case 'conditional_value':
        formula = `if ${String(t.condition)}: ${String(t.when_true)} else: ${String(t.when_false)}`;
        break;
      case 'derived_formula':
        formula = String(t.formula ?? '');
        break;
      default:
        err(t, `transformation pattern "${pattern}" is not supported by this engine`);
        continue;
    }
    const from = typeof t.effective_from === 'string' ? t.effective_from : '0001-01-01';
    let expr;
    try {
      expr = parseFormula(formula);
    } catch (e) {
      err(t, `transformation "${name}" formula: ${e instanceof FormulaSyntaxError ? e.message : (e as Error).message}`);
      continue;
    }
    const entity = typeof t.entity === 'string' ? t.entity : undefined;
    const unit = typeof t.unit === 'string' ? t.unit : undefined;
    const versions = [{ from, formulaText: formula, formula: expr }];
    if (!entity && isLiteral(expr)) {
      const p: ParameterRule = { ...base, declaredKind: 'parameter', shape: 'parameter', dtypeLabel: dtype, dtype: lowerDType(dtype), unit, table: false, versions };
      out.push(p);
    } else {
      const d: DerivedRule = { ...base, shape: 'derived', entity, dtypeLabel: dtype, dtype: lowerDType(dtype), unit, versions };
      out.push(d);
    }
  }
  return out;
}
