/**
 * JSON of calculation results: the exact text JSON.stringify gives (for plain JSON data, as results are), written
 * faster and as UTF-8 bytes. Most of a result is its trace, and a trace entry's rule_id, variable, entity kind and
 * sources are the same in every result that names the rule: the runtime hands their bytes beside the trace, one
 * rule card per entry (TraceRuleCard, made once per package), so per result only values and entity ids
 * (which come from the household) are serialised. (The 56 KB us-ak SNAP sample result: see docs/benchmarks.md,
 * "HTTP calculation".)
 */
import { TRACE_CARDS, type BatchEntryResult, type CalculateResponse, type CalculationTrace, type CalculationTraceEntry, type TraceRuleCard } from '../../core/ports/calculator.js';
import type { BatchResponse } from '../../core/usecases/calculate/calculate.js';
import { ByteSink } from './byte-sink.js';
import { JsonBytes } from './envelope.js';

/**
 * One app's writer of calculation answers (answers are written one at a time into its ByteSink). It keeps, weakly,
 * the bytes between each pair of cards that followed one another (a tail, a comma, the next head), so a run of
 * entries is one copy each.
 */
export class CalculationJson {
  readonly #sink = new ByteSink();
  /** For each card, the joints to the cards that have followed it; weak, so cards of packages let go of go too. */
  readonly #joints = new WeakMap<TraceRuleCard, WeakMap<TraceRuleCard, Uint8Array>>();
  /**
   * For each cards array a runtime handed (frozen, and handed again with every answer of the same rules in the same
   * order: core/engine/run/answer-trace.ts), the joint before each of its entries: one lookup per answer, not two per
   * entry. Weak, so arrays no runtime hands any longer go.
   */
  readonly #jointsByCards = new WeakMap<readonly TraceRuleCard[], Array<Uint8Array | undefined>>();
  /** The JSON bytes of each frozen assumption (shared by every answer relying on that default; household/assumptions.ts). */
  readonly #assumptions = new WeakMap<object, Uint8Array>();
  #slowEntries = 0;

  /**
   * Trace entries and assumptions this writer could not write from the runtime's pieces (an entry without a card
   * describing it, an assumption not frozen) and wrote whole with JSON.stringify: the same text, slower. No
   * calculate answer should add to it (tested).
   */
  get slowEntries(): number {
    return this.#slowEntries;
  }

  response(response: CalculateResponse): JsonBytes {
    return new JsonBytes(this.#sink, (sink) => this.#withTrace(sink, response));
  }

  batch(batch: BatchResponse): JsonBytes {
    return new JsonBytes(this.#sink, (sink) => {
      sink.text(`{"summary":${JSON.stringify(batch.summary)},"results":[`);
      batch.results.forEach((entry: BatchEntryResult, i) => {
        if (i > 0) sink.ascii(',');
        if (entry.status !== 'ok') return sink.text(JSON.stringify(entry));
        sink.ascii('{"status":"ok","result":');
        this.#withTrace(sink, entry.result);
        sink.ascii('}');
      });
      sink.ascii(']}');
    });
  }

  /** The trace's JSON text (the bytes every answer writes, as text). */
  trace(trace: CalculationTrace): string {
    return new JsonBytes(this.#sink, (sink) => this.#trace(sink, trace)).json;
  }

  #trace(sink: ByteSink, trace: CalculationTrace): void {
    if (trace.length === 0) return sink.ascii('[]');
    const cards = trace[TRACE_CARDS];
    const joints = cards === undefined ? [] : this.#jointsOf(cards);
    // Entity ids come from the household, so their bytes are kept for this answer only.
    const ids = new Map<string, Uint8Array>();
    // Runs of entries share an entity: the last id's bytes are at hand without a lookup.
    let lastId: string | undefined;
    let idBytes: Uint8Array | undefined;
    /** The card of the entry before, whose tail is still to be written (null: nothing pending). */
    let pending: TraceRuleCard | null = null;
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      const card = cards?.[i];
      if (card === undefined || !describes(card, entry)) {
        this.#slowEntries += 1;
        this.#close(sink, pending, i);
        // As JSON.stringify writes an array element it cannot represent (a hole, undefined).
        sink.text(JSON.stringify(entry) ?? 'null');
        pending = null;
        continue;
      }
      // pending is the card of the entry before (cards[i - 1]), so the joint kept at i is the one between them.
      if (pending !== null) sink.bytes((joints[i] ??= this.#joint(pending, card)));
      else {
        sink.ascii(i === 0 ? '[' : ',');
        sink.bytes(card.head);
      }
      if (entry.entity_id !== lastId || idBytes === undefined) {
        lastId = entry.entity_id;
        idBytes = ids.get(lastId);
        if (idBytes === undefined) ids.set(lastId, (idBytes = Buffer.from(`${JSON.stringify(lastId)},"value":`, 'utf8')));
      }
      sink.bytes(idBytes);
      writeValue(sink, entry.value);
      pending = card;
    }
    if (pending !== null) sink.bytes(pending.tail);
    sink.ascii(']');
  }

  /** Before an entry written whole or from its head: the pending tail and a comma, or the opening bracket. */
  #close(sink: ByteSink, pending: TraceRuleCard | null, i: number): void {
    if (pending !== null) sink.bytes(pending.tail);
    sink.ascii(i === 0 ? '[' : ',');
  }

