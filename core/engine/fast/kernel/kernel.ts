/**
 * A fast kernel: generated code for one program, period, input signature and output list, instantiated over the
 * closed helper set (emit/instantiate.ts), and cached by the program's own ProgramKernels (program.caches).
 */
import type { CompiledProgram } from '../../compile/index.js';
import type { CacheKind } from '../../owned-caches.js';
import { liveVersion, type Period } from '../../explain/evaluate.js';
import { generate, type SlotType, type Ty } from './codegen.js';
import type { KernelFn } from './columns.js';
import { instantiateKernel } from './emit/instantiate.js';
import { BoundedMap } from '../../../domain/bounded-map.js';

export interface ProgramLayout {
  /** Input slots in column order. */
  readonly slots: readonly string[];
  readonly slotIndex: ReadonlyMap<string, number>;
  /**
   * Data and auto relations in CSR order, then the reversed relations (see `reversedRelations`): a reversed relation
   * is materialised as the reversal of its source's CSR pair by whoever loads the relations.
   */
  readonly relations: readonly string[];
  readonly relationIndex: ReadonlyMap<string, number>;
  /** The reversed relations: each one's index in `relations` and its source's. */
  readonly reversed: ReadonlyArray<{ readonly index: number; readonly source: number }>;
}

/**
 * Derived relations the fast path materialises: those that read a data relation from its member's side
 * (`current_slot: 0`, `related_slot: 1`: a person's households) with a predicate that always holds, so their
 * members are exactly the source's tuples turned round (ir-walker.ts sourceMembers). Any other derived relation
 * stays a predicate, and a household that aggregates over it is handed to the explain path.
 */
function reversedRelations(program: CompiledProgram, data: ReadonlySet<string>): string[] {
  const reversed: string[] = [];
  for (const r of program.relations.values()) {
    const rule = r.rule;
    if (r.kind !== 'derived' || r.arity !== 2 || r.source === undefined || !data.has(r.source)) continue;
    if (!rule || rule.shape !== 'derived_relation' || rule.name !== r.name || rule.currentSlot !== 0 || rule.relatedSlot !== 1) continue;
    const p = r.predicate;
    if (p?.k === 'const' && p.v.k === 'judg' && p.v.j === 'holds') reversed.push(r.name);
  }
  return reversed.sort();
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
  /**
   * Fast mode over watched parameters (versions declared unverified): element 0 is set by a run that may have read
   * one (the caller clears it before a run). Undefined: nothing watched.
   */
  readonly watch?: Uint8Array;
}

/** Layout and kernels of one program; each program owns one (program.caches), so programs never share kernels. */
export class ProgramKernels {
  /** Kernels remembered per program; past it the oldest is dropped (the bundled packages use a handful each). */
  static readonly MAX_KERNELS = 256;
  /** Period → version key entries remembered per program; past it the table is emptied and refilled. */
  static readonly MAX_PERIOD_KEYS = 4096;

  readonly layout: ProgramLayout;
  readonly #program: CompiledProgram;
  readonly #kernels = new BoundedMap<string, FastKernel>(ProgramKernels.MAX_KERNELS);
  readonly #versionKeys = new BoundedMap<string, string>(ProgramKernels.MAX_PERIOD_KEYS);
  /** Whether any formula reads period_start / period_end (then the dates are part of the code); found on first use. */
  #readsPeriod: boolean | undefined;

  constructor(program: CompiledProgram) {
    this.#program = program;
    const slots = [...program.inputs.keys()].sort();
    const data = [...program.relations.values()].filter((r) => r.kind !== 'derived').map((r) => r.name).sort();
    const relations = [...data, ...reversedRelations(program, new Set(data))];
    const relationIndex = new Map(relations.map((r, i) => [r, i]));
    const reversed = relations.slice(data.length).map((name, i) => ({ index: data.length + i, source: relationIndex.get(program.relations.get(name)!.source!)! }));
    this.layout = { slots, slotIndex: new Map(slots.map((s, i) => [s, i])), relations, relationIndex, reversed };
  }

  /** How many kernels are remembered (for tests and diagnostics). */
  get size(): number {
    return this.#kernels.size;
  }

