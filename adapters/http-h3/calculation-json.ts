/**
 * JSON text of calculation results: the exact text JSON.stringify gives, written faster. Most of a result is
 * its trace, and a trace entry's rule_id, variable, entity kind and sources are the same in every result that
 * names the rule, so their JSON is written once and reused; per result only values and entity ids (which come from
 * the household and are never cached across results) are serialised.
 * (Serialising the 14 KB us-ak SNAP sample result took about half the time of JSON.stringify; see
 * docs/benchmarks.md.)
 */
import type { BatchResult, CalculateResponse, TraceEntry } from '../../core/ports/calculator.js';
import type { BatchResponse } from '../../core/usecases/calculate/calculate.js';
import { JsonText } from './envelope.js';

/**
 * One app's trace JSON pieces (bound per app as CALCULATION.Json, so two apps never share them): each rule's
 * `{"rule_id":…,"variable":…,"entity":…,"entity_id":` head and `,"sources":[…]}` tail, made once and reused by
 * every answer naming the rule. Sizes: at most MAX_CACHED_HEADS heads (then they start over); tails are keyed
 * weakly by the runtimes' frozen sources arrays, so they go with the packages that own those arrays.
 */
export class CalculationJson {
  /** Rule ids and variables come from loaded packages, not requests; the cap only guards against surprises. */
  static readonly MAX_CACHED_HEADS = 100_000;

  /** Heads by rule id, then variable (with the entity kind each was made for). */
  readonly #heads = new Map<string, Map<string, { entity: string; text: string }>>();
  #cachedHeads = 0;
  /** Tails by sources array: runtimes share one frozen array per rule across results. */
  readonly #tails = new WeakMap<readonly string[], string>();
  /** Pair texts (tail of one rule, comma, head of the next) by the first rule's sources array, then the head. */
  readonly #joints = new WeakMap<readonly string[], Map<string, string>>();

  response(response: CalculateResponse): JsonText {
    return new JsonText(this.#withTrace(response));
  }

  batch(batch: BatchResponse): JsonText {
    const entry = (e: BatchResult): string => (e.status === 'ok' ? `{"status":"ok","result":${this.#withTrace(e.result)}}` : JSON.stringify(e));
    return new JsonText(`{"summary":${JSON.stringify(batch.summary)},"results":[${batch.results.map(entry).join(',')}]}`);
  }

  trace(trace: readonly TraceEntry[]): string {
    // Entity ids come from the household, so they are never cached beyond this answer; consecutive entries mostly
    // share one, so only the last is kept (as `"<id>","value":`). Everything else between two values is the text
    // of rules, made once per pair of consecutive rules: fewer, longer pieces are cheaper for V8 to flatten.
    let lastId: string | undefined;
    let idText = '';
    let out = '';
    /** The sources of the entry before, whose tail is still to be written (null: nothing pending). */
    let pending: readonly string[] | null = null;
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (!isPlainEntry(entry) || !Object.isFrozen(entry.sources)) {
        out += (pending === null ? (i === 0 ? '[' : ',') : `${this.#tail(pending)},`) + JSON.stringify(entry);
        pending = null;
        continue;
      }
      if (entry.entity_id !== lastId) {
        lastId = entry.entity_id;
        idText = `${JSON.stringify(lastId)},"value":`;
      }
      out += this.#joint(pending, i === 0, this.#head(entry.rule_id, entry.variable, entry.entity)) + idText + valueJson(entry.value);
      pending = entry.sources;
    }
    if (pending !== null) return `${out}${this.#tail(pending)}]`;
    return trace.length === 0 ? '[]' : `${out}]`;
  }

  /** An object's JSON with `trace` written by trace(); other fields, in their order, by JSON.stringify. */
  #withTrace(value: object): string {
    let out = '{';
    for (const key in value) {
      const field = (value as Record<string, unknown>)[key];
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${key === 'trace' && Array.isArray(field) ? this.trace(field as TraceEntry[]) : JSON.stringify(field)}`;
    }
    return `${out}}`;
  }

  /**
   * The text before an entry's entity id: the tail of the entry before it and a comma (`[` or `,` when none is
   * pending), then this entry's head. Pairs are kept by the earlier rule's frozen sources array, so they go with
   * the package that owns it.
   */
  #joint(before: readonly string[] | null, first: boolean, head: string): string {
    if (before === null) return (first ? '[' : ',') + head;
    let byHead = this.#joints.get(before);
    if (byHead === undefined) {
      byHead = new Map();
      this.#joints.set(before, byHead);
    }
    let joint = byHead.get(head);
    if (joint === undefined) {
      // Flattened once here, so every answer reuses one flat string rather than a pair of pieces.
      joint = flat(`${this.#tail(before)},${head}`);
      byHead.set(head, joint);
    }
    return joint;
  }

  #head(ruleId: string, variable: string, entity: string): string {
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
    if (cached !== undefined) return cached.entity === entity ? cached.text : headText(ruleId, variable, entity);
    const text = headText(ruleId, variable, entity);
    byVariable.set(variable, { entity, text });
    this.#cachedHeads += 1;
    return text;
  }

  #tail(sources: readonly string[]): string {
    let text = this.#tails.get(sources);
    if (text === undefined) {
      text = `,"sources":${JSON.stringify(sources)}}`;
      // Only arrays that cannot change may be remembered by identity.
      if (Object.isFrozen(sources)) this.#tails.set(sources, text);
    }
    return text;
  }
}

/** The same text as one flat string (a concatenation is a rope until something flattens it). */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function headText(ruleId: string, variable: string, entity: string): string {
  return `{"rule_id":${JSON.stringify(ruleId)},"variable":${JSON.stringify(variable)},"entity":${JSON.stringify(entity)},"entity_id":`;
}

function valueJson(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return JSON.stringify(value);
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
