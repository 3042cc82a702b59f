/**
 * One household at a time on the fast path, without building explain-path Values: a session holds the kernel for
 * one package, period and output list, the reusable one-household columns (input/household-rows.ts) and one output
 * cell per output. `evaluate` returns undefined when the household needs the explain path (a value outside the
 * kernel's signature, or an error); the caller then runs it. After a household has run, the next one of the same
 * record shapes runs as one generated household program (evaluate/household-programs.ts).
 */
import type { RuntimePackage } from '../../package/index.js';
import { parsePeriod } from '../../period.js';
import type { Period, TraceEntry } from '../../explain/evaluate.js';
import { daysToIso } from '../../values.js';
import type { SlotType } from '../kernel/codegen.js';
import { BAIL } from '../kernel/helpers.js';
import { kernelFor, layoutOf, type FastKernel } from '../kernel/kernel.js';
import { type OutputColumn, type TraceState } from '../kernel/columns.js';
import { HouseholdRows, MAX_SHAPES, slotType } from '../input/household-rows.js';
import type { InputRecord } from '../input/record-loader.js';
import { relationName } from '../../syntax/ids.js';
import { jsonOf } from './output-json.js';
import { assembleTrace, recordOnly, traceState } from './trace.js';
import { HouseholdPrograms } from './household-programs.js';
import { MISS, type HouseholdProgram, type OutputJson } from './program-site.js';
import { makeOutputReader } from './emit/output-reader.js';
import { doubtedParameters, type DoubtedParameters } from './doubted.js';

export interface SessionOptions {
  readonly period?: string | Period;
  readonly outputs?: readonly string[];
  /** Decimal places carried for decimal inputs (a value with more falls back to the explain path). */
  readonly decimals?: number;
  readonly maxPeople?: number;
  /** Relation linking people to the household (default: the profile's person relation). */
  readonly relation?: string;
}

/** Same names in the same order (output lists are compared on every request; most are the same array). */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A list to compare later requests' lists with: a frozen one as it is (the next request's is often the same array). */
export function kept(names: readonly string[]): readonly string[] {
  return Object.isFrozen(names) ? names : [...names];
}

export class PackageSession {
  readonly period: Period;
  /** The output names, in the order of the output cells. */
  readonly outputs: readonly string[];
  private readonly rows: HouseholdRows;
  private readonly signature: SlotType[];
  /** One cell per output (row 0); plain arrays take any kernel value, so no kernel is needed to size them. */
  private readonly outputCells: OutputColumn[];
  private readonly allOutputs: readonly number[];
  private fastKernel: FastKernel | undefined;
  private traced: FastKernel | undefined;
  /** Trace memo per household size, reused run after run (runs are synchronous, so never shared by two). */
  private readonly traceStates = new Map<number, TraceState>();
  private readOutputs: (() => OutputJson) | undefined;
  private fastRun: FastKernel['run'] | undefined;
  /** Whole-household programs per pair of shapes (made once the kernel runs), and the one last used. */
  private programs: HouseholdPrograms | undefined;
  private program: HouseholdProgram | undefined;
  private lastSelection: { names: readonly string[]; select: readonly number[] } | undefined;
  /** Parameters whose live version is declared unverified: the fast kernel flags its reads of them (./doubted.ts). */
  private readonly doubted: DoubtedParameters;

  constructor(
    readonly pkg: RuntimePackage,
    options: SessionOptions = {},
  ) {
    const program = pkg.program;
    this.period = typeof options.period === 'object' ? options.period : parsePeriod(options.period ?? pkg.spec.period);
    this.outputs = [...(options.outputs ?? pkg.spec.outputs)];
    for (const o of this.outputs) if (!program.derived.has(o)) throw new Error(`output "${o}" is not a derived rule of this package`);
    const layout = layoutOf(program);
    const decimals = Math.min(Math.max(options.decimals ?? 2, 0), 6);
    const dtype = new Map(pkg.inputs.map((i) => [i.slot, i.dtype]));
    this.signature = layout.slots.map((s) => slotType(dtype.get(s), decimals));
    const relation = relationName(options.relation ?? pkg.spec.profile.person.relation ?? '');
    this.rows = new HouseholdRows(pkg, layout, this.signature, options.maxPeople ?? 100, relation);
    this.outputCells = this.outputs.map(() => [0] as unknown[]);
    this.allOutputs = this.outputs.map((_, j) => j);
    this.doubted = doubtedParameters(pkg, this.period);
  }

  /** The fast-mode kernel (generated on first use; trace-only sessions never generate it). */
  get kernel(): FastKernel {
    return (this.fastKernel ??= kernelFor(this.pkg.program, this.period, this.signature, this.outputs, 'fast', this.doubted.names));
  }

  /**
   * After `evaluate` answered: false when the run certainly read no parameter version the package declares
   * unverified, so the explain path's trace would show none and no such warning is due; true when it may have.
   * The fast kernel computes some rules ahead of the explain path's lazy order, so a flag can stand for a read the
   * explain path never makes (the caller then runs the traced evaluation), but every read the explain path makes
   * the kernel makes too: a watched read is never a constant, and the emitters drop only constants' code.
   */
  get mayHaveReadDoubted(): boolean {
    return this.doubted.unknown || this.kernel.watch?.[0] === 1;
  }

