/**
 * The engine's trace reaches the API's shape in one conversion (core/engine/run/answer-trace.ts): every answer's
 * entry has exactly the documented fields, judgments as JSON booleans, and a rule's `sources` is the compiled rule's
 * one frozen array on both paths and in every answer; beside the entries, each entry's rule card (made when the
 * package was compiled) holds the JSON of its rule id, variable, entity kind and sources, which the HTTP writer
 * (adapters/http-h3/calculation-json.ts) copies instead of serialising them.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import { TRACE_CARDS, type CalculationTrace } from '../../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { CompiledPackage, explainEvaluator } from '../../../../core/engine/run/compiled-package.js';
import { fastEvaluator } from '../../../../core/engine/run/fast-path.js';

const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));
let loaded: CompiledPackage;
beforeAll(async () => {
  loaded = (await CompiledRuntime.load([rulesRoot])).find('snap', 'us-co') as CompiledPackage;
});

const household = { period: '2026-01', people: { ann: { age: 34, earned_income: 1500 }, bob: { age: 36, earned_income: 400 }, child_1: { age: 4 } } };

function traceOn(pkg: CompiledPackage, facts: Record<string, unknown> = household): CalculationTrace {
  return pkg.execute(mapHousehold(indexShape(pkg.shape), facts), pkg.default_outputs).trace;
}

/** Whether each entry's card stands for its rule id, variable, entity kind and very sources array. */
function cardsDescribe(trace: CalculationTrace): boolean {
  const cards = trace[TRACE_CARDS]!;
  return cards.length === trace.length && trace.every((e, i) => cards[i].rule_id === e.rule_id && cards[i].variable === e.variable && cards[i].entity === e.entity && cards[i].sources === e.sources);
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

  it('carry, on both paths, the card of each entry: the same card for a rule in every answer, and its JSON the entry\'s', () => {
    const explain = new CompiledPackage(loaded.runtime_id, loaded.pkg, { explain: explainEvaluator });
    const fast = new CompiledPackage(loaded.runtime_id, loaded.pkg, { explain: explainEvaluator, fast: fastEvaluator! });
    const [first, again, fromFast] = [traceOn(fast), traceOn(fast), traceOn(explain)];
    const cards = first[TRACE_CARDS]!;
    expect(cards).toHaveLength(first.length);
    const text = new TextDecoder();
    for (let i = 0; i < first.length; i++) {
      const { entity_id, value, ...rule } = first[i];
      expect({ rule_id: cards[i].rule_id, variable: cards[i].variable, entity: cards[i].entity }).toEqual({ rule_id: rule.rule_id, variable: rule.variable, entity: rule.entity });
      expect(cards[i].sources).toBe(rule.sources);
      // head + the entity id and value + tail is JSON.stringify's text of the entry.
      expect(`${text.decode(cards[i].head)}${JSON.stringify(entity_id)},"value":${JSON.stringify(value)}${text.decode(cards[i].tail)}`).toBe(JSON.stringify(first[i]));
      expect(again[TRACE_CARDS]![i]).toBe(cards[i]);
    }
    // The explain path's package made its own cards (one package, one set), describing the same entries.
    expect(fromFast[TRACE_CARDS]!.map((c) => c.rule_id)).toEqual(cards.map((c) => c.rule_id));
    // JSON and copies leave the cards out.
    expect(JSON.parse(JSON.stringify(first))).toEqual([...first]);
    expect([...first][TRACE_CARDS as never]).toBeUndefined();
  });

  it('hands an answer with the last answer\'s rules in the same order the same frozen cards, and any other answer cards of its own', () => {
    const fast = new CompiledPackage(loaded.runtime_id, loaded.pkg, { explain: explainEvaluator, fast: fastEvaluator! });
    const alone = { period: '2026-01', people: { ann: { age: 70, unearned_income: 900, is_disabled: true } } };
    const [first, again, other, back] = [traceOn(fast), traceOn(fast), traceOn(fast, alone), traceOn(fast)];
    expect(other.map((e) => e.rule_id)).not.toEqual(first.map((e) => e.rule_id));
    expect(again[TRACE_CARDS]).toBe(first[TRACE_CARDS]);
    expect(Object.isFrozen(first[TRACE_CARDS])).toBe(true);
    for (const trace of [first, other, back]) expect(cardsDescribe(trace)).toBe(true);
    // A rule's card is one object in every answer naming the rule.
    const byRule = new Map(first.map((e, i) => [e.rule_id, first[TRACE_CARDS]![i]]));
    const shared = other.flatMap((e, i) => (byRule.get(e.rule_id)?.entity === e.entity ? [i] : []));
    expect(shared.length).toBeGreaterThan(0);
    for (const i of shared) expect(other[TRACE_CARDS]![i]).toBe(byRule.get(other[i].rule_id));
  });
});
