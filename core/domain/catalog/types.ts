/**
 * Records of the read surface (spec: "Program and rule records") and the neutral input the rule index is built from.
 *
 * The input side (`Catalog*`) is deliberately small and engine-agnostic: an adapter maps whatever the RuleSpec loader
 * produced into it, so the index never depends on the loader's internals.
 */

export type RuleStatus = 'encoded' | 'source-linked' | 'planned';
export type ProgramStatus = 'available' | 'partial' | 'planned';
export type SourceType = 'official' | 'derived' | 'repository';

export interface Provenance {
  rulespec_repo: string;
  rulespec_path: string;
  rulespec_branch: string;
  source_release: string;
}

export interface RuleSummary {
  id: string;
  citation_path: string;
  name: string;
  jurisdiction: string;
  program_id: string;
  document_class: string;
  status: RuleStatus;
  source_count: number;
}

export interface RuleDetail extends RuleSummary {
  summary: string;
  symbols: string[];
  dependencies: string[];
  dependents: string[];
  version: string;
  provenance: Provenance;
}

export interface SourceReference {
  id: string;
  citation_path: string;
  label: string;
  url: string | null;
  quote: string | null;
  source_type: SourceType;
}

export interface ProgramSummary {
  id: string;
  name: string;
  jurisdiction: string;
  description: string;
  rule_count: number;
  status: ProgramStatus;
}

// ---------------------------------------------------------------------------------------------------------------
// Input model

/** Where a repository's rules come from; every field is required so provenance is always complete. */
export interface RepositoryIdentity {
  /** e.g. `TheAxiomFoundation/rulespec-us` or a remote URL; from git metadata, else configuration. */
  repo: string;
  branch: string;
  /** A commit id or release tag of the repository content. */
  release: string;
}

export interface CatalogProofAtom {
  path?: string;
  kind?: string;
  citationPath?: string;
  excerpt?: string;
}

export interface CatalogRule {
  /** Local name (the id fragment). */
  name: string;
  kind: 'derived' | 'parameter' | 'source_relation' | 'data_relation' | 'derived_relation';
  entity?: string;
  dtype?: string;
  unit?: string;
  period?: string;
  label?: string;
  description?: string;
  source?: string;
  sourceUrl?: string;
  sources?: { citation?: string; url?: string }[];
  indexedBy?: string;
  /** Formula text of every version, in version order. */
  formulas: string[];
  /** True when some version carries a `values` table. */
  hasValues: boolean;
  /** `effective_from` of every version. */
  effectiveFrom: string[];
  /** For source relations: the relation type (`sets`, `restates`, ...). */
  relationType?: string;
  /** For source relations: the durable ids the edge links (target, value, delegation). */
  linkedIds?: string[];
  /** For derived relations: the relation it filters (local name or durable id). */
  sourceRelation?: string;
  proofAtoms?: CatalogProofAtom[];
}

export interface CatalogModule {
  /** `<jur>:<root>/<path>` */
  id: string;
  /** Path of the YAML file relative to the repository root, with forward slashes. */
  path: string;
  summary?: string;
  /** `source_verification.corpus_citation_path`. */
  corpusCitationPath?: string;
  /** Absolute module ids, fragments removed. */
  imports: string[];
  rules: CatalogRule[];
}

export interface CatalogProgramSpec {
  /** `<jur>/<program>` as written in the spec's `program:` key. */
  program: string;
  /** Path of the spec file relative to the repository root. */
  path: string;
  period?: string;
  outputs: string[];
  acknowledgedIncomplete: string[];
  /** Scope entries already resolved to module ids (`<jur>:<root>/<path>`). */
  scopeModules: string[];
  /** Optional human description (e.g. the spec's leading comment). */
  description?: string;
}

export interface CatalogRepository {
  identity: RepositoryIdentity;
  modules: CatalogModule[];
  programs: CatalogProgramSpec[];
}

/** What the runtime knows about one program's executable package; decides ProgramSummary.status. */
export interface PackageReadiness {
  jurisdiction: string;
  programId: string;
  /** True when the package compiled and can execute. */
  executable: boolean;
  /** Outputs the package declares as acknowledged-incomplete. */
  acknowledgedIncomplete: readonly string[];
  /** Failing companion or package tests, when known. */
  failingTests: number;
}
