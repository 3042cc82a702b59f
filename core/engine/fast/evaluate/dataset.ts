/**
 * Fast evaluation of an explain-path Dataset (entity ids, slot values as Values, relation tuples): builds the
 * columnar layout, picks the input signature from the values, runs the cached kernel. Returns undefined when
 * the kernel bails; the caller then uses the explain path, which is the reference.
 */
import type { CompiledProgram } from '../../compile/index.js';
import type { Dataset, Period, TraceEntry } from '../../explain/evaluate.js';
import { Decimal, HOLDS, NOT_HOLDS, UNDETERMINED, bool, num, text, type Value } from '../../values.js';
import type { SlotType, Ty } from '../kernel/codegen.js';
import { BAIL } from '../kernel/helpers.js';
import { kernelFor, layoutOf } from '../kernel/kernel.js';
import { outputColumn, type Column, type OutputColumn } from '../kernel/columns.js';
import { assembleTrace, traceState } from './trace.js';

const MAX_SCALE = 15;

/** The static type of a slot from its values: one kind, numbers at the widest scale among them. */
export function slotTypeOf(values: Iterable<Value> | undefined): SlotType {
  let t: SlotType | undefined;
  for (const v of values ?? []) {
    let vt: SlotType;
    if (v.k === 'num') {
      const s = v.n.decimalPlaces();
      if (s > MAX_SCALE) return { k: 'none' };
      vt = { k: 'num', s };
    } else vt = { k: v.k === 'judg' ? 'judg' : v.k };
    if (!t) t = vt;
    else if (t.k === 'num' && vt.k === 'num') t = { k: 'num', s: Math.max(t.s, vt.s) };
    else if (t.k !== vt.k) return { k: 'none' };
  }
  return t ?? { k: 'none' };
}

/** Scaled integer of a decimal at scale s, or NaN when it leaves the exact envelope (the read then bails). */
function scaledAt(n: Decimal, s: number): number {
  const m = n.times(new Decimal(10).pow(s)).toNumber();
  return Number.isSafeInteger(m) && Math.abs(m) < 1e15 ? m : NaN;
}

function column(t: SlotType, n: number): Column {
  switch (t.k) {
    case 'num':
    case 'date':
    case 'none':
      return new Float64Array(n).fill(NaN);
    case 'bool':
    case 'judg':
      return new Uint8Array(n).fill(255);
    case 'text':
      return new Array<string | undefined>(n).fill(undefined);
  }
}

function put(col: Column, t: SlotType, i: number, v: Value): void {
  switch (t.k) {
    case 'num':
      if (v.k === 'num') (col as Float64Array)[i] = scaledAt(v.n, t.s);
      return;
    case 'date':
      if (v.k === 'date') (col as Float64Array)[i] = v.days;
      return;
    case 'bool':
      if (v.k === 'bool') (col as Uint8Array)[i] = v.b ? 1 : 0;
      return;
    case 'judg':
      if (v.k === 'judg') (col as Uint8Array)[i] = v.j === 'holds' ? 2 : v.j === 'not_holds' ? 0 : 1;
      return;
    case 'text':
      if (v.k === 'text') (col as (string | undefined)[])[i] = v.s;
      return;
    case 'none':
      return;
  }
}

/** A generated output back to an explain-path Value (numbers rebuilt exactly from the scaled integer). */
export function toValue(t: Ty, col: OutputColumn, k: number): Value {
  switch (t.k) {
    case 'num': {
      const x = (col as Float64Array)[k];
      return num(new Decimal(x));
    }
    case 'judg': {
      const j = (col as Uint8Array)[k];
      return j === 2 ? HOLDS : j === 0 ? NOT_HOLDS : UNDETERMINED;
    }
    case 'bool':
      return bool((col as Uint8Array)[k] === 1);
    case 'date':
      return { k: 'date', days: (col as Float64Array)[k] };
    case 'text':
      return text(String((col as unknown[])[k]));
    case 'never':
      throw new Error('unreachable: a never-typed output always bails');
  }
}

