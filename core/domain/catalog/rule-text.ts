/** Plain-language summary of a rule, built from its declared metadata (never from legal text we do not hold). */

import type { CatalogModule, CatalogRule } from './types.js';
import { humanize } from './naming.js';

const DTYPE_PHRASES: Record<string, string> = {
  judgment: 'yes/no determination',
  money: 'money amount',
  rate: 'rate',
  count: 'count',
  integer: 'whole number',
  int: 'whole number',
  boolean: 'true/false flag',
  bool: 'true/false flag',
  text: 'text value',
  string: 'text value',
  date: 'date',
  decimal: 'number',
  number: 'number',
  float: 'number',
};

const PERIOD_PHRASES: Record<string, string> = { month: 'monthly', year: 'yearly', day: 'daily', week: 'weekly', hour: 'hourly' };

function valuePhrase(rule: CatalogRule): string {
  const dtype = DTYPE_PHRASES[(rule.dtype ?? '').toLowerCase()] ?? 'value';
  const period = PERIOD_PHRASES[(rule.period ?? '').toLowerCase()];
  const unit = rule.unit ? ` in ${rule.unit}` : '';
  return `${period ? `${period} ` : ''}${dtype}${unit}`;
}

function kindPhrase(rule: CatalogRule): string {
  switch (rule.kind) {
    case 'parameter':
      return rule.indexedBy
        ? `a ${valuePhrase(rule)} parameter table keyed by ${humanize(rule.indexedBy).toLowerCase()}`
        : `a ${valuePhrase(rule)} parameter`;
    case 'derived':
      return `a ${valuePhrase(rule)} computed${rule.entity ? ` for each ${rule.entity}` : ''}`;
    case 'source_relation':
      return `a legal link${rule.relationType ? ` (${rule.relationType})` : ''} between rules`;
    case 'data_relation':
      return 'a relation whose rows the caller supplies';
    case 'derived_relation':
      return `a relation filtered from ${rule.sourceRelation ?? 'another relation'}`;
  }
}

export function ruleSummaryText(
  rule: CatalogRule,
  module: CatalogModule,
  place: { jurisdictionName: string; documentClass: string; locator: string; program?: string },
): string {
  const declared = oneLine(rule.description) || oneLine(rule.label);
  const lead = declared ? (declared.endsWith('.') ? declared.slice(0, -1) : declared) : `${humanize(rule.name)}: ${kindPhrase(rule)}`;
  const source = oneLine(rule.source);
  const program = place.program ? ` Part of the ${place.program} program.` : '';
  return `${lead}. ${place.jurisdictionName} ${place.documentClass} ${place.locator}.${program}${source ? ` Source: ${source}.` : ''}`;
}

/** Trimmed text on one line (YAML block scalars keep their newlines). */
function oneLine(text: string | undefined): string {
  if (!text) return '';
  const trimmed = text.trim();
  return /\s\s|[\n\r\t]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}
