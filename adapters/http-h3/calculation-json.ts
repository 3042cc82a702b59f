/**
 * JSON of calculation results: the exact text JSON.stringify gives, written faster and as UTF-8 bytes. Most of a
 * result is its trace, and a trace entry's rule_id, variable, entity kind and sources are the same in every result
 * that names the rule, so their bytes are made once and reused; per result only values and entity ids (which come
 * from the household and are never cached across results) are serialised.
 * (The 56 KB us-ak SNAP sample result: see docs/benchmarks.md, "HTTP calculation".)
 */
import type { BatchResult, CalculateResponse, TraceEntry } from '../../core/ports/calculator.js';
import type { BatchResponse } from '../../core/usecases/calculate/calculate.js';
import { ByteSink } from './byte-sink.js';
import { JsonBytes } from './envelope.js';

/** A rule's `{"rule_id":…,"variable":…,"entity":…,"entity_id":` head, as bytes, with the entity kind it names. */
interface Head {
  readonly entity: string;
  readonly bytes: Uint8Array;
  /** Whether the head is the cached one for its rule (only those key the cached pairs). */
  readonly shared: boolean;
}

/**
 * One app's trace JSON pieces (bound per app as CALCULATION.Json, so two apps never share them): each rule's head
 * and `,"sources":[…]}` tail, made once and reused by every answer naming the rule. Sizes: at most
 * MAX_CACHED_HEADS heads (then they start over); tails are keyed weakly by the runtimes' frozen sources arrays, so
 * they go with the packages that own those arrays. Answers are written one at a time into the app's ByteSink.
 */
export class CalculationJson {
  /** Rule ids and variables come from loaded packages, not requests; the cap only guards against surprises. */
  static readonly MAX_CACHED_HEADS = 100_000;

  readonly #sink = new ByteSink();
  /** Heads by rule id, then variable (with the entity kind each was made for). */
  readonly #heads = new Map<string, Map<string, Head>>();
  #cachedHeads = 0;
  /** Tails by sources array: runtimes share one frozen array per rule across results. */
  readonly #tails = new WeakMap<readonly string[], Uint8Array>();
  /** Pair bytes (tail of one rule, comma, head of the next) by the first rule's sources array, then the head. */
  readonly #joints = new WeakMap<readonly string[], Map<Head, Uint8Array>>();

  response(response: CalculateResponse): JsonBytes {
    return new JsonBytes(this.#sink, (sink) => this.#withTrace(sink, response));
  }

  batch(batch: BatchResponse): JsonBytes {
    return new JsonBytes(this.#sink, (sink) => {
      sink.text(`{"summary":${JSON.stringify(batch.summary)},"results":[`);
      batch.results.forEach((entry: BatchResult, i) => {
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
  trace(trace: readonly TraceEntry[]): string {
    return new JsonBytes(this.#sink, (sink) => this.#trace(sink, trace)).json;
  }

  #trace(sink: ByteSink, trace: readonly TraceEntry[]): void {
    if (trace.length === 0) return sink.ascii('[]');
    // Entity ids come from the household, so their bytes are kept for this answer only.
    const ids = new Map<string, Uint8Array>();
    /** The sources of the entry before, whose tail is still to be written (null: nothing pending). */
    let pending: readonly string[] | null = null;
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (!isPlainEntry(entry) || !Object.isFrozen(entry.sources)) {
        this.#close(sink, pending, i);
        sink.text(JSON.stringify(entry));
        pending = null;
        continue;
      }
      const head = this.#head(entry.rule_id, entry.variable, entry.entity);
      if (pending !== null && head.shared) sink.bytes(this.#joint(pending, head));
      else {
        this.#close(sink, pending, i);
        sink.bytes(head.bytes);
      }
      let id = ids.get(entry.entity_id);
      if (id === undefined) ids.set(entry.entity_id, (id = Buffer.from(`${JSON.stringify(entry.entity_id)},"value":`, 'utf8')));
      sink.bytes(id);
      writeValue(sink, entry.value);
      pending = entry.sources;
    }
    if (pending !== null) sink.bytes(this.#tail(pending));
    sink.ascii(']');
  }

  /** Before an entry written whole: the pending tail and a comma, or the opening bracket. */
  #close(sink: ByteSink, pending: readonly string[] | null, i: number): void {
    if (pending !== null) sink.bytes(this.#tail(pending));
    sink.ascii(i === 0 ? '[' : ',');
  }

  /** An object's JSON with `trace` written by #trace(); other fields, in their order, by JSON.stringify. */
  #withTrace(sink: ByteSink, value: object): void {
    let first = true;
    sink.ascii('{');
    for (const key in value) {
      const field = (value as Record<string, unknown>)[key];
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      sink.text(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      if (key === 'trace' && Array.isArray(field)) this.#trace(sink, field as TraceEntry[]);
      else sink.text(JSON.stringify(field));
    }
    sink.ascii('}');
  }

  /**
   * The bytes between an entry's value and the next entry's entity id: the tail of the entry before it, a comma,
   * then this entry's head. Pairs are kept by the earlier rule's frozen sources array, so they go with the package
   * that owns it.
   */
  #joint(before: readonly string[], head: Head): Uint8Array {
    let byHead = this.#joints.get(before);
    if (byHead === undefined) {
      byHead = new Map();
      this.#joints.set(before, byHead);
    }
    let joint = byHead.get(head);
    if (joint === undefined) {
      joint = Buffer.concat([this.#tail(before), COMMA, head.bytes]);
      byHead.set(head, joint);
    }
    return joint;
  }

  #head(ruleId: string, variable: string, entity: string): Head {
    let byVariable = this.#heads.get(ruleId);
    if (byVariable === undefined) {
      if (this.#cachedHeads >= CalculationJson.MAX_CACHED_HEADS) {
        this.#heads.clear();
        this.#cachedHeads = 0;
      }
      byVariable = new Map();
      this.#heads.set(ruleId, byVariable);
    }
    const cached = byVariable.get(variable);
    if (cached !== undefined && cached.entity === entity) return cached;
    // The first kind seen for a rule is kept; another kind (never expected) is made per entry.
    const head = makeHead(ruleId, variable, entity, cached === undefined);
    if (head.shared) {
      byVariable.set(variable, head);
      this.#cachedHeads += 1;
    }
    return head;
  }

  #tail(sources: readonly string[]): Uint8Array {
    let bytes = this.#tails.get(sources);
    if (bytes === undefined) {
      bytes = Buffer.from(`,"sources":${JSON.stringify(sources)}}`, 'utf8');
      // Only arrays that cannot change may be remembered by identity.
      if (Object.isFrozen(sources)) this.#tails.set(sources, bytes);
    }
    return bytes;
  }
}

const COMMA = Buffer.from(',');

function makeHead(ruleId: string, variable: string, entity: string, shared: boolean): Head {
  const text = `{"rule_id":${JSON.stringify(ruleId)},"variable":${JSON.stringify(variable)},"entity":${JSON.stringify(entity)},"entity_id":`;
  return { entity, bytes: Buffer.from(text, 'utf8'), shared };
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
function isPlainEntry(entry: TraceEntry): boolean {
  let i = 0;
  for (const key in entry) {
    if (key !== ENTRY_KEYS[i]) return false;
    i += 1;
  }
  return (
    i === ENTRY_KEYS.length &&
    entry.value !== undefined &&
    typeof entry.rule_id === 'string' &&
    typeof entry.variable === 'string' &&
    typeof entry.entity === 'string' &&
    typeof entry.entity_id === 'string' &&
    Array.isArray(entry.sources)
  );
}
