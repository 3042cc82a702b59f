/** Maps the engine's loaded repository (core/engine) onto the rule index's neutral input model. */
import type { CatalogModule, CatalogProofAtom, CatalogRule } from '../../core/domain/catalog/types.js';
import type { LoadedModule, Rule } from '../../core/engine/load/model.js';

const text = (x: unknown): string | undefined => (typeof x === 'string' && x.trim() !== '' ? x : undefined);
const record = (x: unknown): Record<string, unknown> | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;

/** `metadata.proof.atoms[]`: `{path, kind, source: {corpus_citation_path, excerpt?}}` (import atoms carry no source). */
export function proofAtoms(metadata: Readonly<Record<string, unknown>> | undefined): CatalogProofAtom[] {
  const atoms = record(metadata?.proof)?.atoms;
  if (!Array.isArray(atoms)) return [];
  const out: CatalogProofAtom[] = [];
  for (const a of atoms) {
    const atom = record(a);
    if (!atom) continue;
    const source = record(atom.source);
    out.push({ path: text(atom.path), kind: text(atom.kind), citationPath: text(source?.corpus_citation_path), excerpt: text(source?.excerpt) });
  }
  return out;
}

function catalogRule(rule: Rule): CatalogRule {
  const base = {
    name: rule.name,
    label: rule.label,
    description: rule.description,
    period: rule.period,
    source: rule.source,
    sourceUrl: rule.sourceUrl,
    sources: rule.sources.map((s) => ({ citation: s.citation, url: s.url })),
    proofAtoms: proofAtoms(rule.metadata),
    formulas: [] as string[],
    hasValues: false,
    effectiveFrom: [] as string[],
  };
  switch (rule.shape) {
    case 'parameter':
    case 'derived':
      return {
        ...base,
        kind: rule.shape,
        entity: rule.shape === 'derived' ? rule.entity : undefined,
        dtype: rule.dtypeLabel,
        unit: rule.unit,
        indexedBy: rule.shape === 'parameter' ? rule.indexedBy : undefined,
        formulas: rule.versions.map((v) => v.formulaText ?? '').filter((f) => f !== ''),
        hasValues: rule.versions.some((v) => v.cells !== undefined),
        effectiveFrom: rule.versions.map((v) => v.from),
      };
    case 'derived_relation':
      return {
        ...base,
        kind: 'derived_relation',
        sourceRelation: rule.sourceRelation,
        formulas: rule.versions.map((v) => v.formulaText ?? '').filter((f) => f !== ''),
        effectiveFrom: rule.versions.map((v) => v.from),
      };
    case 'data_relation':
      return { ...base, kind: 'data_relation' };
    case 'source_relation':
      return {
        ...base,
        kind: 'source_relation',
        relationType: rule.relationType,
        linkedIds: [rule.target, rule.value, rule.delegation].filter((x): x is string => typeof x === 'string'),
      };
  }
}

export function catalogModule(m: LoadedModule): CatalogModule {
  return {
    id: m.id,
    path: m.path,
    summary: m.meta.summary,
    corpusCitationPath: m.meta.citationPath,
    imports: [...m.imports],
    rules: m.rules.map(catalogRule),
  };
}
