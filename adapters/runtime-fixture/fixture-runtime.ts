/**
 * The `fixture` runtime: packages defined by a recorded fixture file (declared inputs and outputs plus
 * recorded cases). A household matches a case when it maps to exactly the same inputs and period as the
 * case's household; the case's recorded outputs are returned. Nothing is computed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ServiceError } from '../../core/domain/errors.js';
import { mapHousehold, type MappedHousehold } from '../../core/domain/household/map.js';
import { entityId, indexShape, type HouseholdShape, type JsonValue, type PackageEntity } from '../../core/domain/household/shape.js';
import type { Calculator, ExecutablePackage, Execution, CalculationTraceEntry, TraceRuleCard } from '../../core/ports/calculator.js';
import { ruleCard, withRuleCards } from '../../core/engine/run/rule-cards.js';

export interface FixtureOutput {
  name: string;
  legal_id?: string;
  sources?: string[];
}

export interface FixtureCase {
  id: string;
  household: Record<string, JsonValue>;
  outputs: Record<string, JsonValue>;
  /** Recorded entries may omit `entity` and `entity_id`: recorded outputs are the unit's. */
  trace?: Array<Omit<CalculationTraceEntry, 'entity' | 'entity_id'> & Partial<Pick<CalculationTraceEntry, 'entity' | 'entity_id'>>>;
}

export interface FixturePackage {
  program_id: string;
  jurisdiction: string;
  description?: string;
  default_period: string;
  entities: PackageEntity[];
  household_aliases?: Record<string, string>;
  outputs: FixtureOutput[];
  output_aliases?: Record<string, string>;
  default_outputs: string[];
  cases: FixtureCase[];
}

export interface FixtureFile {
  runtime_id: string;
  packages: FixturePackage[];
}

export const RECORDED_WARNING = 'Fixture runtime: these outputs are recorded in a fixture file, not computed by the engine.';

