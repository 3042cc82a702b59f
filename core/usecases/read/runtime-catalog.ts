/**
 * A RuntimeCatalog over the configured Calculators (lookup order: the first runtime with a package for a
 * jurisdiction/program serves it, as in calculation): summaries, details and graphs of the executable packages.
 * Details come from the package's household shape, outputs and aliases; the optional description (from the
 * package's own `describe()` or from a describer supplied by the composition root) adds legal ids, a sample
 * household, acknowledged-incomplete outputs, test failures and the compiled graph.
 */
import type { PackageEntity, PackageInput } from '../../domain/household/shape.js';
import { sampleHousehold } from '../../domain/household/sample.js';
import type { Calculator, ExecutablePackage } from '../../ports/calculator.js';
import {
  isDescribed,
  type PackageDescription,
  type PackageFacts,
  type PackageOutputView,
  type PackageGraphView,
  type RuntimeCatalog,
  type RuntimePackageDetail,
  type RuntimePackageSummary,
} from '../../ports/runtime.js';

export type PackageDescriber = (pkg: ExecutablePackage) => PackageDescription | undefined;

export class CalculatorRuntimeCatalog implements RuntimeCatalog {
  constructor(
    private readonly calculators: () => readonly Calculator[],
    private readonly describer: PackageDescriber = () => undefined,
  ) {}

  get name(): string {
    const list = this.calculators();
    return list.length > 0 ? list.map((c) => `${c.mode}:${c.id}`).join(', ') : 'none';
  }

  health(): { status: 'ready' | 'unavailable'; detail?: string } {
    const all = this.all();
    const count = all.length;
    if (count === 0) return { status: 'unavailable', detail: 'no executable runtime package is configured' };
    const broken = all.filter((pkg) => this.describe(pkg).sample_problem !== undefined).length;
    const detail = `${count} executable ${count === 1 ? 'package' : 'packages'}`;
    return { status: 'ready', detail: broken > 0 ? `${detail}; ${broken} unavailable (no sample household computes)` : detail };
  }

  packages(): RuntimePackageSummary[] {
    return this.sorted().map((pkg) => summaryOf(pkg, this.describe(pkg)));
  }

  package(jurisdiction: string, programId: string): RuntimePackageDetail | undefined {
    const pkg = this.find(jurisdiction, programId);
    if (!pkg) return undefined;
    const description = this.describe(pkg);
    const period = pkg.shape.default_period;
    const household = description.sample_household ?? sampleHousehold(period, pkg.shape.entities);
    return {
      ...summaryOf(pkg, description),
      default_period: period,
      outputs: outputsOf(pkg, description.outputs),
      ...(description.person_outputs ? { person_outputs: description.person_outputs.map((o) => ({ ...o })) } : {}),
      entities: pkg.shape.entities.map(specEntity),
      output_aliases: { ...pkg.output_aliases },
      household_aliases: { ...(pkg.shape.household_aliases ?? {}) },
      sample_request: { program_id: pkg.program_id, jurisdiction: pkg.jurisdiction, household, variables: [...pkg.default_outputs] },
    };
  }

  graph(jurisdiction: string, programId: string): PackageGraphView | undefined {
    const pkg = this.find(jurisdiction, programId);
    return pkg ? this.describe(pkg).graph : undefined;
  }

  facts(): PackageFacts[] {
    return this.sorted().map((pkg) => {
      const d = this.describe(pkg);
      return {
        jurisdiction: pkg.jurisdiction,
        program_id: pkg.program_id,
        // A package none of whose sample households computes is not counted as executable (program `partial`).
        executable: d.sample_problem === undefined,
        acknowledged_incomplete: d.acknowledged_incomplete ?? [],
        failing_tests: d.failing_tests ?? 0,
      };
    });
  }

  private describe(pkg: ExecutablePackage): PackageDescription {
    return (isDescribed(pkg) ? pkg.describe() : undefined) ?? this.describer(pkg) ?? {};
  }

  private find(jurisdiction: string, programId: string): ExecutablePackage | undefined {
    for (const c of this.calculators()) {
      const pkg = c.find(programId, jurisdiction);
      if (pkg) return pkg;
    }
    return undefined;
  }

  /** One package per jurisdiction/program (the first runtime's), in lookup order. */
  private all(): ExecutablePackage[] {
    const seen = new Map<string, ExecutablePackage>();
    for (const c of this.calculators()) {
      for (const pkg of c.packages()) {
        const key = `${pkg.jurisdiction}/${pkg.program_id}`;
        if (!seen.has(key)) seen.set(key, pkg);
      }
    }
    return [...seen.values()];
  }

  private sorted(): ExecutablePackage[] {
    return this.all().sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.program_id.localeCompare(b.program_id));
  }
}

/** The spec's entity fields only (runtime-internal input flags stay internal). */
function specEntity(e: PackageEntity): PackageEntity {
  return {
    entity: e.entity,
    id_template: e.id_template,
    ...(e.count !== undefined ? { count: e.count } : {}),
    ...(e.count_from !== undefined ? { count_from: e.count_from } : {}),
    inputs: e.inputs.map(specInput),
    ...(e.relations ? { relations: e.relations.map((r) => ({ name: r.name, tuple: [...r.tuple] })) } : {}),
  };
}

/** The spec's input fields, then the documented ones the package states (values, description, period, unit). */
function specInput(i: PackageInput): PackageInput {
  return {
    name: i.name,
    dtype: i.dtype,
    ...(i.default !== undefined ? { default: i.default } : {}),
    ...(i.values !== undefined ? { values: [...i.values] } : {}),
    ...docsOf(i),
  };
}

function docsOf(item: { description?: string; period?: string; unit?: string }): Pick<PackageOutputView, 'description' | 'period' | 'unit'> {
  return {
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...(item.period !== undefined ? { period: item.period } : {}),
    ...(item.unit !== undefined ? { unit: item.unit } : {}),
  };
}

/** `unavailable` when the package reports that no sample household computes (PackageDescription.sample_problem). */
function summaryOf(pkg: ExecutablePackage, description: PackageDescription): RuntimePackageSummary {
  const inputs = new Set<string>();
  for (const e of pkg.shape.entities) for (const i of e.inputs) inputs.add(i.name);
  return {
    program_id: pkg.program_id,
    jurisdiction: pkg.jurisdiction,
    runtime_id: pkg.runtime_id,
    mode: pkg.mode,
    status: description.sample_problem === undefined ? 'ready' : 'unavailable',
    default_outputs: [...pkg.default_outputs],
    output_count: pkg.outputs.length,
    entity_count: pkg.shape.entities.length,
    input_count: inputs.size,
  };
}

/** Canonical outputs (with legal ids and docs when described), then one entry per alias carrying its output's docs. */
function outputsOf(pkg: ExecutablePackage, described: PackageOutputView[] | undefined): PackageOutputView[] {
  const byName = new Map((described ?? []).filter((o) => !o.alias_for).map((o) => [o.name, o]));
  const outputs: PackageOutputView[] = pkg.outputs.map((name) => {
    const d = byName.get(name);
    return { name, ...(d?.legal_id ? { legal_id: d.legal_id } : {}), ...(d ? docsOf(d) : {}) };
  });
  for (const [alias, canonical] of Object.entries(pkg.output_aliases)) {
    const d = byName.get(canonical);
    outputs.push({ name: alias, alias_for: canonical, ...(d ? docsOf(d) : {}) });
  }
  return outputs;
}
