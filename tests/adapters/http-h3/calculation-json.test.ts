import { describe, expect, it } from 'vitest';
import { TRACE_CARDS, type CalculateResponse, type CalculationTrace, type CalculationTraceEntry, type TraceRuleCard } from '../../../core/ports/calculator.js';
import { CalculationJson } from '../../../adapters/http-h3/calculation-json.js';
import { ruleCard, withRuleCards } from '../../../core/engine/run/rule-cards.js';
import { JsonText, meta, successEnvelope } from '../../../adapters/http-h3/envelope.js';

const sources = Object.freeze(['7 CFR 273.9(d)(1)', 'https://www.law.cornell.edu/cfr/text/7/273.9', 'us/regulation/7-cfr/273.9']) as string[];

function entry(value: unknown, extra: Partial<CalculationTraceEntry> = {}): CalculationTraceEntry {
  return {
    rule_id: 'us:regulations/7-cfr/273/9/d#snap_standard_deduction',
    variable: 'snap_standard_deduction',
    entity: 'Household',
    entity_id: 'household',
    value: value as CalculationTraceEntry['value'],
    sources,
    ...extra,
  };
}

/** The cards of a package: one per rule, entity kind and sources array, made once (as a compiled package's are). */
const packageCards = new Map<string, TraceRuleCard>();

/** The trace with the card of each entry beside it, as a runtime answers it. */
function carded(trace: CalculationTraceEntry[]): CalculationTrace {
  const cards = trace.map((e) => {
    const key = JSON.stringify([e?.rule_id, e?.variable, e?.entity, e?.sources]);
    let card = packageCards.get(key);
    if (card === undefined) packageCards.set(key, (card = ruleCard(e?.rule_id, e?.variable, e?.entity, e?.sources ?? [])));
    return card;
  });
  return withRuleCards(trace, cards);
}

/** Entries the writer wrote field by field during `write`. */
function slowDuring(write: () => void): number {
  const before = json.slowEntries;
  write();
  return json.slowEntries - before;
}

function response(trace: CalculationTraceEntry[]): CalculateResponse {
  return {
    engine: 'tenet-rulespec',
    runtime: { id: 'rulespec-compiled:rules@test', mode: 'compiled' },
    program_id: 'snap',
    jurisdiction: 'us-ak',
    package_digest: 'sha256:00',
    period: '2026-01',
    outputs: { snap_allotment: 913, snap_eligible: true },
    trace: carded(trace),
    warnings: ['Calculation is experimental.'],
    assumptions: [{ input: 'citizenship_status', entity: 'Person', entity_id: 'ann', assumed_value: 'citizen', message: 'Person ann: citizenship_status not given.' }],
  };
}

/** One app's writer; its cached pieces are what the repeated calls below exercise. */
const json = new CalculationJson();

