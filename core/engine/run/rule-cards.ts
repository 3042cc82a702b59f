/**
 * The rule cards of one package (core/ports/calculator.ts TraceRuleCard): what every answer writes alike for a
 * traced rule, as JSON bytes, one per derived rule, for the entity kind the rule declares, made together when the
 * package first answers (answer-trace.ts; settling the samples at start makes none). The answer trace (answer-trace.ts) hands the card of each entry to the writer beside the entry, so the
 * writer's speed depends on no object identity of its own keeping.
 */
import { TRACE_CARDS, type TraceRuleCard } from '../../ports/calculator.js';
import type { CompiledProgram } from '../compile/types.js';

const UTF8 = new TextEncoder();

/** A rule's card text: its head and tail, as the JSON.stringify text of a trace entry writes them. */
function cardText(ruleId: string, variable: string, entity: string, sources: readonly string[]): { head: string; tail: string } {
  return {
    head: `{"rule_id":${JSON.stringify(ruleId)},"variable":${JSON.stringify(variable)},"entity":${JSON.stringify(entity)},"entity_id":`,
    tail: `,"sources":${JSON.stringify(sources)}}`,
  };
}

function frozenCard(ruleId: string, variable: string, entity: string, sources: readonly string[], head: Uint8Array, tail: Uint8Array): TraceRuleCard {
  return Object.freeze({ rule_id: ruleId, variable, entity, sources: Object.isFrozen(sources) ? sources : Object.freeze([...sources]), head, tail });
}

/**
 * One rule's card: its head and tail as the JSON.stringify text of a trace entry, in UTF-8. The card stands for a
 * frozen sources array only (a compiled rule's is), so its bytes cannot go stale: given another, it keeps a frozen
 * copy, which no entry carries, and such entries are written field by field.
 */
export function ruleCard(ruleId: string, variable: string, entity: string, sources: readonly string[]): TraceRuleCard {
  const text = cardText(ruleId, variable, entity, sources);
  return frozenCard(ruleId, variable, entity, sources, UTF8.encode(text.head), UTF8.encode(text.tail));
}

/**
 * The cards of many rules with their bytes in one buffer (views into it): a package's few hundred cards cost one
 * ArrayBuffer, not two each. Every ArrayBuffer is tracked by the garbage collector on its own, and the bundled
 * packages' cards made one apiece were about 140,000 of them (measured on 2026-11-28: 51 MB with their backing).
 */
function slabCards(rules: ReadonlyArray<{ ruleId: string; variable: string; entity: string; sources: readonly string[] }>): TraceRuleCard[] {
  const texts = rules.map((r) => cardText(r.ruleId, r.variable, r.entity, r.sources));
  let size = 0;
  for (const t of texts) size += utf8Length(t.head) + utf8Length(t.tail);
  const slab = new Uint8Array(size);
  let at = 0;
  const view = (text: string): Uint8Array => {
    const { written } = UTF8.encodeInto(text, slab.subarray(at));
    const bytes = slab.subarray(at, at + written);
    at += written;
    return bytes;
  };
  return rules.map((r, i) => frozenCard(r.ruleId, r.variable, r.entity, r.sources, view(texts[i].head), view(texts[i].tail)));
}

/** The length of a string in UTF-8 (a lone surrogate counts as the 3 bytes of the replacement character encodeInto writes). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

export class RuleCards {
  /** The card of each derived rule, by rule id. */
  readonly #byRule = new Map<string, TraceRuleCard>();
  /** Cards for a rule traced on another kind of entity than it declares (never expected), by id and kind. */
  readonly #others = new Map<string, TraceRuleCard>();

  /** `unitKind`: the kind of a rule that declares no entity (the package's unit). */
  constructor(program: CompiledProgram, unitKind: string) {
    const rules = [...program.derived.values()].map((rule) => ({ ruleId: rule.id, variable: rule.name, entity: rule.rule.entity ?? unitKind, sources: rule.sources }));
    for (const card of slabCards(rules)) this.#byRule.set(card.rule_id, card);
  }

  /** The card of an entry of rule `ruleId` named `variable` on an entity of `kind`, carrying `sources`. */
  card(ruleId: string, variable: string, kind: string, sources: readonly string[]): TraceRuleCard {
    const card = this.#byRule.get(ruleId);
    if (card !== undefined && card.entity === kind && card.variable === variable && card.sources === sources) return card;
    const key = `${ruleId}\u0000${kind}`;
    let other = this.#others.get(key);
    if (other === undefined || other.variable !== variable || other.sources !== sources) this.#others.set(key, (other = ruleCard(ruleId, variable, kind, sources)));
    return other;
  }
}

/** Gives a trace its cards (one per entry, same index) as a property the trace's JSON and copies leave out. */
export function withRuleCards<T extends object>(trace: T, cards: readonly TraceRuleCard[]): T {
  return Object.defineProperty(trace, TRACE_CARDS, { value: cards });
}
