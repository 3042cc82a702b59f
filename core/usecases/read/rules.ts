/** GET /v1/rules/{rule_id}, /sources and /dependencies: one rule by id or citation path. */
import { ServiceError } from '../../domain/errors.js';
import { summaryOf } from '../../domain/catalog/rule-index.js';
import type { RuleDetail, RuleSummary, SourceReference } from '../../domain/catalog/types.js';
import type { ReadCatalog } from './read-catalog.js';

function find(catalog: ReadCatalog, ref: string): RuleDetail {
  const rule = catalog.rules.resolve(ref);
  if (!rule) throw new ServiceError('not_found', `No rule has the id or citation path ${JSON.stringify(ref.slice(0, 300))}.`);
  return rule;
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
