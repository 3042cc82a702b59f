/**
 * Person outputs (docs/calculation.md "Person outputs"): a program decided per person (a child's school meal
 * tier, a WIC category) lists those person-level rules in its compose spec (`person_outputs`), and an answer
 * reports each listed person's value of them. The values are read from the evaluation the answer already ran:
 * the package's outputs aggregate the person rules (composition refuses a person output no output reads), so the
 * explain and fast paths both evaluated them for every listed person, and their trace holds each value once.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import type { TraceEntry as EngineTrace } from '../index.js';

export type PersonOutputValues = Record<string, Record<string, JsonValue>>;

export class PersonOutputs {
  private readonly declaredNames: ReadonlySet<string>;

  constructor(
    /** In the spec's order, which every answer follows (whatever order an evaluation reached them in). */
    readonly names: readonly string[],
    /** The person entity's kind as the mapped household names it (`Person` for the bundled packages). */
    private readonly personKind: string,
    /** An engine value as the API gives it (judgments as JSON booleans). */
    private readonly value: (name: string, value: string | number | boolean) => JsonValue,
  ) {
    this.declaredNames = new Set(names);
  }

  /** Whether the package declares any person output (an answer then carries `person_outputs`). */
  get declared(): boolean {
    return this.names.length > 0;
  }

  /**
   * Each listed person's values, people in the household's order and names in the spec's order;
   * a person the evaluation did not reach (a request naming other `variables`) is left out.
   */
  collect(trace: readonly EngineTrace[], kinds: Readonly<Record<string, string>>): PersonOutputValues {
    const found = new Map<string, Record<string, JsonValue>>();
    for (const entry of trace) {
      if (!this.declaredNames.has(entry.name) || kinds[entry.entity] !== this.personKind) continue;
      let values = found.get(entry.entity);
      if (values === undefined) found.set(entry.entity, (values = {}));
      values[entry.name] = this.value(entry.name, entry.value);
    }
    const people: PersonOutputValues = {};
    for (const id in kinds) {
      const values = found.get(id);
      if (values === undefined) continue;
      const ordered: Record<string, JsonValue> = {};
      for (const name of this.names) if (Object.hasOwn(values, name)) ordered[name] = values[name];
      people[id] = ordered;
    }
    return people;
  }
}

/**
 * The parts of one evaluation's trace that a program's answer reads besides its outputs (CompiledPackage.answerRules):
 * the entries of the rules that can read an unverified figure and of its person outputs, by rule name, and, for a
 * program past its last fiscal year, every entry that read a parameter (its carried-forward warning reads them). A
 * screen picks them once for all its programs instead of each scanning the trace.
 */
export interface TraceSlices {
  /** Every entry that read a parameter; empty unless asked for. */
  readonly reads: readonly EngineTrace[];
  readonly byRule: ReadonlyMap<string, readonly EngineTrace[]>;
}

/** The entries of the rules `rules` by rule name, and with `reads` every entry that read a parameter. */
export function traceSlices(trace: readonly EngineTrace[], rules: ReadonlySet<string>, reads: boolean): TraceSlices {
  const slices = { reads: [] as EngineTrace[], byRule: new Map<string, EngineTrace[]>() };
  for (const entry of trace) {
    if (reads && entry.parameters.length > 0) slices.reads.push(entry);
    if (!rules.has(entry.name)) continue;
    const entries = slices.byRule.get(entry.name);
    if (entries === undefined) slices.byRule.set(entry.name, [entry]);
    else entries.push(entry);
  }
  return slices;
}

/** The sliced entries of the rules `names` (sliced by traceSlices), rule by rule. */
export function entriesOf(slices: TraceSlices, names: readonly string[]): EngineTrace[] {
  const out: EngineTrace[] = [];
  for (const name of names) {
    const entries = slices.byRule.get(name);
    if (entries !== undefined) for (const entry of entries) out.push(entry);
  }
  return out;
}
