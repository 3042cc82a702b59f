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
  private readonly names: ReadonlySet<string>;

  constructor(
    /** In the spec's order, which every answer follows (whatever order an evaluation reached them in). */
    private readonly order: readonly string[],
    /** The person entity's kind as the mapped household names it (`Person` for the bundled packages). */
    private readonly personKind: string,
    /** An engine value as the API gives it (judgments as JSON booleans). */
    private readonly value: (name: string, value: string | number | boolean) => JsonValue,
  ) {
    this.names = new Set(order);
  }

  /** Whether the package declares any person output (an answer then carries `person_outputs`). */
  get declared(): boolean {
    return this.order.length > 0;
  }

  /**
   * Each listed person's values, people in the household's order and names in the spec's order;
   * a person the evaluation did not reach (a request naming other `variables`) is left out.
   */
  collect(trace: readonly EngineTrace[], kinds: Readonly<Record<string, string>>): PersonOutputValues {
    const found = new Map<string, Record<string, JsonValue>>();
    for (const entry of trace) {
      if (!this.names.has(entry.name) || kinds[entry.entity] !== this.personKind) continue;
      let values = found.get(entry.entity);
      if (values === undefined) found.set(entry.entity, (values = {}));
      values[entry.name] = this.value(entry.name, entry.value);
    }
    const people: PersonOutputValues = {};
    for (const id in kinds) {
      const values = found.get(id);
      if (values === undefined) continue;
      const ordered: Record<string, JsonValue> = {};
      for (const name of this.order) if (Object.hasOwn(values, name)) ordered[name] = values[name];
      people[id] = ordered;
    }
    return people;
  }
}

/**
 * The parts of one evaluation's trace that a program's answer reads besides its outputs: the entries that read a
 * parameter (its carried-forward and unverified-figure warnings look at nothing else) and the entries of rules named
 * `people` (its person outputs). A screen picks them once for all its programs instead of each scanning the trace.
 */
export interface TraceSlices {
  readonly reads: readonly EngineTrace[];
  readonly people: readonly EngineTrace[];
}

export function traceSlices(trace: readonly EngineTrace[], people: ReadonlySet<string>): TraceSlices {
  const slices = { reads: [] as EngineTrace[], people: [] as EngineTrace[] };
  for (const entry of trace) {
    if (entry.parameters.length > 0) slices.reads.push(entry);
    if (people.has(entry.name)) slices.people.push(entry);
  }
  return slices;
}
