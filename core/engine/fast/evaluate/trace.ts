/**
 * Rebuilds the explain evaluator's trace from a trace-mode kernel run: the kernel records, in the explain
 * path's evaluation order, (rule index, entity index, raw value, parameter reads); the static parts of each
 * entry (rule id and name, the rule's shared sources, parameter reads with their cells) come from the compiled
 * program for the period, made once per kernel and kept on it.
 */
import type { CompiledProgram } from '../../compile/index.js';
import { liveVersion, type ParameterRead, type Period, type TraceEntry } from '../../explain/evaluate.js';
import { daysToIso, toJson } from '../../values.js';
import type { FastKernel } from '../kernel/kernel.js';
import type { TraceState } from '../kernel/columns.js';

/** A trace state for `entities` entities that records every rule's entries. */
export function traceState(program: CompiledProgram, entities: number): TraceState {
  const rules = program.order.length;
  return { n: entities, d: new Uint8Array(rules * entities), v: new Array(rules * entities), t: [], cur: [], k: new Uint8Array(rules).fill(1) };
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

/** The per-rule fields of a trace entry, the same for every household a kernel runs, and the rule's type. */
interface RuleStatic {
  readonly ruleId: string;
  readonly name: string;
  readonly sources: readonly string[];
  readonly type: FastKernel['ruleTypes'][number];
  /** 10^scale for numbers (the raw value is the scaled integer), else 0. */
  readonly divisor: number;
}

/** Per kernel: the static half of each rule's entry and each parameter's reads by key, built once. */
interface KernelStatics {
  readonly rules: (RuleStatic | undefined)[];
  readonly reads: (Map<number, ParameterRead> | undefined)[];
  /** Per set of rule names a caller reads (PackageRequest.traceRules): 1 at the index of each such rule. */
  readonly kept: WeakMap<ReadonlySet<string>, Uint8Array>;
  /** 1 at every rule's index: a run that records every entry. */
  every?: Uint8Array;
}

/**
 * A kernel carries its own trace statics (made on its first traced run), so they live and go with it: a kernel
 * is compiled for one program and period, which is all they depend on.
 */
type TracingKernel = FastKernel & { traceStatics?: KernelStatics };

/** Entries of rules that read no parameter share one empty list (entries are never changed). */
const NO_READS: readonly ParameterRead[] = Object.freeze([]);

function staticsOf(kernel: TracingKernel): KernelStatics {
  return (kernel.traceStatics ??= { rules: [], reads: [], kept: new WeakMap() });
}

function ruleStatic(program: CompiledProgram, kernel: FastKernel, ruleIdx: number): RuleStatic {
  const d = program.derived.get(program.order[ruleIdx])!;
  const type = kernel.ruleTypes[ruleIdx];
  return { ruleId: d.id, name: d.name, sources: d.sources, type, divisor: type.k === 'num' ? 10 ** type.s : 0 };
}

/** The parameter reads a frame recorded: (parameter index, key) pairs, each read object made once per kernel. */
function parameterReads(program: CompiledProgram, period: Period, kernel: FastKernel, st: KernelStatics, reads: readonly number[]): readonly ParameterRead[] {
  if (reads.length === 0) return NO_READS;
  const parameters: ParameterRead[] = [];
  for (let i = 0; i < reads.length; i += 2) {
    const index = reads[i];
    const key = reads[i + 1];
    let byKey = st.reads[index];
    if (byKey === undefined) st.reads[index] = byKey = new Map();
    let read = byKey.get(key);
    if (read === undefined) {
      const p = program.parameters.get(kernel.paramNames[index])!;
      const v = liveVersion(p.versions, period.start)!;
      read = Object.freeze({ id: p.id, name: p.name, key, effectiveFrom: v.from, effectiveTo: v.to, value: toJson(v.cells!.get(key)!) });
      byKey.set(key, read);
    }
    parameters.push(read);
  }
  return parameters;
}

/** 1 at the program-order index of each rule named in `names` (made once per kernel and set of names). */
function keptRules(program: CompiledProgram, st: KernelStatics, names: ReadonlySet<string>): Uint8Array {
  let kept = st.kept.get(names);
  if (kept === undefined) {
    kept = new Uint8Array(program.order.length);
    program.order.forEach((name, i) => (kept![i] = names.has(name) ? 1 : 0));
    st.kept.set(names, kept);
  }
  return kept;
}

/**
 * Makes the next run with `S` record the entries of the rules named in `only` alone (PackageRequest.traceRules),
 * or of every rule when `only` is undefined; the others are evaluated where the explain path evaluates them.
 */
export function recordOnly(program: CompiledProgram, kernel: FastKernel, S: TraceState, only: ReadonlySet<string> | undefined): void {
  const st = staticsOf(kernel);
  S.k = only === undefined ? (st.every ??= new Uint8Array(program.order.length).fill(1)) : keptRules(program, st, only);
}

/** The explain-path trace of the entries a finished trace-mode run recorded, or undefined when a value cannot be rendered exactly. */
export function assembleTrace(program: CompiledProgram, period: Period, kernel: FastKernel, S: TraceState, entityIds: readonly string[]): TraceEntry[] | undefined {
  const st = staticsOf(kernel);
  const records = S.t;
  const out: TraceEntry[] = [];
  for (let r = 0; r < records.length; r += 4) {
    const ruleIdx = records[r] as number;
    const rs = st.rules[ruleIdx] ?? (st.rules[ruleIdx] = ruleStatic(program, kernel, ruleIdx));
    const raw = records[r + 2];
    // Numbers (most entries) inline; other kinds through json().
    const value = rs.divisor !== 0 ? ((raw as number) < 1e15 && (raw as number) > -1e15 ? (raw as number) / rs.divisor : undefined) : json(rs.type, raw);
    if (value === undefined) return undefined;
    out.push({ ruleId: rs.ruleId, name: rs.name, entity: entityIds[records[r + 1] as number], value, sources: rs.sources, parameters: parameterReads(program, period, kernel, st, records[r + 3] as number[]) });
  }
  return out;
}
