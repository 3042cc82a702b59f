/**
 * The one conversion of an engine trace into the API's trace entries (docs/calculation.md "Trace"): the engine's
 * entries already carry the rule id, variable, entity id, JSON value and the rule's shared sources array; this
 * adds only what the runtime knows: the entity's kind (from the mapped household), judgments as JSON booleans, and
 * on a package with parameter overrides the overridden reads.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import type { CalculationTrace, CalculationTraceEntry, OverriddenRead, TraceRuleCard } from '../../ports/calculator.js';
import type { RuntimePackage, TraceEntry as EngineTrace } from '../index.js';
import { overriddenReads } from './parameter-overrides.js';
import { RuleCards, withRuleCards } from './rule-cards.js';

/** Judgments travel as JSON booleans (`holds` -> true, `not_holds` -> false, `undetermined` -> null). */
export function judgmentValue(value: string | number | boolean): JsonValue {
  if (value === 'holds') return true;
  if (value === 'not_holds') return false;
  if (value === 'undetermined') return null;
  return value;
}

/** Converts engine values and trace entries of one package into the API's forms. */
export class AnswerTrace {
  /** Whether each derived rule is a judgment (its values travel as JSON booleans), by rule name. */
  private readonly judgments = new Map<string, boolean>();
  /**
   * The JSON pieces of each rule's entries (rule-cards.ts), made when the package first answers: a service that
   * loads every bundled package and answers with a few does not keep the cards of the others.
   */
  #cards: RuleCards | undefined;
  /**
   * The cards handed with the last answer (frozen): an answer whose entries are the same rules on the same kinds of
   * entity, in the same order (the common case: the same household shape again), is handed the same array, which
   * costs no card lookup and no new array.
   */
  #lastCards: readonly TraceRuleCard[] = Object.freeze([]);

  constructor(
    private readonly pkg: RuntimePackage,
    /** The unit's entity kind: the fallback for an id the household does not name (never expected). */
    private readonly unitKind: string,
    /** Ids of the overridden parameters (empty for a published package), and which of them are tables. */
    private readonly overriddenIds: ReadonlySet<string>,
    private readonly overriddenTables: ReadonlySet<string>,
  ) {}

  isJudgment(name: string): boolean {
    let judgment = this.judgments.get(name);
    if (judgment === undefined) {
      judgment = this.pkg.program.derived.get(name)?.position === 'judgment';
      this.judgments.set(name, judgment);
    }
    return judgment;
  }

  /** An output's or entry's value as the API gives it; only a string can be a judgment, so others skip the lookup. */
  value(name: string, value: string | number | boolean): JsonValue {
    return typeof value === 'string' && this.isJudgment(name) ? judgmentValue(value) : value;
  }

  /**
   * The API's entries, one object each, with the card of each entry's rule (TraceRuleCard) beside it; `kinds` maps
   * the household's entity ids to their kinds.
   */
  entries(trace: readonly EngineTrace[], kinds: Readonly<Record<string, string>>): CalculationTrace {
    const out: CalculationTraceEntry[] = new Array(trace.length);
    const last = this.#lastCards;
    // The cards of this answer when they differ from the last answer's (undefined while every entry matched).
    let made: TraceRuleCard[] | undefined = last.length === trace.length ? undefined : [];
    const withOverrides = this.overriddenIds.size > 0;
    // Runs of entries share an entity: its kind is at hand without a lookup.
    let entity: string | undefined;
    let kind = this.unitKind;
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (entry.entity !== entity) {
        entity = entry.entity;
        kind = (Object.hasOwn(kinds, entity) ? kinds[entity] : undefined) ?? this.unitKind;
      }
      const traced: CalculationTraceEntry = {
        rule_id: entry.ruleId,
        variable: entry.name,
        entity: kind,
        entity_id: entry.entity,
        value: this.value(entry.name, entry.value),
        // The compiled rule's frozen array, shared by every answer naming the rule, and the one its card stands for.
        sources: entry.sources as string[],
      };
      if (made === undefined) {
        const card = last[i];
        if (card.rule_id !== entry.ruleId || card.variable !== entry.name || card.entity !== kind || card.sources !== entry.sources) {
          made = last.slice(0, i);
          made.push(this.card(entry, kind));
        }
      } else made.push(this.card(entry, kind));
      if (withOverrides) {
        const reads: OverriddenRead[] | undefined = overriddenReads(entry.parameters, this.overriddenIds, this.overriddenTables);
        if (reads) traced.overridden_parameters = reads;
      }
      out[i] = traced;
    }
    if (made !== undefined) this.#lastCards = Object.freeze(made);
    return withRuleCards(out, this.#lastCards);
  }

  private card(entry: EngineTrace, kind: string): TraceRuleCard {
    this.#cards ??= new RuleCards(this.pkg.program, this.unitKind);
    return this.#cards.card(entry.ruleId, entry.name, kind, entry.sources);
  }
}
