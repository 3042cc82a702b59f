/**
 * tenet.assumptions: the material defaults each SPM unit's calculation relied on (docs/calculation.md
 * "Assumptions"), said in the PolicyEngine household's terms: the entity group and id the caller uses, and the
 * PolicyEngine variable that gives the fact (variables.ts ASSUMED_INPUT_SOURCES), or null where PolicyEngine has
 * none this endpoint reads. Tenet's own input name and entity kind are kept. One entry per SPM unit, entity and
 * input, with the months whose calculation relied on it.
 */
import type { Assumption } from '../household/assumptions.js';
import type { JsonValue } from '../household/shape.js';
import { assumedInputSource, type EntityGroup } from './variables.js';

export interface CompatAssumption {
  /** The SPM unit whose calculation relied on the default (for a federal credit, the tax unit's id). */
  spm_unit: string;
  /** Where the PolicyEngine household gives the fact: `people` for a person's, else the unit's (or its household's). */
  entity_group: EntityGroup;
  entity_id: string;
  /** The PolicyEngine variable that gives it, or null when PolicyEngine has none this endpoint reads. */
  policyengine_variable: string | null;
  /** Tenet's package input (as POST /v1/calculate names it) and entity kind (Person, Household). */
  input: string;
  entity: string;
  /** The package's default, in the package's terms. */
  assumed_value: JsonValue;
  /** The months (YYYY-MM) whose calculation relied on it. */
  months: string[];
  message: string;
}

/** The unit a calculation ran for (an SPM unit unless `group` says a tax unit), and the household entity it lives in. */
export interface UnitRef {
  unitId: string;
  householdId: string | null;
  group?: 'spm_units' | 'tax_units';
}

/** Where a POST /v1/calculate caller gives the input (core/domain/household/assumptions.ts whereToGive). */
function tenetWhere(a: Assumption, isPerson: boolean): string {
  return isPerson ? `household.people.${a.entity_id}.${a.input}` : `household.facts.${a.input}`;
}

/**
 * The calculation's message, `<who>: <input> not given, assumed <value>; it matters because <reason>. Give <where>
 * to confirm or correct it.`, retold for the PolicyEngine caller: who in its terms, and where it gives the fact.
 * A message of another form is kept, with the PolicyEngine variable to give appended.
 */
function retold(a: Assumption, isPerson: boolean, who: string, group: EntityGroup, id: string, variable: string | null, onMember: string | null): string {
  const where = tenetWhere(a, isPerson);
  // `<who>: <input> not given, assumed <value>[, inferred from ...]; it matters because <reason>. Give <where> ...`
  const head = `${isPerson ? `${a.entity} ${a.entity_id}` : 'The household'}: ${a.input} not given, assumed ${JSON.stringify(a.assumed_value)}`;
  const because = '; it matters because ';
  const tail = `. Give ${where} to confirm or correct it.`;
  const give =
    onMember !== null
      ? `Give ${onMember} on the member who receives it (people.<id>.${onMember}) to confirm or correct it.`
      : variable === null
        ? `PolicyEngine has no variable for it that this endpoint reads: give ${where} through POST /v1/calculate to confirm or correct it.`
        : `Give ${group}.${id}.${variable} to confirm or correct it.`;
  const at = a.message.indexOf(because, head.length);
  if (!a.message.startsWith(head) || !a.message.endsWith(tail) || at < 0 || at + because.length > a.message.length - tail.length) return `${a.message} ${give}`;
  const how = a.message.slice(head.length, at);
  const reason = a.message.slice(at + because.length, a.message.length - tail.length);
  const source = onMember ?? variable;
  const named = source === null ? '' : ` (PolicyEngine: ${source})`;
  return `${who}: ${a.input} not given${named}, assumed ${JSON.stringify(a.assumed_value)}${how}; it matters because ${reason}. ${give}`;
}

/** One calculation's assumption in the PolicyEngine household's terms, for `month` of `unit`. */
export function compatAssumption(a: Assumption, unit: UnitRef, month: string): CompatAssumption {
  const isPerson = a.entity === 'Person';
  const source = assumedInputSource(a.input);
  // A person's fact is given on the person (its id is the PolicyEngine person id); the SNAP household's on the SPM
  // unit, or on the household entity where its PolicyEngine variable lives there.
  const onHousehold = !isPerson && source?.group === 'households' && unit.householdId !== null;
  const unitGroup = unit.group ?? 'spm_units';
  const group: EntityGroup = isPerson ? 'people' : onHousehold ? 'households' : unitGroup;
  const id = isPerson ? a.entity_id : onHousehold ? unit.householdId! : unit.unitId;
  const variable = source?.group === group ? source.variable : null;
  // A fact of the household that PolicyEngine gives on the member who has it (medicaid_enrolled, receives_ssi).
  const onMember = !isPerson && source?.group === 'people' ? source.variable : null;
  const who = isPerson ? `Person ${id}` : `${unitGroup === 'tax_units' ? 'Tax unit' : 'SPM unit'} ${unit.unitId}`;
  return {
    spm_unit: unit.unitId,
    entity_group: group,
    entity_id: id,
    policyengine_variable: variable ?? onMember,
    input: a.input,
    entity: a.entity,
    assumed_value: a.assumed_value,
    months: [month],
    message: retold(a, isPerson, who, group, id, variable, onMember),
  };
}

/** Collects the assumptions of every calculation run, each once per SPM unit, entity, input and value. */
export class CompatAssumptions {
  readonly #entries = new Map<string, CompatAssumption>();

  add(assumptions: readonly Assumption[], unit: UnitRef, month: string): void {
    for (const a of assumptions) {
      const key = JSON.stringify([unit.unitId, a.entity, a.entity_id, a.input, a.assumed_value]);
      const seen = this.#entries.get(key);
      if (seen === undefined) this.#entries.set(key, compatAssumption(a, unit, month));
      else if (!seen.months.includes(month)) seen.months.push(month);
    }
  }

  list(): CompatAssumption[] {
    return [...this.#entries.values()].map((entry) => ({ ...entry, months: [...entry.months].sort() }));
  }
}
