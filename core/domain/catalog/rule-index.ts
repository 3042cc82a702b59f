/**
 * The rule index: every rule of every configured repository as a RuleDetail, its SourceReferences, and the program
 * list. Built once at start-up (pure; the caller loads the repositories) and then read-only.
 */

import { citationPathOf, ruleIdCandidates } from './citation-path.js';
import { closureFinder, nameResolver, ruleIdOf } from './closure.js';
import { formulaIdentifiers } from './formula-identifiers.js';
import { documentClassOf, jurisdictionName } from './jurisdictions.js';
import { assignPrograms, jurisdictionOfModule, moduleSegments, parseProgramKey, type ProgramRef } from './program-assignment.js';
import { programStatus } from './program-status.js';
import { programDisplayName } from './naming.js';
import { own, StringPool } from './own-string.js';
import { ruleSummaryText } from './rule-text.js';
import { buildSources, sourceReference, type StoredSource } from './sources.js';
import type {
  CatalogModule,
  CatalogProgramSpec,
  CatalogRepository,
  PackageReadiness,
  ProgramSummary,
  RepositoryIdentity,
  RuleDetail,
  RuleSummary,
  SourceReference,
} from './types.js';

interface Entry {
  detail: RuleDetail;
  sources: StoredSource[];
}

interface ProgramRecord {
  id: string;
  jurisdiction: string;
  name: string;
  description: string;
  rule_count: number;
}

export { ruleIdOf };

export function summaryOf(d: RuleDetail): RuleSummary {
  return {
    id: d.id,
    citation_path: d.citation_path,
    name: d.name,
    jurisdiction: d.jurisdiction,
    program_id: d.program_id,
    document_class: d.document_class,
    status: d.status,
    source_count: d.source_count,
  };
}

export class RuleIndex {
  private readonly byRef = new Map<string, Entry>();
  /** Jurisdiction and program ids that rules or program specs carry: search filters outside them can match nothing. */
  readonly jurisdictionIds = new Set<string>();
  readonly programIds = new Set<string>();
  /** Rule ids by module id (`us:statutes/7/2017/a` -> its `...#name` ids), to explain a reference cut at `#`. */
  private readonly byModule = new Map<string, string[]>();

