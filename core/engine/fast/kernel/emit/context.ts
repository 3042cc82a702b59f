/**
 * The state of one generation run, owned by one object instead of closures: the options, the constant
 * table, recorded parameter names, and what the emitters collect on the way (rule types, member,
 * aggregation and trace functions to emit, tables to hoist).
 */
import type { CompiledDerived, CompiledProgram } from '../../../compile/index.js';
import { liveVersion, type Period } from '../../../explain/evaluate.js';
import type { IR } from '../../../check/ir.js';
import type { FunctionLocals } from './locals.js';
import { numberLiteral, type Code, type Scope, type SlotType, type Ty } from './types.js';

export interface GenerateOptions {
  readonly program: CompiledProgram;
  readonly period: Period;
  /** Column index and type per input slot (slots absent here read as missing). */
  readonly slots: ReadonlyMap<string, { readonly index: number; readonly type: SlotType }>;
  /** Relation index per relation name (data and auto relations). */
  readonly relations: ReadonlyMap<string, number>;
  /** Derived rule names to compute for the query entity. */
  readonly outputs: readonly string[];
  /**
   * 'fast' (default): straight-line code for outputs only. 'trace': every rule a memoised function evaluated
   * lazily in the explain path's order, recording (rule, entity, value, parameter reads) as the explain
   * evaluator's trace does, so the trace can be rebuilt without the explain path.
   */
  readonly mode?: 'fast' | 'trace';
  /**
   * Fast mode: parameters whose live version is declared unverified (names). Each read of one sets the kernel's
   * watch flag (Generated.watch), and is never a constant, so no read the explain path makes is folded away.
   */
  readonly watched?: ReadonlySet<string>;
}

export interface Generated {
  readonly source: string;
  /** Constant tables referenced by index from the source (parameter tables, strings). */
  readonly constants: readonly unknown[];
  /** Output types, in `outputs` order. */
  readonly outputTypes: readonly Ty[];
  /** Trace mode: rule types by rule index (program.order), and parameter names by the index recorded. */
  readonly ruleTypes: readonly Ty[];
  readonly paramNames: readonly string[];
  /** Fast mode with watched parameters: the flag a read of one sets (element 0), cleared by the caller. */
  readonly watch?: Uint8Array;
}

/**
 * The expression emitter, handed to the context by the entry point: emitters for compound forms call it for
 * their operands through `ctx.expression`, so no emitter file imports the dispatcher (no import circle).
 */
export type ExpressionEmitter = (ctx: EmitContext, ir: IR, entity: string, locals: FunctionLocals, scope: Scope) => Code;

export class EmitContext {
  readonly program: CompiledProgram;
  readonly period: Period;
  readonly slots: GenerateOptions['slots'];
  readonly relations: GenerateOptions['relations'];
  readonly traceMode: boolean;
  /** Fast mode: the watched parameters (see GenerateOptions.watched) and the constant index of their flag. */
  readonly watched: ReadonlySet<string>;
  readonly watch: { readonly flags: Uint8Array; readonly index: number } | undefined;
  /** Rule name -> index in program.order (the number in v12, f12, g12). */
  readonly ruleIndex: ReadonlyMap<string, number>;

  /** The constant table (K[i]): strings and parameter tables, each stored once per key. */
  readonly constants: unknown[] = [];
  private readonly constantByKey = new Map<string, number>();
  /** Trace mode: parameter names by the index the generated code records. */
  readonly paramNames: string[] = [];
  private readonly paramByName = new Map<string, number>();

  /** Rule types, with their constant value when the period fixes it. */
  readonly ruleTypes = new Map<string, Code>();
  /** Rules being typed right now: a rule reached again while typing it (a cycle) reads as never. */
  readonly typing = new Set<string>();
  /** Trace mode: rules read through their memoised function `g<i>` (each gets one emitted). */
  readonly traceFunctions = new Set<string>();
  /** Fast mode: rules read from another entity's context through a function `f<i>(C, R, e)`. */
  readonly memberFunctions = new Set<string>();
  /** Constant tables read inline, hoisted as `const T<i> = K[i]`. */
  readonly hoistedTables = new Set<number>();
  /** Emitted aggregation functions `a<i>`, and their names by IR node (one function per node). */
  readonly aggregationFunctions: string[] = [];
  readonly aggregationByNode = new Map<IR, { readonly name: string; readonly type: Ty }>();
  /**
   * Fast mode, on while the query function is emitted: its aggregations read what one member pass per
   * relation computed (member-pass.ts) instead of looping over the members once each.
   */
  fuseAggregations = false;
  /** The aggregations each member pass computes, by relation index, in result-slot order. */
  readonly memberPasses = new Map<number, Extract<IR, { k: 'agg' }>[]>();

  constructor(
    options: GenerateOptions,
    private readonly emitExpression: ExpressionEmitter,
  ) {
    this.program = options.program;
    this.period = options.period;
    this.slots = options.slots;
    this.relations = options.relations;
    this.traceMode = options.mode === 'trace';
    this.ruleIndex = new Map(options.program.order.map((name, i) => [name, i]));
    this.watched = this.traceMode ? new Set() : (options.watched ?? new Set());
    const flags = new Uint8Array(1);
    this.watch = this.watched.size > 0 ? { flags, index: this.constantIndex('w\u0000flags', () => flags) } : undefined;
  }

  expression(ir: IR, entity: string, locals: FunctionLocals, scope: Scope): Code {
    return this.emitExpression(this, ir, entity, locals, scope);
  }

  /** Index of a constant in K, made on the first request for its key. */
  constantIndex(key: string, make: () => unknown): number {
    let index = this.constantByKey.get(key);
    if (index === undefined) {
      index = this.constants.length;
      this.constants.push(make());
      this.constantByKey.set(key, index);
    }
    return index;
  }

  /** Trace mode: the index under which reads of a parameter are recorded. */
  paramIndex(name: string): number {
    let index = this.paramByName.get(name);
    if (index === undefined) {
      index = this.paramNames.length;
      this.paramNames.push(name);
      this.paramByName.set(name, index);
    }
    return index;
  }

  /** A value known at generation time as code: a literal, or a string from the constant table. */
  known(value: number | string, type: Ty): Code {
    if (type.k === 'text') return { js: `K[${this.constantIndex(`s\u0000${value}`, () => value)}]`, type, constant: value };
    return { js: numberLiteral(value as number), type, constant: value };
  }

  /** The rule's formula in force at the period's start. */
  liveIr(derived: CompiledDerived): IR | undefined {
    return liveVersion(derived.versions, this.period.start)?.ir;
  }
}