/** Stable JSON (sorted keys) so the digest does not depend on key order in the file. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sameInputs(a: MappedHousehold, b: MappedHousehold): boolean {
  return a.period === b.period && canonicalJson(a.inputs) === canonicalJson(b.inputs) && canonicalJson(a.relations) === canonicalJson(b.relations);
}

function fail(message: string): never {
  throw new Error(`fixture runtime: ${message}`);
}

class FixtureExecutablePackage implements ExecutablePackage {
  readonly mode = 'fixture' as const;
  readonly program_id: string;
  readonly jurisdiction: string;
  readonly digest: string;
  readonly shape: HouseholdShape;
  readonly outputs: string[];
  readonly output_aliases: Record<string, string>;
  readonly default_outputs: string[];
  /** Each case, its mapped household, and the rule card of each entry of its recorded trace. */
  private readonly cases: Array<{ case: FixtureCase; mapped: MappedHousehold; cards: TraceRuleCard[] }>;
  /** The card of each output's entry in a case recorded without a trace. */
  private readonly outputCards = new Map<string, TraceRuleCard>();
  private readonly outputMeta: Map<string, FixtureOutput>;
  /** The unit entity, which recorded outputs describe. */
  private readonly unit: { entity: string; entity_id: string };

  constructor(
    readonly runtime_id: string,
    readonly definition: FixturePackage,
  ) {
    this.program_id = definition.program_id;
    this.jurisdiction = definition.jurisdiction;
    this.shape = { default_period: definition.default_period, entities: definition.entities, household_aliases: definition.household_aliases ?? {} };
    this.outputs = definition.outputs.map((o) => o.name);
    this.output_aliases = definition.output_aliases ?? {};
    this.default_outputs = definition.default_outputs;
    // Sources are frozen once, as the compiled runtime's are: every answer shares them, and so do the rule cards
    // made from them here, as the compiled runtime makes its own when it compiles a package.
    this.outputMeta = new Map(definition.outputs.map((o) => [o.name, { ...o, sources: Object.freeze([...(o.sources ?? [])]) as string[] }]));
    this.digest = `sha256:${createHash('sha256').update(canonicalJson(definition)).digest('hex')}`;
    const index = indexShape(this.shape);
    const unit = index.unit ?? this.shape.entities[0];
    this.unit = { entity: unit.entity, entity_id: entityId(unit, 1) };
    const where = `${definition.jurisdiction}/${definition.program_id}`;
    for (const name of this.default_outputs) if (!this.outputMeta.has(name)) fail(`${where}: default output ${name} is not declared`);
    for (const [name, meta] of this.outputMeta) this.outputCards.set(name, ruleCard(meta.legal_id ?? name, name, this.unit.entity, meta.sources ?? []));
    this.cases = definition.cases.map((recorded) => {
      for (const name of this.outputs) if (recorded.outputs[name] === undefined) fail(`${where}: case ${recorded.id} lacks output ${name}`);
      const trace = recorded.trace?.map((e) => ({ ...e, sources: Object.freeze([...e.sources]) as string[] }));
      const cards = (trace ?? []).map((e) => ruleCard(e.rule_id, e.variable, e.entity ?? this.unit.entity, e.sources));
      return { case: trace === undefined ? recorded : { ...recorded, trace }, mapped: mapHousehold(index, recorded.household), cards };
    });
  }

  /** Read-surface description (see DescribedPackage in core/ports/runtime.ts): legal ids and a sample household. */
  describe(): { outputs: Array<{ name: string; legal_id?: string }>; sample_household: Record<string, unknown> } {
    return {
      outputs: this.definition.outputs.map((o) => (o.legal_id ? { name: o.name, legal_id: o.legal_id } : { name: o.name })),
      sample_household: structuredClone(this.definition.cases[0]?.household ?? {}),
    };
  }

  async execute(household: MappedHousehold, outputs: string[]): Promise<Execution> {
    const match = this.cases.find((c) => sameInputs(c.mapped, household));
    if (!match) {
      throw new ServiceError(
        'invalid_household',
        `The fixture runtime has no recorded case for this household; recorded cases: ${this.cases.map((c) => c.case.id).join(', ')}.`,
      );
    }
    const values: Record<string, JsonValue> = {};
    for (const name of outputs) values[name] = match.case.outputs[name];
    const { entity, entity_id } = this.unit;
    const warnings = [`${RECORDED_WARNING} (case ${match.case.id})`];
    if (match.case.trace !== undefined) {
      const trace: CalculationTraceEntry[] = match.case.trace.map((e) => ({ rule_id: e.rule_id, variable: e.variable, entity: e.entity ?? entity, entity_id: e.entity_id ?? entity_id, value: e.value, sources: e.sources }));
      return { outputs: values, trace: withRuleCards(trace, match.cards), warnings };
    }
    // Every output named here is declared (the use case resolved it), so each has its card.
    const trace: CalculationTraceEntry[] = outputs.map((name) => {
      const meta = this.outputMeta.get(name);
      return { rule_id: meta?.legal_id ?? name, variable: name, entity, entity_id, value: match.case.outputs[name], sources: meta?.sources ?? [] };
    });
    return { outputs: values, trace: withRuleCards(trace, outputs.map((name) => this.outputCards.get(name)!)), warnings };
  }
}

export class FixtureRuntime implements Calculator {
  readonly mode = 'fixture' as const;
  readonly id: string;
  private readonly byKey: Map<string, FixtureExecutablePackage>;

  constructor(file: FixtureFile) {
    if (typeof file?.runtime_id !== 'string' || !Array.isArray(file.packages)) fail('expected {runtime_id, packages[]}');
    this.id = file.runtime_id;
    this.byKey = new Map(file.packages.map((definition) => [`${definition.jurisdiction}/${definition.program_id}`, new FixtureExecutablePackage(file.runtime_id, definition)]));
  }

  static fromFile(path: string): FixtureRuntime {
    return new FixtureRuntime(JSON.parse(readFileSync(path, 'utf8')) as FixtureFile);
  }

  find(programId: string, jurisdiction: string): ExecutablePackage | undefined {
    return this.byKey.get(`${jurisdiction}/${programId}`);
  }

  packages(): readonly ExecutablePackage[] {
    return [...this.byKey.values()];
  }

  /** The recorded definition (for the read surface: outputs with legal ids, a sample household). */
  definition(programId: string, jurisdiction: string): FixturePackage | undefined {
    return this.byKey.get(`${jurisdiction}/${programId}`)?.definition;
  }
}
