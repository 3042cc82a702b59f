/**
 * The rule cards of one package (core/ports/calculator.ts TraceRuleCard): what every answer writes alike for a
 * traced rule, as JSON bytes, made when the package is compiled, one per derived rule, for the entity kind the rule
 * declares. The answer trace (answer-trace.ts) hands the card of each entry to the writer beside the entry, so the
 * writer's speed depends on no object identity of its own keeping.
 */
import { TRACE_CARDS, type TraceRuleCard } from '../../ports/calculator.js';
import type { CompiledProgram } from '../compile/types.js';

const UTF8 = new TextEncoder();

/**
 * One rule's card: its head and tail as the JSON.stringify text of a trace entry, in UTF-8. The card stands for a
 * frozen sources array only (a compiled rule's is), so its bytes cannot go stale: given another, it keeps a frozen
 * copy, which no entry carries, and such entries are written field by field.
 */
export function ruleCard(ruleId: string, variable: string, entity: string, sources: readonly string[]): TraceRuleCard {
  return Object.freeze({
    rule_id: ruleId,
    variable,
    entity,
    sources: Object.isFrozen(sources) ? sources : Object.freeze([...sources]),
    head: UTF8.encode(`{"rule_id":${JSON.stringify(ruleId)},"variable":${JSON.stringify(variable)},"entity":${JSON.stringify(entity)},"entity_id":`),
    tail: UTF8.encode(`,"sources":${JSON.stringify(sources)}}`),
  });
}

export class RuleCards {
  /** The card of each derived rule, by rule id. */
  readonly #byRule = new Map<string, TraceRuleCard>();
  /** Cards for a rule traced on another kind of entity than it declares (never expected), by id and kind. */
  readonly #others = new Map<string, TraceRuleCard>();

  /** `unitKind`: the kind of a rule that declares no entity (the package's unit). */
  constructor(program: CompiledProgram, unitKind: string) {
    for (const rule of program.derived.values()) this.#byRule.set(rule.id, ruleCard(rule.id, rule.name, rule.rule.entity ?? unitKind, rule.sources));
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
