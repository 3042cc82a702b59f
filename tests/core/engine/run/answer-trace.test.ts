/**
 * The engine's trace reaches the API's shape in one conversion (core/engine/run/answer-trace.ts): every answer's
 * entry has exactly the documented fields, judgments as JSON booleans, and a rule's `sources` is the compiled rule's
 * one frozen array on both paths and in every answer (the JSON writer, adapters/http-h3/calculation-json.ts, keys
 * its cached text by that array).
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

const household = { period: '2026-01', people: { ann: { age: 34, earned_income: 1500 }, bob: { age: 36, earned_income: 400 }, child_1: { age: 4 } } };

function traceOn(pkg: CompiledPackage): CalculationTraceEntry[] {
  return pkg.execute(mapHousehold(indexShape(pkg.shape), household), pkg.default_outputs).trace;
}

describe('answer trace entries', () => {
  it('have the API fields only, judgments as booleans, and share each rule’s frozen sources array across paths and answers', () => {
    const explain = new CompiledPackage(loaded.runtime_id, loaded.pkg, { explain: explainEvaluator });
    const fast = new CompiledPackage(loaded.runtime_id, loaded.pkg, { explain: explainEvaluator, fast: fastEvaluator! });
    const first = traceOn(explain);
    const [again, fromFast] = [traceOn(explain), traceOn(fast)];
    expect(fromFast).toEqual(first);
    for (const entry of first) expect(Object.keys(entry)).toEqual(['rule_id', 'variable', 'entity', 'entity_id', 'value', 'sources']);
    // snap_eligible is a judgment: the engine's `holds`/`not_holds` travels as a JSON boolean.
    expect(typeof first.find((e) => e.variable === 'snap_eligible')?.value).toBe('boolean');
    for (let i = 0; i < first.length; i++) {
      expect(Object.isFrozen(first[i].sources)).toBe(true);
      expect(first[i].sources.length).toBeGreaterThan(0);
      expect(again[i].sources).toBe(first[i].sources);
      expect(fromFast[i].sources).toBe(first[i].sources);
    }
  });
});
