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
import { JsonBytes, utf8 } from './json-bytes.js';

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
  readonly #heads = new Map<string, Map<string, { entity: string; bytes: Buffer }>>();
  #cachedHeads = 0;
  /** Tails by sources array: runtimes share one frozen array per rule across results. */
  readonly #tails = new WeakMap<readonly string[], Buffer>();

  response(response: CalculateResponse): JsonText {
    const out = new JsonBytes();
    this.#withTrace(response, out);
    return new JsonText(out.toBuffer());
  }

  batch(batch: BatchResponse): JsonText {
    const out = new JsonBytes();
    out.text(`{"summary":${JSON.stringify(batch.summary)},"results":[`);
    batch.results.forEach((e: BatchResult, i) => {
      if (i > 0) out.ascii(',');
      if (e.status !== 'ok') return out.text(JSON.stringify(e));
      out.ascii('{"status":"ok","result":');
      this.#withTrace(e.result, out);
      out.ascii('}');
    });
    out.ascii(']}');
    return new JsonText(out.toBuffer());
  }

  /** The trace's JSON text (the same bytes the answers carry). */
  trace(trace: readonly TraceEntry[]): string {
    const out = new JsonBytes();
    this.#trace(trace, out);
    return out.toBuffer().toString('utf8');
  }

  #trace(trace: readonly TraceEntry[], out: JsonBytes): void {
    // Entity ids come from the household, so they are never cached beyond this answer; consecutive entries mostly
    // share one, so only the last is kept (as `"<id>","value":`).
    let lastId: string | undefined;
    let idText = '';
    out.ascii('[');
    for (let i = 0; i < trace.length; i++) {
      const entry = trace[i];
      if (i > 0) out.ascii(',');
      if (!isPlainEntry(entry)) {
        out.text(JSON.stringify(entry));
        continue;
      }
      if (entry.entity_id !== lastId) {
        lastId = entry.entity_id;
        idText = `${JSON.stringify(lastId)},"value":`;
      }
      out.bytes(this.#head(entry.rule_id, entry.variable, entry.entity));
      out.text(idText);
      writeValue(entry.value, out);
      out.bytes(this.#tail(entry.sources));
    }
    out.ascii(']');
  }

  /** An object's JSON with `trace` written by #trace(); other fields, in their order, by JSON.stringify. */
  #withTrace(value: object, out: JsonBytes): void {
    let first = true;
    out.ascii('{');
    for (const key in value) {
      const field = (value as Record<string, unknown>)[key];
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      if (!first) out.ascii(',');
      first = false;
      out.text(`${JSON.stringify(key)}:`);
      if (key === 'trace' && Array.isArray(field)) this.#trace(field as TraceEntry[], out);
      else out.text(JSON.stringify(field));
    }
    out.ascii('}');
  }

  #head(ruleId: string, variable: string, entity: string): Buffer {
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
    if (cached !== undefined) return cached.entity === entity ? cached.bytes : utf8(headText(ruleId, variable, entity));
    const bytes = utf8(headText(ruleId, variable, entity));
    byVariable.set(variable, { entity, bytes });
    this.#cachedHeads += 1;
    return bytes;
  }

  #tail(sources: readonly string[]): Buffer {
    let bytes = this.#tails.get(sources);
    if (bytes === undefined) {
      bytes = utf8(`,"sources":${JSON.stringify(sources)}}`);
      // Only arrays that cannot change may be remembered by identity.
      if (Object.isFrozen(sources)) this.#tails.set(sources, bytes);
    }
    return bytes;
  }
}

function headText(ruleId: string, variable: string, entity: string): string {
  return `{"rule_id":${JSON.stringify(ruleId)},"variable":${JSON.stringify(variable)},"entity":${JSON.stringify(entity)},"entity_id":`;
}

function writeValue(value: unknown, out: JsonBytes): void {
  switch (typeof value) {
    case 'number':
      return out.ascii(Number.isFinite(value) ? String(value) : 'null');
    case 'boolean':
      return out.ascii(value ? 'true' : 'false');
    default:
      return out.text(JSON.stringify(value));
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
