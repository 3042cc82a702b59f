/**
 * A fast kernel: generated code for one program, period, input signature and output list, instantiated with
 * `new Function` over the closed helper set, and cached per program (WeakMap) and key.
 *
 * Data layout (columnar): entities are indexes 0..n-1; column C[i] holds input slot i for every entity
 * (Float64Array of scaled numbers or day numbers with NaN = missing; Uint8Array of Booleans 0/1 or judgments
 * 0/1/2 with 255 = missing; string[] for text); relation r is a CSR pair R[2r] (Int32Array offsets, n + 1)
 * and R[2r + 1] (Int32Array member entity indexes, sorted by member id and de-duplicated).
 */
import type { CompiledProgram } from '../compile/index.js';
import { liveVersion, type Period } from '../explain/evaluate.js';
import { generate, type SlotType, type Ty } from './codegen.js';
import { HELPERS, HELPER_NAMES } from './helpers.js';

export type Column = Float64Array | Uint8Array | (string | undefined)[];
export type OutputColumn = Float64Array | Uint8Array | unknown[];
/** Trace-mode state: memo (d/v at rule * n + entity), records (rule, entity, value, reads) and the open frame. */
export interface TraceState {
  n: number;
  d: Uint8Array;
  v: unknown[];
  t: unknown[];
  cur: number[];
}
/** `S` and `sel` (output indexes to compute, in order) are for trace-mode kernels. */
export type KernelFn = (C: readonly Column[], R: readonly Int32Array[], e: number, O: readonly OutputColumn[], k: number, S?: TraceState, sel?: ArrayLike<number>) => void;

export interface ProgramLayout {
  /** Input slots in column order. */
  readonly slots: readonly string[];
  readonly slotIndex: ReadonlyMap<string, number>;
  /** Data and auto relations in CSR order. */
  readonly relations: readonly string[];
  readonly relationIndex: ReadonlyMap<string, number>;
}

export interface FastKernel {
  readonly layout: ProgramLayout;
  readonly period: Period;
  readonly signature: readonly SlotType[];
  readonly outputs: readonly string[];
  readonly outputTypes: readonly Ty[];
  readonly run: KernelFn;
  /** The generated source (for inspection and docs; never evaluated again). */
  readonly source: string;
  /** The constant table the source indexes (K[i]). */
  readonly constants: readonly unknown[];
  readonly mode: 'fast' | 'trace';
  /** Trace mode: rule types by rule index, and recorded parameter indexes → names. */
  readonly ruleTypes: readonly Ty[];
  readonly paramNames: readonly string[];
}

const layouts = new WeakMap<CompiledProgram, ProgramLayout>();

export function layoutOf(program: CompiledProgram): ProgramLayout {
  let l = layouts.get(program);
  if (!l) {
    const slots = [...program.inputs.keys()].sort();
    const relations = [...program.relations.values()].filter((r) => r.kind !== 'derived').map((r) => r.name).sort();
    l = { slots, slotIndex: new Map(slots.map((s, i) => [s, i])), relations, relationIndex: new Map(relations.map((r, i) => [r, i])) };
    layouts.set(program, l);
  }
  return l;
}

export function signatureKey(sig: readonly SlotType[]): string {
  return sig.map((t) => (t.k === 'num' ? `n${t.s}` : t.k[0])).join('');
}

const MAX_KERNELS_PER_PROGRAM = 256;
const cache = new WeakMap<CompiledProgram, Map<string, FastKernel>>();

interface VersionKeys {
  /** Whether any formula reads period_start / period_end (then the dates are part of the code). */
  readonly readsPeriod: boolean;
  readonly byPeriod: Map<string, string>;
}
const versionKeys = new WeakMap<CompiledProgram, VersionKeys>();

function irReadsPeriod(ir: unknown): boolean {
  if (typeof ir !== 'object' || ir === null) return false;
  if ((ir as { k?: unknown }).k === 'period') return true;
  for (const v of Object.values(ir)) {
    if (Array.isArray(v) ? v.some(irReadsPeriod) : typeof v === 'object' && v !== null && 'k' in v && irReadsPeriod(v)) return true;
  }
  return false;
}

/**
 * What a period contributes to generated code: the live version of every rule and parameter (and the dates
 * themselves only when a formula reads them). Months with the same versions share one kernel, so a request
 * cannot force a new kernel per month (e.g. every month carried forward after the last fiscal year).
 */
function versionKey(program: CompiledProgram, period: Period): string {
  let vk = versionKeys.get(program);
  if (!vk) {
    let readsPeriod = false;
    for (const d of program.derived.values()) for (const v of d.versions) if (irReadsPeriod(v.ir)) readsPeriod = true;
    for (const r of program.relations.values()) if (irReadsPeriod(r.predicate)) readsPeriod = true;
    versionKeys.set(program, (vk = { readsPeriod, byPeriod: new Map() }));
  }
  const pk = `${period.start}|${period.end}`;
  let key = vk.byPeriod.get(pk);
  if (key === undefined) {
    const parts: number[] = [];
    for (const d of program.derived.values()) parts.push(d.versions.indexOf(liveVersion(d.versions, period.start) as (typeof d.versions)[number]));
    for (const p of program.parameters.values()) parts.push(p.versions.indexOf(liveVersion(p.versions, period.start) as (typeof p.versions)[number]));
    key = `${vk.readsPeriod ? pk : ''}|${parts.join('.')}`;
    if (vk.byPeriod.size >= 4096) vk.byPeriod.clear();
    vk.byPeriod.set(pk, key);
  }
  return key;
}

/** The cached kernel for (program, period, signature, outputs), generating it on first use. */
export function kernelFor(program: CompiledProgram, period: Period, signature: readonly SlotType[], outputs: readonly string[], mode: 'fast' | 'trace' = 'fast'): FastKernel {
  let byKey = cache.get(program);
  if (!byKey) cache.set(program, (byKey = new Map()));
  const key = `${mode}|${versionKey(program, period)}|${signatureKey(signature)}|${outputs.join(',')}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const layout = layoutOf(program);
  const slots = new Map(layout.slots.map((s, i) => [s, { index: i, type: signature[i] }]));
  const g = generate({ program, period, slots, relations: layout.relationIndex, outputs, mode });
  // The factory sees only the helper set and the constant table; generated code has no other free names.
  const factory = new Function('H', 'K', `"use strict";\nconst { ${HELPER_NAMES.join(', ')} } = H;\n${g.source}`) as (h: typeof HELPERS, k: readonly unknown[]) => KernelFn;
  const kernel: FastKernel = { layout, period, signature, outputs, outputTypes: g.outputTypes, run: factory(HELPERS, g.constants), source: g.source, constants: g.constants, mode, ruleTypes: g.ruleTypes, paramNames: g.paramNames };
  if (byKey.size >= MAX_KERNELS_PER_PROGRAM) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, kernel);
  return kernel;
}

/** Output column for a type: numbers and days as doubles, judgments/Booleans as bytes, text as strings. */
export function outputColumn(t: Ty, n: number): OutputColumn {
  switch (t.k) {
    case 'num':
    case 'date':
      return new Float64Array(n);
    case 'bool':
    case 'judg':
      return new Uint8Array(n);
    default:
      return new Array<unknown>(n);
  }
}