  /**
   * Outputs for one household: `household` maps input names (bare slot or accepted id) to JSON values;
   * each entry of `people` is one member of the person relation (and of each relation `given` names by layout
   * index, default the person relation alone). Undefined: use the explain path.
   */
  evaluate(household: InputRecord, people: readonly InputRecord[] = [], given?: readonly number[]): OutputJson | undefined {
    this.rows.give(given);
    const watch = this.doubted.names.length > 0 ? this.kernel.watch : undefined;
    if (watch) watch[0] = 0;
    const answer = this.program === undefined ? MISS : this.program(household, people);
    if (answer !== MISS) return answer;
    const rows = this.rows;
    if (!rows.load(household, people)) return undefined;
    const run = (this.fastRun ??= this.kernel.run);
    if (watch) watch[0] = 0;
    try {
      run(rows.columns, rows.relations, 0, this.outputCells, 0);
    } catch (e) {
      if (e !== BAIL) throw e;
      return undefined;
    }
    const outputs = (this.readOutputs ??= this.outputReader())();
    // The next household of the same shapes runs as one generated program (the generic loader has none).
    const h = rows.lastHousehold;
    this.program = h === undefined || h === rows.generic ? undefined : this.programSet(run).programFor(h, rows.lastPerson === rows.generic ? undefined : rows.lastPerson);
    return outputs;
  }

  private programSet(run: FastKernel['run']): HouseholdPrograms {
    const rows = this.rows;
    // The site object is built on the first miss only (`??=` skips its right side once programs exist).
    return (this.programs ??= new HouseholdPrograms(
      {
        columns: rows.columns,
        relations: rows.relations,
        outputs: this.outputCells,
        rowLoader: rows.rowLoader,
        offsets: rows.personOffsets,
        links: rows.relationFacts,
        givenMask: rows.givenMask,
        maxPeople: rows.maxPeople,
        run,
        read: this.readOutputs!,
        bail: BAIL,
        context: (kind) => rows.loaderContext(kind),
      },
      MAX_SHAPES,
    ));
  }

  /**
   * Outputs and the explain path's trace, from the trace-mode kernel (rules evaluated lazily in the explain
   * path's order). `ids`: the household's entity id, then each person's id; give people sorted by id, the
   * order the explain path visits relation members in. `only`: the rules whose entries the trace keeps (default all).
   * Undefined: use the explain path.
   */
  evaluateTraced(household: InputRecord, people: readonly InputRecord[], ids: readonly string[], select: readonly number[] = this.allOutputs, given?: readonly number[], only?: ReadonlySet<string>): { outputs: OutputJson; trace: TraceEntry[] } | undefined {
    const rows = this.rows;
    rows.give(given);
    if (!rows.load(household, people)) return undefined;
    this.traced ??= kernelFor(this.pkg.program, this.period, this.signature, this.outputs, 'trace');
    const state = this.freshTraceState(1 + people.length);
    recordOnly(this.pkg.program, this.traced, state, only);
    try {
      this.traced.run(rows.columns, rows.relations, 0, this.outputCells, 0, state, select);
    } catch (e) {
      if (e !== BAIL) throw e;
      return undefined;
    }
    const trace = assembleTrace(this.pkg.program, this.period, this.traced, state, ids);
    if (!trace) return undefined;
    const out: OutputJson = {};
    for (const j of select) out[this.outputs[j]] = jsonOf(this.traced.outputTypes[j], this.outputCells[j], 0);
    return { outputs: out, trace };
  }

  /** A cleared trace memo for `entities` entities: nothing memoised, nothing recorded. */
  private freshTraceState(entities: number): TraceState {
    let state = this.traceStates.get(entities);
    if (state === undefined) {
      state = traceState(this.pkg.program, entities);
      this.traceStates.set(entities, state);
      return state;
    }
    // Values are only read where their done flag is set, so clearing the flags clears the memo.
    state.d.fill(0);
    state.t = [];
    state.cur = [];
    return state;
  }

  /** Indexes of `names` in this session's output list (for `evaluateTraced`); the last answer is reused. */
  selection(names: readonly string[]): readonly number[] {
    const last = this.lastSelection;
    if (last !== undefined && sameList(last.names, names)) return last.select;
    const select = names.map((o) => this.outputs.indexOf(o));
    this.lastSelection = { names: kept(names), select };
    return select;
  }

  /** The output object of row 0: a generated object literal, or key by key for names that are not identifiers. */
  private outputReader(): () => OutputJson {
    const kernel = this.kernel;
    return makeOutputReader(this.outputs, kernel.outputTypes, this.outputCells, daysToIso) ?? (() => this.outputsByKey(kernel));
  }

  private outputsByKey(kernel: FastKernel): OutputJson {
    const out: OutputJson = {};
    const types = kernel.outputTypes;
    for (let j = 0; j < types.length; j++) out[this.outputs[j]] = jsonOf(types[j], this.outputCells[j], 0);
    return out;
  }
}