  constructor(
    private readonly entries: readonly Entry[],
    private readonly programRecords: readonly ProgramRecord[],
    readonly repositories: readonly RepositoryIdentity[],
  ) {
    for (const e of entries) this.byRef.set(e.detail.id, e);
    // Citation paths never shadow an id.
    for (const e of entries) if (!this.byRef.has(e.detail.citation_path)) this.byRef.set(e.detail.citation_path, e);
    for (const p of programRecords) {
      this.jurisdictionIds.add(p.jurisdiction);
      this.programIds.add(p.id);
    }
    for (const e of entries) {
      this.jurisdictionIds.add(e.detail.jurisdiction);
      this.programIds.add(e.detail.program_id);
      const hash = e.detail.id.indexOf('#');
      if (hash < 0) continue;
      const module = e.detail.id.slice(0, hash);
      const ids = this.byModule.get(module);
      if (ids) ids.push(e.detail.id);
      else this.byModule.set(module, [e.detail.id]);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every rule, in repository and file order. */
  rules(): RuleDetail[] {
    return this.entries.map((e) => e.detail);
  }

  /** A rule by id or citation path. */
  resolve(ref: string): RuleDetail | undefined {
    return this.entry(ref)?.detail;
  }

  /** Ids of the rules declared in module `moduleId` (`<jurisdiction>:<path>`, no `#`), in file order; empty when none. */
  ruleIdsOfModule(moduleId: string): readonly string[] {
    return this.byModule.get(moduleId) ?? [];
  }

  sourcesOf(ref: string): SourceReference[] | undefined {
    const e = this.entry(ref);
    return e?.sources.map((s) => sourceReference(e.detail.id, s));
  }

  /** One summary per program spec and per jurisdiction/program found in the rules; status from the runtime's packages. */
  programs(readiness: readonly PackageReadiness[] = []): ProgramSummary[] {
    const byKey = new Map(readiness.map((r) => [`${r.jurisdiction}/${r.programId}`, r]));
    return this.programRecords.map((p) => ({ ...p, status: programStatus(byKey.get(`${p.jurisdiction}/${p.id}`)) }));
  }

  private entry(ref: string): Entry | undefined {
    for (const candidate of ruleIdCandidates(ref)) {
      const e = this.byRef.get(candidate);
      if (e) return e;
    }
    // `<module>#<name>` also finds a relation declared as `<module>#relation.<name>`.
    const hash = ref.lastIndexOf('#');
    if (hash > 0) return this.byRef.get(`${ref.slice(0, hash)}#relation.${ref.slice(hash + 1)}`);
    return undefined;
  }
}

interface Located {
  module: CatalogModule;
  repo: RepositoryIdentity;
}

type ProgramSpecs = Map<string, { ref: ProgramRef; specs: CatalogProgramSpec[]; repo: RepositoryIdentity }>;

/** What every rule entry of one build reads: module lookup, closures, program assignment, names, the string pool. */
interface IndexBuild {
  readonly closureOf: (moduleId: string) => ReadonlySet<string>;
  readonly programOfModule: ReadonlyMap<string, string>;
  readonly declaredPrograms: ReadonlySet<string>;
  readonly resolveName: (name: string, moduleId: string, closure: ReadonlySet<string>) => string | undefined;
  readonly knownIds: ReadonlySet<string>;
  readonly pool: StringPool;
}

export function buildRuleIndex(repositories: readonly CatalogRepository[]): RuleIndex {
  const modules = firstModules(repositories);
  const closureOf = closureFinder(modules);
  const specs = programSpecs(repositories);
  const members = [...specs.values()].map((s) => {
    const set = new Set<string>();
    for (const spec of s.specs) for (const root of spec.scopeModules) for (const id of closureOf(root)) set.add(id);
    return { ref: s.ref, modules: set };
  });
  const build: IndexBuild = {
    closureOf,
    programOfModule: assignPrograms(members, modules.keys()),
    declaredPrograms: new Set(members.map((m) => m.ref.programId)),
    ...nameResolver(modules),
    pool: new StringPool(),
  };
  const entries: Entry[] = [];
  for (const [moduleId, located] of modules) for (const rule of located.module.rules) entries.push(ruleEntry(build, moduleId, located, rule));
  entries.push(...plannedEntries(build.pool, modules, specs));
  linkDependents(entries);

  const k = (x: string): string => build.pool.keep(x);
  const programs = programRecords(entries, specs).map((p) => ({ ...p, id: k(p.id), jurisdiction: k(p.jurisdiction), name: own(p.name), description: own(p.description) }));
  return new RuleIndex(entries, programs, repositories.map((r) => ({ repo: own(r.identity.repo), branch: own(r.identity.branch), release: own(r.identity.release) })));
}

/** Modules by id; the first repository wins on duplicate module ids (configuration order). */
function firstModules(repositories: readonly CatalogRepository[]): Map<string, Located> {
  const modules = new Map<string, Located>();
  for (const repo of repositories) {
    for (const m of repo.modules) if (!modules.has(m.id)) modules.set(m.id, { module: m, repo: repo.identity });
  }
  return modules;
}

/** Program specs, merged by jurisdiction/program (several fiscal years may declare the same program). */
function programSpecs(repositories: readonly CatalogRepository[]): ProgramSpecs {
  const specs: ProgramSpecs = new Map();
  for (const repo of repositories) {
    for (const spec of repo.programs) {
      const ref = parseProgramKey(spec.program);
      if (!ref) continue;
      const key = `${ref.jurisdiction}/${ref.programId}`;
      const found = specs.get(key);
      if (found) found.specs.push(spec);
      else specs.set(key, { ref, specs: [spec], repo: repo.identity });
    }
  }
  return specs;
}

/** Rule ids a rule depends on: names its formulas and source relation read, resolved in its module's closure. */
function ruleDependencies(build: IndexBuild, moduleId: string, id: string, referenced: ReadonlySet<string>, linkedIds: readonly string[]): Set<string> {
  const closure = build.closureOf(moduleId);
  const dependencies = new Set<string>();
  for (const name of referenced) {
    if (name.includes('#')) {
      if (build.knownIds.has(name)) dependencies.add(name);
      continue;
    }
    const dep = build.resolveName(name, moduleId, closure);
    if (dep && dep !== id) dependencies.add(dep);
  }
  for (const linked of linkedIds) if (build.knownIds.has(linked) && linked !== id) dependencies.add(linked);
  return dependencies;
}

function ruleEntry(build: IndexBuild, moduleId: string, { module, repo }: Located, rule: CatalogModule['rules'][number]): Entry {
  const { pool } = build;
  const k = (x: string): string => pool.keep(x);
  const jurisdiction = jurisdictionOfModule(moduleId);
  const segments = moduleSegments(moduleId);
  const documentClass = documentClassOf(segments[0]);
  const programId = build.programOfModule.get(moduleId) ?? segments[0];
  const place = {
    jurisdictionName: jurisdictionName(jurisdiction),
    documentClass,
    locator: module.corpusCitationPath ?? citationPathOf(moduleId),
    program: build.declaredPrograms.has(programId) ? programDisplayName(programId) : undefined,
  };
  const id = ruleIdOf(moduleId, rule);
  const citationPath = citationPathOf(id);
  const referenced = new Set<string>();
  for (const f of rule.formulas) for (const ident of formulaIdentifiers(f)) referenced.add(ident);
  if (rule.sourceRelation) referenced.add(rule.sourceRelation);
  const dependencies = ruleDependencies(build, moduleId, id, referenced, rule.linkedIds ?? []);

  const symbols = new Set<string>([rule.name]);
  for (const name of [...referenced].sort()) if (!name.includes('#')) symbols.add(name);
  if (rule.indexedBy) symbols.add(rule.indexedBy);

  const sources = buildSources(citationPath, rule, module).map((ref) => ({
    key: ref.key,
    citation_path: k(ref.citation_path),
    label: k(ref.label),
    url: pool.keepOptional(ref.url),
    quote: ref.quote === null ? null : own(ref.quote),
    source_type: ref.source_type,
  }));
  return {
    sources,
    detail: {
      id: k(id),
      citation_path: own(citationPath),
      name: k(rule.name),
      jurisdiction: k(jurisdiction),
      program_id: k(programId),
      document_class: documentClass,
      status: rule.formulas.some((f) => f.trim() !== '') || rule.hasValues ? 'encoded' : 'source-linked',
      source_count: sources.length,
      summary: own(ruleSummaryText(rule, module, place)),
      symbols: [...symbols].map(k),
      dependencies: [...dependencies].sort().map(k),
      dependents: [],
      version: k(newest(rule.effectiveFrom)),
      provenance: { rulespec_repo: k(repo.repo), rulespec_path: own(module.path), rulespec_branch: k(repo.branch), source_release: k(repo.release) },
    },
  };
}

/** Program-scope entries no module provides yet. */
function plannedEntries(pool: StringPool, modules: ReadonlyMap<string, Located>, specs: ProgramSpecs): Entry[] {
  const k = (x: string): string => pool.keep(x);
  const planned = new Set<string>();
  const entries: Entry[] = [];
  for (const { ref, specs: group, repo } of specs.values()) {
    for (const spec of group) {
      for (const moduleId of spec.scopeModules) {
        if (modules.has(moduleId) || planned.has(moduleId)) continue;
        planned.add(moduleId);
        const d = plannedDetail(moduleId, ref, repo);
        entries.push({
          sources: [],
          detail: {
            ...d,
            id: k(d.id),
            citation_path: own(d.citation_path),
            name: k(d.name),
            jurisdiction: k(d.jurisdiction),
            program_id: k(d.program_id),
            summary: own(d.summary),
            provenance: { rulespec_repo: k(repo.repo), rulespec_path: own(d.provenance.rulespec_path), rulespec_branch: k(repo.branch), source_release: k(repo.release) },
          },
        });
      }
    }
  }
  return entries;
}

/** Fills each entry's `dependents` from the others' dependencies, sorted. */
function linkDependents(entries: readonly Entry[]): void {
  const byId = new Map(entries.map((e) => [e.detail.id, e]));
  for (const e of entries) {
    for (const dep of e.detail.dependencies) byId.get(dep)?.detail.dependents.push(e.detail.id);
  }
  for (const e of entries) e.detail.dependents.sort();
}

function plannedDetail(moduleId: string, ref: ProgramRef, repo: RepositoryIdentity): RuleDetail {
  const jurisdiction = jurisdictionOfModule(moduleId);
  const segments = moduleSegments(moduleId);
  const documentClass = documentClassOf(segments[0]);
  return {
    id: moduleId,
    citation_path: citationPathOf(moduleId),
    name: segments[segments.length - 1],
    jurisdiction,
    program_id: ref.programId,
    document_class: documentClass,
    status: 'planned',
    source_count: 0,
    summary: `Planned: ${jurisdictionName(jurisdiction)} ${documentClass} ${segments.slice(1).join('/')} is in the scope of program ${ref.jurisdiction}/${ref.programId}, but no module encodes it yet.`,
    symbols: [],
    dependencies: [],
    dependents: [],
    version: 'unversioned',
    provenance: {
      rulespec_repo: repo.repo,
      rulespec_path: `${jurisdiction}/${segments.join('/')}.yaml`,
      rulespec_branch: repo.branch,
      source_release: repo.release,
    },
  };
}

function programRecords(
  entries: readonly Entry[],
  specs: ReadonlyMap<string, { ref: ProgramRef; specs: CatalogProgramSpec[] }>,
): ProgramRecord[] {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.detail.jurisdiction}/${e.detail.program_id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const records: ProgramRecord[] = [];
  for (const [key, { ref, specs: group }] of specs) {
    const outputs = [...new Set(group.flatMap((s) => s.outputs))];
    const periods = [...new Set(group.map((s) => s.period).filter((p): p is string => !!p))];
    const declared = group.map((s) => s.description?.trim()).find((d) => d);
    records.push({
      id: ref.programId,
      jurisdiction: ref.jurisdiction,
      name: `${jurisdictionName(ref.jurisdiction)} ${programDisplayName(ref.programId)}`,
      description:
        declared ??
        `Program spec ${group.map((s) => s.path).join(', ')}: outputs ${outputs.join(', ')}${periods.length ? `; period ${periods.join(', ')}` : ''}.`,
      rule_count: counts.get(key) ?? 0,
    });
  }
  for (const [key, count] of counts) {
    if (specs.has(key)) continue;
    const slash = key.indexOf('/');
    const jurisdiction = key.slice(0, slash);
    const id = key.slice(slash + 1);
    records.push({
      id,
      jurisdiction,
      name: `${jurisdictionName(jurisdiction)} ${programDisplayName(id)}`,
      description: `${count} ${count === 1 ? 'rule' : 'rules'} of ${jurisdictionName(jurisdiction)} grouped under ${id}; no program spec declares this program.`,
      rule_count: count,
    });
  }
  return records.sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.id.localeCompare(b.id));
}

function newest(dates: readonly string[]): string {
  let best = '';
  for (const d of dates) if (d > best) best = d;
  return best || 'unversioned';
}
