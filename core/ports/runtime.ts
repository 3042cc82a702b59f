/**
 * The read side of the calculation runtime: package listings, package details and compiled program graphs
 * (spec "Runtime packages"). The calculation side (executing a package) is core/ports/calculator.ts.
 *
 * Who implements it: core/usecases/read/runtime-catalog.ts (CalculatorRuntimeCatalog) derives a RuntimeCatalog from any Calculator
 * (fixture or compiled) plus the optional PackageDescription each package may expose. A compiled runtime makes
 * its packages richer by implementing `describe()` on its ExecutablePackage objects (see DescribedPackage):
 * output legal ids, acknowledged-incomplete outputs, test failures, a sample household and the ProgramGraph.
 * Nothing else needs to change for the read routes, /v1/capabilities and ProgramSummary.status to follow.
 */
import type { PackageEntity } from '../domain/household/shape.js';
import type { DependencyStatus } from './readiness.js';
import type { CalculateRequest, ExecutablePackage, RuntimeMode } from './calculator.js';

export interface RuntimePackageSummary {
  program_id: string;
  jurisdiction: string;
  runtime_id: string;
  mode: RuntimeMode;
  status: 'ready' | 'unavailable';
  /** Outputs computed when a request omits `variables`. */
  default_outputs: string[];
  output_count?: number;
  entity_count?: number;
  input_count?: number;
}

export interface PackageOutputView {
  name: string;
  legal_id?: string;
  /** Set on alias entries: the canonical output the alias stands for. */
  alias_for?: string;
  /** What the output means, from the package's source (absent when the source says nothing). */
  description?: string;
  /** `month`, `year` or `none` (from the source; absent when it says nothing). */
  period?: string;
  /** e.g. `USD per month`, `boolean` (from the source; absent when it says nothing). */
  unit?: string;
}

export interface RuntimePackageDetail extends RuntimePackageSummary {
  /** `YYYY-MM` */
  default_period: string;
  outputs: PackageOutputView[];
  /** Tenet extension, only for a package decided per person: what CalculateResponse.person_outputs reports per person. */
  person_outputs?: PackageOutputView[];
  entities: PackageEntity[];
  output_aliases: Record<string, string>;
  household_aliases: Record<string, string>;
  /** A request that computes with this package as it is. */
  sample_request: CalculateRequest;
}

export interface PackageGraphRule {
  legalId: string;
  name: string;
  fileLegalId: string;
  kind: 'derived' | 'parameter';
  entity?: string | null;
  dtype?: string | null;
  period?: string | null;
  unit?: string | null;
  source?: string | null;
  sourceUrl?: string | null;
  ruleDeps: string[];
  inputDeps: string[];
  relationDeps: string[];
  formula?: string | null;
}

export interface GraphInput {
  legalId: string;
  name: string;
  fileLegalId: string;
  entity: string;
  relationLegalId?: string;
}

export interface GraphRelation {
  legalId: string;
  name: string;
  fileLegalId: string;
  memberInputIds: string[];
}

/** The compiled artifact's dependency DAG. */
export interface PackageGraphView {
  rules: PackageGraphRule[];
  inputs: GraphInput[];
  relations: GraphRelation[];
  ownOutputs: string[];
  terminalOutputs: string[];
}

/** Extra facts a package may describe about itself; every field is optional. */
export interface PackageDescription {
  outputs?: PackageOutputView[];
  /** The person-level results an answer reports per person (RuntimePackageDetail.person_outputs). */
  person_outputs?: PackageOutputView[];
  /** Outputs the program spec declares acknowledged-incomplete (makes the program `partial`). */
  acknowledged_incomplete?: string[];
  /** Companion or package tests that fail (makes the program `partial`). */
  failing_tests?: number;
  /** A household that computes; default: one built from the package's input defaults. */
  sample_household?: Record<string, unknown>;
  /**
   * Set when the package verified its sample and none computes: the package is listed `unavailable`, its
   * program `partial`, and capabilities carries no sample request for it.
   */
  sample_problem?: string;
  graph?: PackageGraphView;
}

/** An ExecutablePackage that can describe itself further. */
export interface DescribedPackage extends ExecutablePackage {
  describe(): PackageDescription;
}

export function isDescribed(pkg: ExecutablePackage): pkg is DescribedPackage {
  return typeof (pkg as Partial<DescribedPackage>).describe === 'function';
}

/** What ProgramSummary.status needs to know about one package. */
export interface PackageFacts {
  jurisdiction: string;
  program_id: string;
  executable: boolean;
  acknowledged_incomplete: readonly string[];
  failing_tests: number;
}

export interface RuntimeCatalog {
  /** Runtime name reported in capabilities (`runtime.name`). */
  readonly name: string;
  health(): { status: DependencyStatus; detail?: string };
  packages(): RuntimePackageSummary[];
  /** undefined for an unknown package. */
  package(jurisdiction: string, programId: string): RuntimePackageDetail | undefined;
  /** undefined when the package is unknown or has no compiled graph. */
  graph(jurisdiction: string, programId: string): PackageGraphView | undefined;
  facts(): PackageFacts[];
}