  /** An object's JSON with `trace` written by #trace(); other own fields, in their order, by JSON.stringify. */
  #withTrace(sink: ByteSink, value: object): void {
    let first = true;
    sink.ascii('{');
    for (const key of Object.keys(value)) {
      const field = (value as Record<string, unknown>)[key];
      const isTrace = key === 'trace' && Array.isArray(field);
      const isAssumptions = key === 'assumptions' && Array.isArray(field);
      // A field JSON.stringify leaves out (undefined, a function, a toJSON giving undefined) is left out here too.
      const text = isTrace || isAssumptions ? '' : JSON.stringify(field);
      if (text === undefined) continue;
      sink.text(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      if (isTrace) this.#trace(sink, field as CalculationTraceEntry[]);
      else if (isAssumptions) this.#list(sink, field as unknown[]);
      else sink.text(text);
    }
    sink.ascii('}');
  }

  /** An array's JSON, each frozen object element from the bytes kept for it (made on its first answer). */
  #list(sink: ByteSink, list: readonly unknown[]): void {
    sink.ascii('[');
    for (let i = 0; i < list.length; i++) {
      if (i > 0) sink.ascii(',');
      const element = list[i];
      if (element === null || typeof element !== 'object' || !Object.isFrozen(element)) {
        this.#slowEntries += 1;
        // As JSON.stringify writes an array element it cannot represent (a hole, undefined, a function).
        sink.text(JSON.stringify(element) ?? 'null');
        continue;
      }
      let bytes = this.#assumptions.get(element);
      if (bytes === undefined) this.#assumptions.set(element, (bytes = Buffer.from(JSON.stringify(element), 'utf8')));
      sink.bytes(bytes);
    }
    sink.ascii(']');
  }

  #jointsOf(cards: readonly TraceRuleCard[]): Array<Uint8Array | undefined> {
    let joints = this.#jointsByCards.get(cards);
    if (joints === undefined) {
      joints = [];
      // Only a frozen array is handed again unchanged; another gets a list of its own each time.
      if (Object.isFrozen(cards)) this.#jointsByCards.set(cards, joints);
    }
    return joints;
  }

  /** The bytes between an entry's value and the next entry's entity id: the tail before, a comma, the next head. */
  #joint(before: TraceRuleCard, card: TraceRuleCard): Uint8Array {
    let after = this.#joints.get(before);
    if (after === undefined) this.#joints.set(before, (after = new WeakMap()));
    let joint = after.get(card);
    if (joint === undefined) after.set(card, (joint = Buffer.concat([before.tail, COMMA, card.head])));
    return joint;
  }
}

const COMMA = Buffer.from(',');

function writeValue(sink: ByteSink, value: unknown): void {
  switch (typeof value) {
    case 'number':
      return sink.ascii(Number.isFinite(value) ? String(value) : 'null');
    case 'boolean':
      return sink.ascii(value ? 'true' : 'false');
    default:
      return sink.text(JSON.stringify(value));
  }
}

const ENTRY_KEYS = ['rule_id', 'variable', 'entity', 'entity_id', 'value', 'sources'];

/** Whether the card stands for the entry's fields and the entry has exactly those fields, in order, and a plain value. */
function describes(card: TraceRuleCard, entry: CalculationTraceEntry): boolean {
  return isPlainEntry(entry) && card.rule_id === entry.rule_id && card.variable === entry.variable && card.entity === entry.entity && card.sources === entry.sources;
}

function isPlainEntry(entry: CalculationTraceEntry): boolean {
  if (entry === null || typeof entry !== 'object') return false;
  let i = 0;
  for (const key in entry) {
    if (key !== ENTRY_KEYS[i]) return false;
    i += 1;
  }
  const value = entry.value;
  return (
    i === ENTRY_KEYS.length &&
    // Values written in place (others, arrays and objects included, go through JSON.stringify whole).
    (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') &&
    typeof entry.rule_id === 'string' &&
    typeof entry.variable === 'string' &&
    typeof entry.entity === 'string' &&
    typeof entry.entity_id === 'string' &&
    Array.isArray(entry.sources)
  );
}