export interface FastDatasetResult {
  /** values[i][j]: output j for entity i, or undefined when that entity bailed. */
  readonly values: (Value[] | undefined)[];
  /** With `trace`: the explain path's trace for all entities evaluated in order (undefined if any bailed). */
  readonly trace?: TraceEntry[];
}

/**
 * Evaluates `outputs` (derived rule names) for each of `entities` on the fast path. An entity whose
 * evaluation bails gets undefined (evaluate it on the explain path).
 */
export function evaluateDatasetFast(
  program: CompiledProgram,
  data: Dataset,
  period: Period,
  outputs: readonly string[],
  entities: readonly string[],
  options: { trace?: boolean } = {},
): FastDatasetResult {
  const layout = layoutOf(program);
  const ids = new Map<string, number>();
  const idOf = (id: string): number => {
    let i = ids.get(id);
    if (i === undefined) ids.set(id, (i = ids.size));
    return i;
  };
  for (const e of entities) idOf(e);
  for (const m of data.inputs.values()) for (const e of m.keys()) idOf(e);
  for (const name of layout.relations) for (const [a, b] of tuplesOf(program, data, name)) {
    idOf(a);
    idOf(b);
  }
  const n = ids.size;
  const signature = layout.slots.map((s) => slotTypeOf(data.inputs.get(s)?.values()));
  const C = layout.slots.map((s, i) => {
    const t = signature[i];
    const col = column(t, n);
    for (const [e, v] of data.inputs.get(s) ?? []) put(col, t, ids.get(e)!, v);
    return col;
  });
  const R: Int32Array[] = [];
  for (const name of layout.relations) {
    const byCurrent = new Map<number, Set<string>>();
    for (const [member, current] of tuplesOf(program, data, name)) {
      const c = ids.get(current)!;
      let s = byCurrent.get(c);
      if (!s) byCurrent.set(c, (s = new Set()));
      s.add(member);
    }
    const off = new Int32Array(n + 1);
    const mem: number[] = [];
    for (let e = 0; e < n; e++) {
      off[e] = mem.length;
      const s = byCurrent.get(e);
      if (s) for (const m of [...s].sort()) mem.push(ids.get(m)!);
    }
    off[n] = mem.length;
    R.push(off, Int32Array.from(mem));
  }
  const kernel = kernelFor(program, period, signature, outputs, options.trace ? 'trace' : 'fast');
  const O = kernel.outputTypes.map((t) => outputColumn(t, entities.length));
  const values: (Value[] | undefined)[] = [];
  // One trace state for the whole run: memo and records span entities, as one Evaluator's do.
  const S = options.trace ? traceState(program, n) : undefined;
  const allOutputs = outputs.map((_, j) => j);
  entities.forEach((id, k) => {
    try {
      kernel.run(C, R, ids.get(id)!, O, k, S, allOutputs);
      values.push(kernel.outputTypes.map((t, j) => toValue(t, O[j], k)));
    } catch (e) {
      if (e !== BAIL) throw e;
      values.push(undefined);
    }
  });
  if (!S || values.some((v) => v === undefined)) return { values };
  const names = [...ids.keys()];
  return { values, trace: assembleTrace(program, period, kernel, S, names) };
}

/**
 * A relation's (member, current) tuples: a data relation's stated ones; a reversed relation's (kernel.ts
 * reversedRelations), its own stated ones and its source's turned round, as the explain path collects them.
 */
function tuplesOf(program: CompiledProgram, data: Dataset, name: string): ReadonlyArray<readonly [string, string]> {
  const stated = data.relations.get(name) ?? [];
  const relation = program.relations.get(name);
  if (relation?.kind !== 'derived' || relation.source === undefined) return stated;
  const reversed = (data.relations.get(relation.source) ?? []).map(([member, current]) => [current, member] as const);
  return [...stated, ...reversed];
}
