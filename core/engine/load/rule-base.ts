/** The fields every rule shape shares, read from a raw rule, and how rule loaders report problems. */
import type { SourceRef } from './model.js';
import { isObject, str, type Obj } from '../syntax/yaml.js';

export interface RuleProblems {
  /** An error at the rule (its `- name:` line unless a line and column are given). */
  readonly err: (message: string, line?: number, column?: number) => void;
  readonly warn: (message: string) => void;
}

export interface RuleOrigin {
  readonly moduleId: string;
  /** The module's corpus_citation_path. */
  readonly citationPath: string | undefined;
  /** Line of the rule's `- name:` entry. */
  readonly line: number | undefined;
}

export type RuleBase = ReturnType<typeof ruleBase>;

export function ruleBase(name: string, kind: string, raw: Obj, origin: RuleOrigin) {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const sources: SourceRef[] = [];
  if (Array.isArray(raw.sources))
    for (const s of raw.sources) if (isObject(s) && str(s.citation)) sources.push({ citation: str(s.citation)!, url: str(s.url) });
  return {
    name,
    id: `${origin.moduleId}#${name}`,
    module: origin.moduleId,
    citationPath: origin.citationPath,
    declaredKind: kind,
    source: str(raw.source),
    sourceUrl: str(raw.source_url),
    sources,
    label: str(raw.label),
    description: str(raw.description),
    period: str(raw.period),
    line: origin.line,
    private: meta.private === true,
    metadata: isObject(raw.metadata) ? raw.metadata : undefined,
  };
}

/**
 * A rule of one shape: `base` completed in place with the shape's own fields. Each rule's base is made for it
 * alone (loadRule), so nothing else sees the change; copying its 14 fields into a new object by spread was a
 * measurable share of loading time.
 */
export function shaped<const S extends object>(base: RuleBase, fields: S): RuleBase & S {
  return Object.assign(base, fields);
}
