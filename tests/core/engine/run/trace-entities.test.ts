/**
 * Trace entries name the entity each value is for (issue #15.5): the unit (`Household`/`household`) or a person by
 * the key the household gave it, on the explain path and the fast path alike.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import type { CalculationTraceEntry } from '../../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CompiledPackage, explainEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { fastEvaluator } from '../../../../core/engine/run/fast-path.js';

const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));
let loaded: CompiledPackage;
beforeAll(async () => {
  loaded = (await CompiledRuntime.load([rulesRoot])).find('snap', 'us-co') as CompiledPackage;
});

const household = {
  period: '2026-01',
  facts: { shelter_costs: 900, utility_type: 'heating_cooling' },
  people: { ann: { age: 34, earned_income: 1500 }, child_1: { age: 4 }, grandpa: { age: 70, unearned_income: 900 } },
};

function traceOn(evaluators: ConstructorParameters<typeof CompiledPackage>[2]): CalculationTraceEntry[] {
  const pkg = new CompiledPackage(loaded.runtime_id, loaded.pkg, evaluators);
  const mapped = mapHousehold(indexShape(pkg.shape), household);
  return (pkg.execute(mapped, ['snap_allotment', 'snap_eligible']) as { trace: CalculationTraceEntry[] }).trace;
}

describe('trace entries name their entity', () => {
  it('on the explain path: the household for unit rules, each person by the id the household gave', () => {
    const trace = traceOn({ explain: explainEvaluator });
    const pairs = new Set(trace.map((e) => `${e.entity}/${e.entity_id}`));
    expect([...pairs].sort()).toEqual(['Household/household', 'Person/ann', 'Person/child_1', 'Person/grandpa']);
    // A person-level rule is traced once per person, each entry saying whose value it is (rule names are not
    // assumed: every Person variable is checked).
    const personVariables = new Set(trace.filter((e) => e.entity === 'Person').map((e) => e.variable));
    expect(personVariables.size).toBeGreaterThan(0);
    for (const variable of personVariables) {
      expect(trace.filter((e) => e.variable === variable).map((e) => e.entity_id).sort(), variable).toEqual(['ann', 'child_1', 'grandpa']);
    }
    // grandpa (70) is elderly under 7 U.S.C. 2012(j) and the others are not: some person variable tells them apart.
    const valueOf = (variable: string, id: string) => trace.find((e) => e.variable === variable && e.entity_id === id)?.value;
    expect([...personVariables].some((v) => valueOf(v, 'grandpa') !== valueOf(v, 'child_1') && valueOf(v, 'ann') === valueOf(v, 'child_1'))).toBe(true);
    // A rule is defined on one entity kind: every entry of a variable names the same kind.
    const kinds = new Map<string, Set<string>>();
    for (const e of trace) kinds.set(e.variable, (kinds.get(e.variable) ?? new Set()).add(e.entity));
    for (const [variable, set] of kinds) expect([...set], variable).toHaveLength(1);
    expect(trace.find((e) => e.variable === 'snap_allotment')).toMatchObject({ entity: 'Household', entity_id: 'household' });
  });

  it('on the fast path: the same entries, entity and id included', () => {
    const fast = fastEvaluator!;
    const paths: unknown[] = [];
    const recording: typeof fast = (pkg, request) => {
      const result = fast(pkg, request);
      paths.push((result as { path?: string }).path);
      return result;
    };
    expect(traceOn({ explain: explainEvaluator, fast: recording })).toEqual(traceOn({ explain: explainEvaluator }));
    // The kernel carried this household itself: the comparison is not explain against explain.
    expect(paths).toEqual(['fast']);
  });
});
