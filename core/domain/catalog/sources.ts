/**
 * SourceReferences of one rule. Types:
 *  - official: the legal citation the rule records (`source`, `source_url`, `sources[]`);
 *  - derived: a proof atom tying a part of the rule (a value, formula or condition) to source text, with its excerpt;
 *  - repository: the module's place in the source-text corpus (`source_verification.corpus_citation_path`).
 * Import proof atoms cite rules, not sources: they appear as dependencies instead. Identical references collapse.
 */

import type { CatalogModule, CatalogRule, SourceReference } from './types.js';

/** A SourceReference without its id, which is `<rule id>@<key>` (built when served, not stored). */
export type StoredSource = Omit<SourceReference, 'id'> & { key: string };

export function sourceReference(ruleId: string, s: StoredSource): SourceReference {
  return { id: `${ruleId}@${s.key}`, citation_path: s.citation_path, label: s.label, url: s.url, quote: s.quote, source_type: s.source_type };
}

export function buildSources(ruleCitationPath: string, rule: CatalogRule, module: CatalogModule): StoredSource[] {
  const moduleCitation = module.corpusCitationPath ?? ruleCitationPath;
  const refs: StoredSource[] = [];
  const seen = new Set<string>();
  const push = (ref: StoredSource): void => {
    const key = `${ref.source_type}\u0000${ref.citation_path}\u0000${ref.label}\u0000${ref.url ?? ''}\u0000${ref.quote ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    refs.push(ref);
  };

  if (rule.source || rule.sourceUrl) {
    push({
      key: 'source',
      citation_path: moduleCitation,
      label: (rule.source ?? rule.sourceUrl ?? '').trim(),
      url: rule.sourceUrl ?? null,
      quote: null,
      source_type: 'official',
    });
  }
  (rule.sources ?? []).forEach((s, i) => {
    const label = (s.citation ?? s.url ?? '').trim();
    if (!label) return;
    push({ key: `sources.${i}`, citation_path: moduleCitation, label, url: s.url ?? null, quote: null, source_type: 'official' });
  });
  if (module.corpusCitationPath) {
    push({
      key: 'module',
      citation_path: module.corpusCitationPath,
      label: `Source text ${module.corpusCitationPath}`,
      url: null,
      quote: null,
      source_type: 'repository',
    });
  }
  (rule.proofAtoms ?? []).forEach((atom, i) => {
    if (atom.kind === 'import' || !atom.citationPath) return;
    const excerpt = atom.excerpt?.trim() || null;
    // An atom without an excerpt that points at the module's own text adds nothing to the repository reference.
    if (!excerpt && atom.citationPath === module.corpusCitationPath) return;
    push({
      key: `proof.${i}`,
      citation_path: atom.citationPath,
      label: `Proof of ${atom.path ?? 'the rule'}${atom.kind ? ` (${atom.kind})` : ''} from ${atom.citationPath}`,
      url: null,
      quote: excerpt,
      source_type: 'derived',
    });
  });
  return refs;
}