  /** The kernel for (period, signature, outputs, mode, watched parameters), generating it on first use. */
  kernel(period: Period, signature: readonly SlotType[], outputs: readonly string[], mode: 'fast' | 'trace', watched: readonly string[] = []): FastKernel {
    const key = `${mode}|${this.#versionKey(period)}|${signatureKey(signature)}|${outputs.join(',')}|${watched.join(',')}`;
    const hit = this.#kernels.get(key);
    if (hit) return hit;
    const kernel = generateKernel(this.#program, this.layout, period, signature, outputs, mode, watched);
    this.#kernels.set(key, kernel);
    return kernel;
  }

  /**
   * What a period contributes to generated code: the live version of every rule and parameter (and the dates
   * themselves only when a formula reads them). Months with the same versions share one kernel, so a request
   * cannot force a new kernel per month (e.g. every month carried forward after the last fiscal year).
   */
  #versionKey(period: Period): string {
    const pk = `${period.start}|${period.end}`;
    let key = this.#versionKeys.get(pk);
    if (key !== undefined) return key;
    const program = this.#program;
    this.#readsPeriod ??= readsPeriod(program);
    const parts: number[] = [];
    for (const d of program.derived.values()) parts.push(d.versions.indexOf(liveVersion(d.versions, period.start) as (typeof d.versions)[number]));
    for (const p of program.parameters.values()) parts.push(p.versions.indexOf(liveVersion(p.versions, period.start) as (typeof p.versions)[number]));
    key = `${this.#readsPeriod ? pk : ''}|${parts.join('.')}`;
    this.#versionKeys.set(pk, key);
    return key;
  }
}

const PROGRAM_KERNELS: CacheKind<ProgramKernels> = { name: 'fast kernels' };

/** The program's own layout and kernel cache. */
export function kernelsOf(program: CompiledProgram): ProgramKernels {
  return program.caches.of(PROGRAM_KERNELS, () => new ProgramKernels(program));
}

export function layoutOf(program: CompiledProgram): ProgramLayout {
  return kernelsOf(program).layout;
}

export function signatureKey(sig: readonly SlotType[]): string {
  return sig.map((t) => (t.k === 'num' ? `n${t.s}` : t.k[0])).join('');
}

/**
 * The cached kernel for (program, period, signature, outputs), generating it on first use; `watched` (fast mode,
 * sorted parameter names) makes a kernel whose reads of them set its watch flag.
 */
export function kernelFor(program: CompiledProgram, period: Period, signature: readonly SlotType[], outputs: readonly string[], mode: 'fast' | 'trace' = 'fast', watched: readonly string[] = []): FastKernel {
  return kernelsOf(program).kernel(period, signature, outputs, mode, watched);
}

function readsPeriod(program: CompiledProgram): boolean {
  for (const d of program.derived.values()) for (const v of d.versions) if (irReadsPeriod(v.ir)) return true;
  for (const r of program.relations.values()) if (irReadsPeriod(r.predicate)) return true;
  return false;
}

function irReadsPeriod(ir: unknown): boolean {
  if (typeof ir !== 'object' || ir === null) return false;
  if ((ir as { k?: unknown }).k === 'period') return true;
  for (const v of Object.values(ir)) {
    if (Array.isArray(v) ? v.some(irReadsPeriod) : typeof v === 'object' && v !== null && 'k' in v && irReadsPeriod(v)) return true;
  }
  return false;
}

function generateKernel(program: CompiledProgram, layout: ProgramLayout, period: Period, signature: readonly SlotType[], outputs: readonly string[], mode: 'fast' | 'trace', watched: readonly string[]): FastKernel {
  const slots = new Map(layout.slots.map((s, i) => [s, { index: i, type: signature[i] }]));
  const g = generate({ program, period, slots, relations: layout.relationIndex, outputs, mode, watched: new Set(watched) });
  const kernel = { layout, period, signature, outputs, outputTypes: g.outputTypes, run: instantiateKernel(g.source, g.constants), source: g.source, constants: g.constants, mode, ruleTypes: g.ruleTypes, paramNames: g.paramNames };
  return g.watch ? { ...kernel, watch: g.watch } : kernel;
}