describe('calculation JSON text', () => {
  it('is exactly JSON.stringify of the result, for every kind of trace value', () => {
    const values: unknown[] = [0, -0, 358, 12.5, 1e21, -3.25, true, false, null, 'heating_cooling', 'quote " backslash \\ newline \n é 😀', '2026-01-31', [1, 'a'], { nested: { x: 1 } }];
    const trace = values.map((value) => entry(value));
    const result = response(trace);
    // Written whole: the two entries whose values are an array and an object, and the one assumption (not frozen);
    // the 12 other entries from their card: 2 + 1 = 3.
    expect(slowDuring(() => expect(json.response(result).json).toBe(JSON.stringify(result)))).toBe(3);
    // Twice: the second time the joints between cards are kept.
    expect(json.response(result).json).toBe(JSON.stringify(result));
    expect(json.trace(carded([]))).toBe('[]');
  });

  it('names the entity of each entry, with ids a household chose, as JSON.stringify does', () => {
    const people = ['child_1', 'ann', 'quote " id', 'é 😀', 'child_1'].map((id) => entry(true, { variable: 'snap_person_has_earned_income', entity: 'Person', entity_id: id }));
    const trace = carded([entry(358), ...people, entry(0, { entity: 'Person', entity_id: 'ann' }), entry(1, { entity: 'Household', entity_id: 'household' })]);
    expect(slowDuring(() => expect(json.trace(trace)).toBe(JSON.stringify(trace)))).toBe(0);
    // The same rule and variable on another entity kind is not written with the cached kind.
    expect(json.trace(trace)).toBe(JSON.stringify(trace));
    expect(JSON.parse(json.trace(trace))[1]).toEqual({ ...people[0] });
  });

  it('writes entries without a card, or that their card does not describe, field by field, as JSON.stringify does', () => {
    const plain = [entry(1), entry(2)];
    expect(slowDuring(() => expect(json.trace(plain)).toBe(JSON.stringify(plain)))).toBe(2);
    // A card of another rule, and a card of the rule on another entity kind.
    const person = entry(2, { entity: 'Person', entity_id: 'ann' });
    const misCarded = withRuleCards([entry(1), person], [ruleCard('r#other', 'other', 'Household', sources), ruleCard(person.rule_id, person.variable, 'Household', sources)]);
    expect(slowDuring(() => expect(json.trace(misCarded)).toBe(JSON.stringify(misCarded)))).toBe(2);
    // A copy of a trace keeps no cards.
    const copied = [...carded([entry(1)])];
    expect(slowDuring(() => expect(json.trace(copied)).toBe(JSON.stringify(copied)))).toBe(1);
  });

  it('serialises entries no card can describe as JSON.stringify does', () => {
    const odd: CalculationTraceEntry[] = [
      entry(Number.NaN),
      entry(Number.POSITIVE_INFINITY),
      entry(undefined),
      { variable: 'reordered', rule_id: 'r#reordered', entity: 'Household', entity_id: 'household', value: 1, sources: ['x'] },
      { rule_id: 'r#no_entity', variable: 'no_entity', value: 1, sources: ['x'] } as unknown as CalculationTraceEntry,
      { ...entry(1), extra: 'kept' } as CalculationTraceEntry,
      entry(2, { sources: ['a mutable array', 'is not cached'] }),
    ];
    expect(json.trace(carded(odd))).toBe(JSON.stringify(odd));
    // A card stands for a frozen sources array only, so a card made over a mutable one describes no entry.
    const mutable = ['first'];
    const changing = carded([entry(3, { sources: mutable })]);
    expect(json.trace(changing)).toBe(JSON.stringify(changing));
    mutable.push('second');
    expect(slowDuring(() => expect(json.trace(changing)).toBe(JSON.stringify(changing)))).toBe(1);
  });

  it('writes the text between rules once per pair and still gives JSON.stringify\'s text in any order', () => {
    const other = Object.freeze(['7 CFR 273.10(e)']) as string[];
    const a = entry(1);
    const b = entry(2, { rule_id: 'r#b', variable: 'b', sources: other });
    const loose = entry(3, { sources: ['not frozen'] });
    for (const trace of [[a, b], [b, a], [a, b, a, b], [loose, a, b], [a, loose, b], [a, b, loose], [b], [loose]].map(carded)) {
      expect(json.trace(trace)).toBe(JSON.stringify(trace));
      expect(json.trace(trace)).toBe(JSON.stringify(trace));
    }
  });

  it('writes batches with ok and error entries as JSON.stringify does', () => {
    const batch = {
      summary: { total: 2, succeeded: 1, failed: 1 },
      results: [
        { status: 'ok' as const, result: response([entry(358), entry(true)]) },
        { status: 'error' as const, error: { code: 'invalid_household' as const, message: 'household.facts.x: not an input' } },
      ],
    };
    expect(json.batch(batch).json).toBe(JSON.stringify(batch));
  });

  it('writes assumptions as JSON.stringify does, a frozen one from bytes kept for it across answers', () => {
    const shared = Object.freeze({ input: 'is_disabled', entity: 'Person', entity_id: 'zoë', assumed_value: false, message: 'Person zoë: is_disabled not given, assumed false; "quoted" \\ é.' });
    const loose = { input: 'age', entity: 'Person', entity_id: 'bo', assumed_value: 30, message: 'Person bo: age not given.' };
    for (const assumptions of [[shared, loose], [loose, shared, shared], [], [shared, undefined, loose]]) {
      const result = { ...response([entry(1)]), assumptions } as CalculateResponse;
      expect(json.response(result).json).toBe(JSON.stringify(result));
    }
    // The kept bytes are of the object as it was first written; a frozen object cannot change after.
    expect(() => {
      (shared as { message: string }).message = 'changed';
    }).toThrow();
  });

  it('is spliced into the success envelope unchanged', () => {
    const result = response([entry(358)]);
    const m = meta('req-1', 'production');
    expect(successEnvelope(200, json.response(result), m).json).toBe(JSON.stringify({ status: 'ok', data: result, meta: m }));
    expect(successEnvelope(200, new JsonText('{"a":1}'), m).json).toBe(JSON.stringify({ status: 'ok', data: { a: 1 }, meta: m }));
  });

  it('leaves out and writes as null exactly what JSON.stringify does with values JSON cannot hold', () => {
    const odd = [entry(() => 1), entry(Symbol('s')), entry({ toJSON: () => undefined }), entry([1, undefined, () => 2])] as CalculationTraceEntry[];
    const withHole = [entry(1), undefined, entry(2)] as unknown as CalculationTraceEntry[];
    expect(json.trace(carded(odd))).toBe(JSON.stringify(odd));
    expect(json.trace(carded(withHole))).toBe(JSON.stringify(withHole));
    const result = { ...response([entry(1)]), extra: undefined, later: { toJSON: () => undefined }, fn: () => 1 } as unknown as CalculateResponse;
    expect(json.response(result).json).toBe(JSON.stringify(result));
  });

  it('writes the same text when one frozen cards array comes with answers whose entries its cards do not all describe', () => {
    const other = Object.freeze(['7 U.S.C. 2014(e)(1)']) as string[];
    const rules = [entry(198), entry(3, { rule_id: 'us:statutes/7/2014#snap_household_size', variable: 'snap_household_size', sources: other }), entry(true, { entity_id: 'ann', entity: 'Person' })];
    const cards = Object.freeze(carded(rules.map((e) => ({ ...e })))[TRACE_CARDS]!);
    const answers = [rules, [rules[0], { ...rules[1], value: { not: 'plain' } }, rules[2]], [rules[0], rules[1], { ...rules[2], entity: 'Household' }], rules];
    for (const trace of answers) {
      const handed = withRuleCards(trace.map((e) => ({ ...e })), cards);
      expect(json.trace(handed)).toBe(JSON.stringify(trace));
    }
  });
});

