/**
 * A package's rule cards (core/engine/run/rule-cards.ts) keep their bytes in one buffer per package: each card's
 * head and tail must be exactly the UTF-8 of the trace entry's JSON text, whatever characters the rule's name and
 * sources hold, and must not overlap another card's bytes.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledProgram } from '../../../../core/engine/compile/types.js';
import { RuleCards, ruleCard } from '../../../../core/engine/run/rule-cards.js';

interface Rule {
  id: string;
  name: string;
  entity?: string;
  /** Frozen, as a compiled rule's sources are: a card stands for that very array. */
  sources: readonly string[];
}

const rules: Rule[] = [
  { id: 'us:statutes/7/2014#snap_gross_income', name: 'snap_gross_income', sources: ['7 U.S.C. 2014(d)', 'https://www.law.cornell.edu/uscode/text/7/2014'] },
  { id: 'us-pr:policies/familia#pan_elegible', name: 'pan_elegible', entity: 'Person', sources: ['Reglamento § 4.1 — «Elegibilidad»', 'Año fiscal 2026'] },
  { id: 'us:rules#emoji', name: 'emoji_rule', sources: ['a 🏠 household', 'lone \ud800 surrogate'] },
].map((r) => ({ ...r, sources: Object.freeze(r.sources) }));

/** Just the part of a compiled program RuleCards reads: each derived rule's id, name, entity and sources. */
const program = { derived: new Map(rules.map((r) => [r.name, { id: r.id, name: r.name, rule: { entity: r.entity }, sources: r.sources }])) } as unknown as CompiledProgram;
const cards = new RuleCards(program, 'Household');
const cardOf = (rule: Rule) => cards.card(rule.id, rule.name, rule.entity ?? 'Household', rule.sources);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('RuleCards', () => {
  it.each(rules)('$name: head and tail are the bytes of a card made on its own', (rule) => {
    const entity = rule.entity ?? 'Household';
    const card = cardOf(rule);
    const alone = ruleCard(rule.id, rule.name, entity, rule.sources);
    expect([...card.head]).toEqual([...alone.head]);
    expect([...card.tail]).toEqual([...alone.tail]);
    // What a writer makes of the card and an entity id and value is the entry's JSON.
    const written = `${text(card.head)}"household","value":1${text(card.tail)}`;
    expect(written).toBe(JSON.stringify({ rule_id: rule.id, variable: rule.name, entity, entity_id: 'household', value: 1, sources: rule.sources }));
  });

  it("keeps a package's cards in one buffer, none overlapping another", () => {
    const all = rules.map(cardOf);
    expect(new Set(all.flatMap((c) => [c.head.buffer, c.tail.buffer])).size).toBe(1);
    const spans = all.flatMap((c) => [c.head, c.tail].map((b) => [b.byteOffset, b.byteOffset + b.byteLength] as const)).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
    expect(spans.at(-1)![1]).toBe(all[0].head.buffer.byteLength);
  });

  it('gives a card of its own to an entry on another entity kind than the rule declares', () => {
    const rule = rules[0];
    const other = cards.card(rule.id, rule.name, 'Person', rule.sources);
    expect(text(other.head)).toContain('"entity":"Person"');
    expect(other).not.toBe(cardOf(rule));
  });
});
