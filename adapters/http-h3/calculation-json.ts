/**
 * JSON of calculation results: the exact text JSON.stringify gives (for plain JSON data, as results are), written
 * faster and as UTF-8 bytes. Most of a result is its trace, and a trace entry's rule_id, variable, entity kind and
 * sources are the same in every result that names the rule, so their bytes are made once and reused; per result
 * only values and entity ids (which come from the household and are never cached across results) are serialised.
 * (The 56 KB us-ak SNAP sample result: see docs/benchmarks.md, "HTTP calculation".)
 */
import type { BatchEntryResult, CalculateResponse, CalculationTraceEntry } from '../../core/ports/calculator.js';
import type { BatchResponse } from '../../core/usecases/calculate/calculate.js';
import { ByteSink } from './byte-sink.js';
import { JsonBytes } from './envelope.js';

/**
 * What every answer writes for one rule: its `{"rule_id":…,"variable":…,"entity":…,"entity_id":` head and its
 * `,"sources":[…]}` tail as bytes, and the bytes between it and each rule that has followed it (its tail, a comma,
 * the next head), made the first time that pair is written.
 */
interface RuleCard {
  readonly ruleId: string;
  readonly variable: string;
  readonly entity: string;
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
  /** Only on cards kept for the rule (a one-off card writes its pieces apart); weak, so cards of packages let go of are not kept alive. */
  readonly joints: WeakMap<RuleCard, Uint8Array> | null;
}

/**
 * One app's trace JSON pieces (bound per app as CALCULATION.Json, so two apps never share them), made once and
 * reused by every answer naming the rule: one card per rule, keyed weakly by the runtime's frozen sources array
 * (runtimes share one per rule across answers), so cards go with the packages that own those arrays. An entry
 * whose rule, variable or kind differs from its array's card (never expected) is written from a one-off card.
 * Answers are written one at a time into the app's ByteSink.
 */
export class CalculationJson {
  readonly #sink = new ByteSink();
  readonly #cards = new WeakMap<readonly string[], RuleCard>();
  /** The JSON bytes of each frozen assumption (shared by every answer relying on that default; household/assumptions.ts). */
  readonly #assumptions = new WeakMap<object, Uint8Array>();
  #slowEntries = 0;

  /**
   * Trace entries and assumptions this writer could not write from kept pieces (not the engine's frozen form) and
   * wrote whole with JSON.stringify: the same text, slower. No calculate answer should add to it (tested).
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
  trace(trace: readonly CalculationTraceEntry[]): string {
    return new JsonBytes(this.#sink, (sink) => this.#trace(sink, trace)).json;
  }

  #trace(sink: ByteSink, trace: readonly CalculationTraceEntry[]): void {
    if (trace.length === 0) return sink.ascii('[]');
    // Entity ids come from the household, so their bytes are kept for this answer only.
    const ids = new Map<string, Uint8Array>();
    // Runs of entries share an entity: the last id's bytes are at hand without a lookup.
    let lastId: string | undefined;
    let idBytes: Uint8Array | undefined;
    /** The card of the entry before, whose tail is still to be written (null: nothing pending). */
    let pending: RuleCard | null = null;
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (!isPlainEntry(entry) || !Object.isFrozen(entry.sources)) {
        this.#slowEntries += 1;
        this.#close(sink, pending, i);
        // As JSON.stringify writes an array element it cannot represent (a hole, undefined).
        sink.text(JSON.stringify(entry) ?? 'null');
        pending = null;
        continue;
      }
      const card = this.#card(entry);
      if (pending !== null && pending.joints !== null && card.joints !== null) sink.bytes(this.#joint(pending, card));
      else {
        this.#close(sink, pending, i);
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
  #close(sink: ByteSink, pending: RuleCard | null, i: number): void {
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

  /** The bytes between an entry's value and the next entry's entity id: the tail before, a comma, the next head. */
  #joint(before: RuleCard, card: RuleCard): Uint8Array {
    let joint = before.joints!.get(card);
    if (joint === undefined) {
      joint = Buffer.concat([before.tail, COMMA, card.head]);
      before.joints!.set(card, joint);
    }
    return joint;
  }

  /** The entry's rule card: the one kept for its (frozen) sources array, or a one-off when the entry is not its rule. */
  #card(entry: CalculationTraceEntry): RuleCard {
    const card = this.#cards.get(entry.sources);
    if (card !== undefined && card.ruleId === entry.rule_id && card.variable === entry.variable && card.entity === entry.entity) return card;
    const made = makeCard(entry, card === undefined);
    if (card === undefined) this.#cards.set(entry.sources, made);
    return made;
  }
}

const COMMA = Buffer.from(',');

function makeCard(entry: CalculationTraceEntry, kept: boolean): RuleCard {
  const head = `{"rule_id":${JSON.stringify(entry.rule_id)},"variable":${JSON.stringify(entry.variable)},"entity":${JSON.stringify(entry.entity)},"entity_id":`;
  return {
    ruleId: entry.rule_id,
    variable: entry.variable,
    entity: entry.entity,
    head: Buffer.from(head, 'utf8'),
    tail: Buffer.from(`,"sources":${JSON.stringify(entry.sources)}}`, 'utf8'),
    joints: kept ? new WeakMap() : null,
  };
}

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

/** Whether an entry has exactly the TraceEntry fields, in order, so the cached pieces describe it. */
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
