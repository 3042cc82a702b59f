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

  response(response: CalculateResponse): JsonText {
    return new JsonText(this.#withTrace(response));
  }

  batch(batch: BatchResponse): JsonText {
    const entry = (e: BatchResult): string => (e.status === 'ok' ? `{"status":"ok","result":${this.#withTrace(e.result)}}` : JSON.stringify(e));
    return new JsonText(`{"summary":${JSON.stringify(batch.summary)},"results":[${batch.results.map(entry).join(',')}]}`);
  }

  trace(trace: readonly TraceEntry[]): string {
    // Entity ids come from the household, so they are never cached beyond this answer; consecutive entries mostly
    // share one, so only the last is kept (as `"<id>","value":`).
    let lastId: string | undefined;
    let idText = '';
    let out = '[';
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (i > 0) out += ',';
      if (!isPlainEntry(entry)) {
        out += JSON.stringify(entry);
        continue;
      }
      if (entry.entity_id !== lastId) {
        lastId = entry.entity_id;
        idText = `${JSON.stringify(lastId)},"value":`;
      }
      out += this.#head(entry.rule_id, entry.variable, entry.entity) + idText + valueJson(entry.value) + this.#tail(entry.sources);
    }
    return `${out}]`;
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
