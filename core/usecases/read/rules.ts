/** GET /v1/rules/{rule_id}, /sources and /dependencies: one rule by id or citation path. */
import { ServiceError } from '../../domain/errors.js';
import { citationPathOf } from '../../domain/catalog/citation-path.js';
import { summaryOf } from '../../domain/catalog/rule-index.js';
import type { RuleDetail, RuleSummary, SourceReference } from '../../domain/catalog/types.js';
import type { ReadCatalog } from './read-catalog.js';

function find(catalog: ReadCatalog, ref: string): RuleDetail {
  const rule = catalog.rules.resolve(ref);
  if (!rule) throw new ServiceError('not_found', `No rule has the id or citation path ${JSON.stringify(ref.slice(0, 300))}.${fragmentHint(catalog, ref)}`);
  return rule;
}

/**
 * A rule id's `#` sent unescaped starts a URL fragment, which clients never send: the server sees only the module
 * part. When the reference is a module with rules, say so and show both spellings that work.
 */
function fragmentHint(catalog: ReadCatalog, ref: string): string {
  const ids = catalog.rules.ruleIdsOfModule(ref);
  if (ids.length === 0) return '';
  const example = ids[0]!;
  const examples = ids.slice(0, 3).map((id) => JSON.stringify(id)).join(', ');
  return (
    ` It is a module whose rule ids continue after a "#" (${examples}${ids.length > 3 ? ', ...' : ''}). ` +
    'A "#" in a URL starts a fragment, which the client does not send, so the server received only the part before it: ' +
    `percent-encode "#" as %23 (/v1/rules/${example.replace('#', '%23')}) or use the citation path (/v1/rules/${citationPathOf(example)}).`
  );
}

export function getRule(catalog: ReadCatalog, ref: string): { rule: RuleDetail } {
  return { rule: find(catalog, ref) };
}

export function getRuleSources(catalog: ReadCatalog, ref: string): { rule: RuleSummary; sources: SourceReference[] } {
  const rule = find(catalog, ref);
  return { rule: summaryOf(rule), sources: catalog.rules.sourcesOf(rule.id) ?? [] };
}

export function getRuleDependencies(catalog: ReadCatalog, ref: string): { rule: RuleSummary; dependencies: string[]; dependents: string[] } {
  const rule = find(catalog, ref);
  return { rule: summaryOf(rule), dependencies: rule.dependencies, dependents: rule.dependents };
}
