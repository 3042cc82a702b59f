import { describe, expect, it } from 'vitest';
import { buildRuleIndex } from '../../../../core/domain/catalog/rule-index.js';
import { SearchIndex } from '../../../../core/domain/search/search-index.js';
import { toSearchQuery } from '../../../../core/domain/search/search-request.js';
import { ServiceError } from '../../../../core/domain/errors.js';
import { fixtureRepository } from '../catalog/fixture.js';

const rules = buildRuleIndex([fixtureRepository()]).rules();
const index = new SearchIndex(rules);
const ids = (query: string, extra: Partial<Parameters<typeof toSearchQuery>[0]> = {}) =>
  index.search(toSearchQuery({ query, ...extra })).map((r) => r.id);

describe('matching', () => {
  it('requires every token of two or more characters to match', () => {
    expect(ids('snap allotment')).toContain('us:statutes/7/2017/a#snap_regular_month_allotment');
    expect(ids('snap allotment zebra')).toEqual([]);
    // Single-character tokens are ignored.
    expect(ids('snap allotment x')).toEqual(ids('snap allotment'));
  });

  it('matches term prefixes and folds plurals', () => {
    expect(ids('allot')).toContain('us:statutes/7/2017/a#snap_regular_month_allotment');
    expect(ids('allotments')).toContain('us:statutes/7/2017/a#snap_regular_month_allotment');
    expect(ids('utilities')).toContain('us-co:regulations/10-ccr-2506-1/4.407.31#snap_standard_utility_allowance');
  });

  it('matches over ids, citation paths, summaries and symbols', () => {
    expect(ids('us:statutes/7/2017/a#snap_regular_month_allotment')[0]).toBe('us:statutes/7/2017/a#snap_regular_month_allotment');
    expect(ids('us/statutes/7/2017/a/snap_regular_month_allotment')[0]).toBe('us:statutes/7/2017/a#snap_regular_month_allotment');
    expect(ids('household_size')).toEqual(['us:policies/usda/snap/max#snap_max_allotment', 'us:policies/usda/snap/max#snap_max_allotment_table']);
    expect(ids('colorado rate')).toEqual(['us-co:statutes/39/39-22-104#colorado_income_tax_rate']);
  });

  it('requires tokens with inner punctuation to occur verbatim', () => {
    expect(ids('us-co', { limit: 50 }).every((id) => id.startsWith('us-co:'))).toBe(true);
    expect(ids('us-co', { limit: 50 }).length).toBeGreaterThan(0);
    expect(ids('7/2017')).toEqual(expect.arrayContaining(['us:statutes/7/2017/a#snap_contribution_rate']));
    expect(ids('7/2099')).toEqual([]);
    // A token of punctuation only must occur as it is.
    expect(ids('snap ??')).toEqual([]);
  });
});

describe('filters and limit', () => {
  it('filters by jurisdiction and program_id exactly', () => {
    expect(ids('snap', { jurisdiction: 'us-co', limit: 50 }).every((id) => id.startsWith('us-co:'))).toBe(true);
    expect(ids('snap', { jurisdiction: 'us-c' })).toEqual([]);
    expect(ids('colorado', { program_id: 'statutes/39' })).toEqual(['us-co:statutes/39/39-22-104#colorado_income_tax_rate']);
  });

  it('returns at most limit results', () => {
    expect(ids('snap', { limit: 2 })).toHaveLength(2);
    expect(ids('snap', { limit: 0 })).toHaveLength(1);
  });
});

describe('ranking', () => {
  it('puts an exact name match first, then rules matching more tokens in their name', () => {
    expect(ids('snap standard utility allowance')[0]).toBe('us-co:regulations/10-ccr-2506-1/4.407.31#snap_standard_utility_allowance');
    const colorado = ids('colorado snap utility allowance');
    expect(colorado[0]).toBe('us-co:regulations/10-ccr-2506-1/4.407.31#colorado_snap_basic_utility_allowance_amount');
    expect(colorado.slice(0, 2).every((id) => id.startsWith('us-co:'))).toBe(true);
  });

  it('prefers tighter names, then orders ties by id', () => {
    expect(ids('colorado')).toEqual([
      'us-co:statutes/39/39-22-104#colorado_income_tax_rate',
      'us-co:regulations/10-ccr-2506-1/4.407.31#colorado_snap_basic_utility_allowance_amount',
      'us-co:regulations/10-ccr-2506-1/4.407.31#relation.member_of_household',
      'us-co:regulations/10-ccr-2506-1/4.407.31#sets_snap_standard_utility_allowance',
      'us-co:regulations/10-ccr-2506-1/4.407.31#snap_standard_utility_allowance',
      'us-co:regulations/10-ccr-2506-1/4.999',
    ]);
  });
});

describe('request validation', () => {
  it('trims the query and enforces 2-500 characters', () => {
    expect(toSearchQuery({ query: '  snap  ' }).query).toBe('snap');
    expect(() => toSearchQuery({ query: ' s ' })).toThrow(ServiceError);
    expect(() => toSearchQuery({ query: 'x'.repeat(501) })).toThrow(/2-500/);
  });

  it('defaults, clamps and rejects non-finite limits', () => {
    expect(toSearchQuery({ query: 'snap' }).limit).toBe(20);
    expect(toSearchQuery({ query: 'snap', limit: 500 }).limit).toBe(50);
    expect(toSearchQuery({ query: 'snap', limit: -3 }).limit).toBe(1);
    expect(() => toSearchQuery({ query: 'snap', limit: Number.POSITIVE_INFINITY })).toThrow(/finite/);
    expect(() => toSearchQuery({ query: 'snap', limit: Number.NaN })).toThrow(/finite/);
  });

  it('rejects filters over 120 characters', () => {
    expect(() => toSearchQuery({ query: 'snap', jurisdiction: 'x'.repeat(121) })).toThrow(/jurisdiction/);
    expect(() => toSearchQuery({ query: 'snap', program_id: 'x'.repeat(121) })).toThrow(/program_id/);
  });
});
