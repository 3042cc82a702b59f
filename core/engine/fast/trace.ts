/**
 * Rebuilds the explain evaluator's trace from a trace-mode kernel run: the kernel records, in the explain
 * path's evaluation order, (rule index, entity index, raw value, parameter reads); the static parts of each
 * entry (ids, sources, version dates, parameter cells) come from the compiled program for the period.
 */
import type { CompiledProgram } from '../compile/index.js';
import { liveVersion, type ParameterRead, type Period, type TraceEntry } from '../explain/evaluate.js';
import { daysToIso, toJson } from '../values.js';
import type { FastKernel, TraceState } from './kernel.js';

export function traceState(program: CompiledProgram, entities: number): TraceState {
  return { n: entities, d: new Uint8Array(program.order.length * entities), v: new Array(program.order.length * entities), t: [], cur: [] };
}

/** JSON of a raw kernel value of a type, or undefined when it cannot leave the fast path exactly. */
function json(t: FastKernel['ruleTypes'][number], raw: unknown): string | number | boolean | undefined {
  switch (t.k) {
    case 'num': {
      const m = raw as number;
      return m < 1e15 && m > -1e15 ? m / 10 ** t.s : undefined;
    }
    case 'judg':
      return raw === 2 ? 'holds' : raw === 0 ? 'not_holds' : 'undetermined';
    case 'bool':
      return raw === 1;
    case 'date':
      return daysToIso(raw as number);
    case 'text':
      return raw as string;
    default:
      return undefined;
  }
}

/** The per-rule fields of a trace entry, the same for every household a kernel runs. */
type RuleStatic = Omit<TraceEntry, 'entity' | 'value' | 'parameters'>;

/** Per kernel: the static half of each rule's entry and each (parameter, key) read, built once. */
const statics = new WeakMap<FastKernel, { rules: (RuleStatic | undefined)[]; reads: Map<number, ParameterRead> }>();

function staticsOf(program: CompiledProgram, period: Period, kernel: FastKernel) {
  let s = statics.get(kernel);
  if (!s) statics.set(kernel, (s = { rules: [], reads: new Map() }));
  return s;
}

/** The explain-path trace for a finished trace-mode run, or undefined when a value cannot be rendered exactly. */
export function assembleTrace(program: CompiledProgram, period: Period, kernel: FastKernel, S: TraceState, entityIds: readonly string[]): TraceEntry[] | undefined {
  const st = staticsOf(program, period, kernel);
  const out: TraceEntry[] = [];
  for (let r = 0; r < S.t.length; r += 4) {
    const ruleIdx = S.t[r] as number;
    let rs = st.rules[ruleIdx];
    if (!rs) {
      const d = program.derived.get(program.order[ruleIdx])!;
      const version = liveVersion(d.versions, period.start)!;
      rs = st.rules[ruleIdx] = {
        ruleId: d.id,
        name: d.name,
        module: d.rule.module,
        source: d.rule.source,
        sourceUrl: d.rule.sourceUrl,
        citationPath: d.rule.citationPath,
        effectiveFrom: version.from,
        effectiveTo: version.to,
        boundBy: d.boundBy,
      };
    }
    const value = json(kernel.ruleTypes[ruleIdx], S.t[r + 2]);
    if (value === undefined) return undefined;
    const reads = S.t[r + 3] as number[];
    const parameters: ParameterRead[] = [];
    for (let i = 0; i < reads.length; i += 2) {
      const key = reads[i + 1];
      const cacheKey = reads[i] * 1e9 + key;
      let read = Number.isSafeInteger(cacheKey) ? st.reads.get(cacheKey) : undefined;
      if (!read) {
        const p = program.parameters.get(kernel.paramNames[reads[i]])!;
        const v = liveVersion(p.versions, period.start)!;
        read = Object.freeze({ id: p.id, name: p.name, key, effectiveFrom: v.from, effectiveTo: v.to, value: toJson(v.cells!.get(key)!) });
        if (Number.isSafeInteger(cacheKey)) st.reads.set(cacheKey, read);
      }
      parameters.push(read);
    }
    out.push({
      ruleId: rs.ruleId,
      name: rs.name,
      entity: entityIds[S.t[r + 1] as number],
      value,
      module: rs.module,
      source: rs.source,
      sourceUrl: rs.sourceUrl,
      citationPath: rs.citationPath,
      effectiveFrom: rs.effectiveFrom,
      effectiveTo: rs.effectiveTo,
      parameters,
      boundBy: rs.boundBy,
    });
  }
  return out;
}
